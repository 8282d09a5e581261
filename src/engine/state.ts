/**
 * Small shared facts about a state that the moves, the queries and the views all ask: whose
 * decision it is, a seat or a chain by name, prices, net worth. One home each.
 */
import { isPlayableTile, someTileMayBeUnplayable } from './analysis.js';
import { END_SIZE, isSafe, sharePrice } from './board.js';
import type { GameState, PlayerState, Rejection, RejectionCode, Standing } from './types.js';

export function seatOf(state: GameState, playerId: string): number {
  const players = state.players;
  for (let seat = 0; seat < players.length; seat++) if (players[seat]!.id === playerId) return seat;
  return -1;
}

/**
 * A chain's index by name, in any letter case ("tower" is Tower): the one rule for looking a
 * chain up by name. -1 for no such chain.
 */
export function chainIndex(state: { chains: readonly { name: string }[] }, name: string): number {
  const chains = state.chains;
  for (let index = 0; index < chains.length; index++) if (chains[index]!.name === name) return index;
  const wanted = name.toLowerCase();
  return state.chains.findIndex((chain) => chain.name.toLowerCase() === wanted);
}

export function priceOf(state: Pick<GameState, 'chains'>, chain: number): number {
  const definition = state.chains[chain];
  return definition ? sharePrice(definition.tier, definition.size) : 0;
}

export function isActive(state: Pick<GameState, 'chains'>, chain: number): boolean {
  return state.chains[chain]?.headquarters != null;
}

/** Whose decision it is now: a seat, or null once the game is over. */
export function decidingSeat(state: GameState): number | null {
  const phase = state.phase;
  switch (phase.kind) {
    case 'gameOver':
      return null;
    case 'merger': {
      const current = phase.merger.current;
      return current ? (current.holdersToDecide[0] ?? null) : phase.merger.mergemaker;
    }
    case 'tradeOffer':
      return phase.offer.to;
    default:
      return state.currentPlayer;
  }
}

export function hasPlayableTile(state: GameState, seat: number): boolean {
  const hand = state.players[seat]?.hand ?? [];
  if (hand.length > 0 && !someTileMayBeUnplayable(state.chains)) return true;
  for (const tile of hand) if (isPlayableTile(state.board, state.chains, tile)) return true;
  return false;
}

/** The end may be declared when a chain has 41+ tiles or every active chain (one at least) is safe. */
export function canDeclareEnd(state: GameState): boolean {
  let active = 0;
  let allSafe = true;
  for (const chain of state.chains) {
    if (chain.headquarters === null) continue;
    active++;
    if (chain.size >= END_SIZE) return true;
    if (!isSafe(chain.size)) allSafe = false;
  }
  return active > 0 && allSafe;
}

/** Whether the player in turn could buy at least one share now. */
export function canBuyAnything(state: GameState, seat: number): boolean {
  const cash = state.players[seat]?.cash ?? 0;
  for (const chain of state.chains) {
    if (chain.headquarters !== null && chain.bankShares > 0 && sharePrice(chain.tier, chain.size) <= cash) return true;
  }
  return false;
}

export function netWorth(state: GameState, seat: number): number {
  const player = state.players[seat];
  if (!player) return 0;
  let worth = player.cash;
  for (let chain = 0; chain < player.shares.length; chain++) {
    const count = player.shares[chain]!;
    if (count > 0) worth += count * priceOf(state, chain);
  }
  return worth;
}

/** Every player's net worth, by seat: a row of the net-worth history. */
export function netWorths(state: GameState): number[] {
  // A loop, not a map: this runs every turn of every playout, and closures cost here.
  const worths: number[] = [];
  for (let seat = 0; seat < state.players.length; seat++) worths.push(netWorth(state, seat));
  return worths;
}

/** The final standings: most cash first (seat order among equals), equal cash sharing a place. */
export function standingsOf(players: readonly Pick<PlayerState, 'id' | 'name' | 'cash'>[]): Standing[] {
  const standings = players
    .map((player, seat) => ({ seat, playerId: player.id, name: player.name, cash: player.cash, place: 1 }))
    .sort((a, b) => b.cash - a.cash || a.seat - b.seat);
  // Equal cash, equal place: each player's place is one more than the players with more cash.
  for (let rank = 1; rank < standings.length; rank++) {
    const standing = standings[rank]!;
    const above = standings[rank - 1]!;
    standing.place = standing.cash === above.cash ? above.place : rank + 1;
  }
  return standings;
}

/** "waiting for Ann to place a tile", for players who clicked out of turn. */
export function whatIsAwaited(state: GameState, showName: (name: string) => string = (name) => name): string {
  const seat = decidingSeat(state);
  const name = seat === null ? '' : showName(state.players[seat]?.name ?? '');
  switch (state.phase.kind) {
    case 'placeTile':
      return `waiting for ${name} to place a tile.`;
    case 'foundChain':
      return `waiting for ${name} to name the new chain.`;
    case 'merger': {
      const merger = state.phase.merger;
      const defunct = merger.current && state.chains[merger.current.chain]?.name;
      // Hidden holdings: naming the holder deciding would tell who holds the chain.
      if (merger.current && state.options.holdings === 'hidden') return `waiting for a holder of ${defunct} to decide about their shares.`;
      if (merger.current) return `waiting for ${name} to decide about their ${defunct} shares.`;
      return merger.survivor === null ? `waiting for ${name} to choose the surviving chain.` : `waiting for ${name} to choose which chain is wound up next.`;
    }
    case 'buyShares':
      return `waiting for ${name} to buy shares.`;
    case 'tradeOffer':
      return `waiting for ${name} to answer a trade offer.`;
    case 'gameOver':
      return 'the game is over.';
  }
}

export function reject(code: RejectionCode, message: string): Rejection {
  return { ok: false, code, message };
}
