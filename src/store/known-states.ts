/**
 * The games' states this process has lately read or written, already parsed and checked, so
 * that reading a game again at the same state id does not fetch, parse and check its state once
 * more: every click reads its game (the panel, each step of a turn, the cart), and most find it
 * as the last click or move left it. `getGame` tells the database which state it knows, and the
 * row then comes back without its state when that state is still the game's.
 *
 * Safe because a state id names one state of a game for good: a move writes the next id, the
 * start writes the first, and nothing rewrites a state in place. The row's creation time is part
 * of the key, so that a game deleted and made again under the same id (test fixtures) is not
 * taken for the old one. Only the state is reused: the rest of the row (the table message, the
 * clock, the seats) is read every time.
 *
 * `npm run bench store`, its read line (2026-11-28, medians of three runs): 118 µs of the
 * reading process's CPU for a game whose state it knows, against 175 for one whose it does not.
 */
import type { GameState } from '../engine/index.js';

/**
 * Games whose states are kept: the load bench's 200 games in play at once, and a few MB (about 4
 * at 200 games). With more games than that in play, those read least recently are read whole.
 */
export const KNOWN_GAMES = 256;

export interface KnownState {
  stateId: number;
  createdAt: Date;
  state: GameState;
}

/** What `getGame` sends when it knows no state of the game: matches no row. */
export const NO_KNOWN_STATE: Omit<KnownState, 'state'> = { stateId: -1, createdAt: new Date(0) };

export class KnownStates {
  /** In the order last used (a `Map` keeps insertion order), the least recently used first. */
  private readonly games = new Map<string, KnownState>();

  /** The game's known state, if any: the caller keeps it until its read comes back (another read may push it out meanwhile). */
  get(gameId: string): KnownState | null {
    return this.games.get(gameId) ?? null;
  }

  /** `state` is the game's now (read and checked, or just written). */
  remember(gameId: string, createdAt: Date, state: GameState): void {
    this.games.delete(gameId);
    this.games.set(gameId, { stateId: state.stateId, createdAt, state });
    if (this.games.size > KNOWN_GAMES) this.games.delete(this.games.keys().next().value as string);
  }
}

const byClient = new WeakMap<object, KnownStates>();

/**
 * The known states of the games read through `db`, or null for a transaction's client (a
 * transaction reads what it is about to change: always the whole row).
 */
export function knownStatesOf(db: object): KnownStates | null {
  if (!('$transaction' in db)) return null;
  let known = byClient.get(db);
  if (!known) byClient.set(db, (known = new KnownStates()));
  return known;
}
