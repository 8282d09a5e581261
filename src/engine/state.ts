/**
 * Small shared facts about a state that the moves, the queries and the views all ask: whose
 * decision it is, a seat or a chain by name, prices, net worth. One home each.
 */
import { isPlayableTile } from './analysis.js';
import { END_SIZE, isSafe, sharePrice } from './board.js';
import type { GameState, Rejection, RejectionCode } from './types.js';

export function seatOf(state: GameState, playerId: string): number {
  return state.players.findIndex((player) => player.id === playerId);
}

/**
 * A chain's index by name, in any letter case ("tower" is Tower): the one rule for looking a
 * chain up by name. -1 for no such chain.
 */
export function chainIndex(state: { chains: readonly { name: string }[] }, name: string): number {
  const exact = state.chains.findIndex((chain) => chain.name === name);
  if (exact >= 0) return exact;
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
  return (state.players[seat]?.hand ?? []).some((tile) => isPlayableTile(state.board, state.chains, tile));
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
  return state.chains.some((chain, index) => isActive(state, index) && chain.bankShares > 0 && priceOf(state, index) <= cash);
}

export function netWorth(state: GameState, seat: number): number {
  const player = state.players[seat];
  if (!player) return 0;
  return player.shares.reduce((sum, count, chain) => sum + count * priceOf(state, chain), player.cash);
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
      return merger.survivor === null
        ? `waiting for ${name} to choose the surviving chain.`
        : `waiting for ${name} to choose which chain is wound up next.`;
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
