/** What every handler needs: the Discord client, the database, the log and the clock. */
import type { Client } from 'discord.js';
import type { PrismaClient } from '../store/index.js';
import type { Logger } from './logger.js';

export interface BotContext {
  client: Client;
  db: PrismaClient;
  log: Logger;
  /** The time now; tests replace it to drive turn time limits. */
  now: () => Date;
  locks: GameLocks;
}

/**
 * Runs `work` for one game at a time in this process, so that announcements of consecutive
 * moves go out in order. Across processes the store's version guard keeps moves correct.
 */
export class GameLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(gameId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(gameId) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(gameId, tail);
    void tail.then(() => {
      if (this.tails.get(gameId) === tail) this.tails.delete(gameId);
    });
    return result;
  }
}
