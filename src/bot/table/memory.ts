/**
 * What the table remembers of each game between moves, in this process: the current turn's
 * message (its id, the turn it shows, the lines told so far, the picture it carries, and the
 * interaction webhook that posted it, if any), whom it pinged last, and what each table shows
 * that is not written down yet. Lost at a restart: the table then carries on from the stored
 * message id, with fewer lines and no ping memory.
 *
 * A new table message is recorded the moment it is posted (publish.ts `record`), so that no
 * process loses track of a message whose buttons act. The steps edited into a turn's message
 * are written down in batches (`recordShownTables`, at each tick and at a stop), so that a move
 * within a turn is one write. Until written, this memory is the record: the catch-up asks it
 * before taking a table for behind. After a crash the tables not yet written down are shown
 * again at start-up, in a new message, and the older ones lose their buttons.
 */
import type { ShownTable } from '../../store/index.js';
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
  /** Shown but not written down yet, by game. */
  private readonly unwritten = new Map<string, ShownTable>();

  /**
   * The game's current turn message, if this process posted or adopted it: the one the database
   * names (`recordedId`), or one posted after it and not written down yet.
   */
  turn(gameId: string, recordedId: string | null): TurnRecord | null {
    const record = this.turns.get(gameId);
    if (!record) return null;
    if (record.messageId === recordedId) return record;
    const unwritten = this.unwritten.get(gameId);
    return unwritten?.messageId === record.messageId && (recordedId === null || isNewerMessage(record.messageId, recordedId)) ? record : null;
  }

  /** The table of `gameId` shows `stateId` on `messageId` now; written down at the next flush. */
  noteShown(gameId: string, messageId: string, stateId: number): void {
    this.unwritten.set(gameId, { gameId, messageId, stateId });
  }

  /** Whether this process showed `stateId` on the game's table and has not written it down yet. */
  showsUnwritten(gameId: string, stateId: number): boolean {
    return this.unwritten.get(gameId)?.stateId === stateId;
  }

  /** What to write down now; `written` once it is. */
  toWrite(): ShownTable[] {
    return [...this.unwritten.values()];
  }

  /** The game's table was written down as it stands (a message posted with nothing of the table in memory, and a game's last, are written at once). */
  recorded(gameId: string): void {
    this.unwritten.delete(gameId);
  }

  /** Forgets what was written, unless the table showed something newer meanwhile. */
  written(tables: readonly ShownTable[]): void {
    for (const table of tables) {
      const latest = this.unwritten.get(table.gameId);
      if (latest && latest.stateId === table.stateId && latest.messageId === table.messageId) this.unwritten.delete(table.gameId);
    }
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

  /** Forgets a game that ended (its final message is written down at once). */
  forget(gameId: string): void {
    this.turns.delete(gameId);
    this.pinged.delete(gameId);
    this.unwritten.delete(gameId);
  }
}

/** Whether Discord message `id` was posted after `than` (ids are snowflakes: later is larger). */
export function isNewerMessage(id: string, than: string): boolean {
  try {
    return BigInt(id) > BigInt(than);
  } catch {
    return false;
  }
}
