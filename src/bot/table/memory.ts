/**
 * What the table remembers of each game between moves, in this process: the current turn's
 * message (its id, the turn it shows, the lines told so far, the picture it carries, and the
 * interaction webhook that posted it, if any) and whom it pinged last. Lost at a restart: the
 * table then carries on from the stored message id, with fewer lines and no ping memory.
 */
import type { Via } from './transport.js';

export interface TurnRecord {
  channelId: string;
  messageId: string;
  /** The engine turn the message shows, and the seat whose turn it is. */
  turn: number;
  turnSeat: number;
  /** What happened this turn so far, oldest first. */
  lines: string[];
  /** `pictureKey` of the board picture the message carries. */
  picture: string;
  /** The user whose decision the message last showed (null: none). */
  decider: string | null;
  /** The interaction webhook that posted the message (edits through it cost nothing against the global limit). */
  via: Via | null;
}

export class TableMemory {
  private readonly turns = new Map<string, TurnRecord>();
  private readonly pinged = new Map<string, string>();

  /** The game's current turn message, if this process posted or adopted it as `messageId`. */
  turn(gameId: string, messageId: string | null): TurnRecord | null {
    const record = this.turns.get(gameId);
    return record && record.messageId === messageId ? record : null;
  }

  setTurn(gameId: string, record: TurnRecord): void {
    this.turns.set(gameId, record);
  }

  lastPinged(gameId: string): string | null {
    return this.pinged.get(gameId) ?? null;
  }

  notePing(gameId: string, userId: string): void {
    this.pinged.set(gameId, userId);
  }

  /** Forgets a game that ended. */
  forget(gameId: string): void {
    this.turns.delete(gameId);
    this.pinged.delete(gameId);
  }
}
