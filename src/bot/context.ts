/** What every handler needs: the Discord client, the database, the log, the clock and the table's buttons. */
import type { ButtonBuilder, Client, REST } from 'discord.js';
import type { WorkerPool } from '../ai/pool.js';
import type { Locale } from '../i18n/index.js';
import type { ActiveGame, FinishedGame, PrismaClient } from '../store/index.js';
import type { Panel } from './layout.js';
import type { Logger } from './logger.js';
import type { BotMetrics } from './metrics.js';
import type { TableMemory } from './table/memory.js';
import type { SummaryEdits } from './table/summary-edits.js';
import type { TableTransport } from './table/transport.js';

/**
 * What the feature files (src/bot/features/) contribute to messages built elsewhere, handed
 * over here so that the game flow can show panels and public buttons without importing the
 * features that handle their clicks (which import the game flow).
 */
export interface TableUi {
  /** The private panel for what `userId` must decide now, in their language. */
  panel(game: ActiveGame, userId: string, locale: Locale): Panel;
  /** The buttons on the game's public message: who decides opens their panel from there. */
  tableButtons(game: ActiveGame): ButtonBuilder[];
  /** The buttons on a finished game's final message (a rematch). */
  finalButtons(game: FinishedGame): ButtonBuilder[];
}

export interface BotContext {
  client: Client;
  /** The bot's own channel posts and edits, with its token: a queue apart from interaction answers (src/bot/table/transport.ts). */
  channelRest: REST;
  db: PrismaClient;
  log: Logger;
  /** The time now; tests replace it to drive turn time limits. */
  now: () => Date;
  /** The seed a started game deals from; absent, the store draws one at random. */
  gameSeed?: () => number;
  locks: GameLocks;
  ui: TableUi;
  /** The table's REST queues: bot-token posts apart from interaction answers. */
  transport: TableTransport;
  /** Each game's current turn message and last ping, in this process. */
  table: TableMemory;
  /** When each game's summary in its channel is edited (at most once every few seconds while it plays). */
  summaries: SummaryEdits;
  /** Worker threads for the computer players' thinking and the pictures: never on this event loop. */
  workers: WorkerPool;
  /** How long a computer player waits before its move, so that people can follow. */
  computerMoveDelayMs: number;
  /** Work started by an event that outlives it (computer players' turns); `stop` waits for it. */
  background: Set<Promise<unknown>>;
  /** How long a game's table may lag behind it before the tick shows it (an announcement in flight is not raced). */
  catchUpAfterMs: number;
  /** How long a click whose feature may answer late waits for its answer before it is acknowledged (see `answerInTime`). */
  slowAnswerAfterMs: number;
  /** True once the bot is stopping: background work ends after its current step. */
  stopping: boolean;
  /** What `/metrics` shows of this process (src/bot/metrics.ts). */
  metrics: BotMetrics;
}

/**
 * Runs `work` for one game at a time in this process, so that announcements of consecutive
 * moves go out in order. Across processes the store's state-id guard keeps moves correct.
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

  /** Resolves once no game's work is queued or running (tests wait for the table this way). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.allSettled([...this.tails.values()]);
  }
}
