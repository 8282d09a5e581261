/**
 * How good a position is for one seat, without playing it out: net worth plus a share of the
 * bonuses its majority and minority positions would earn if every chain were paid now, minus
 * the best such figure among the others (Acquire is won on rank, not on cash).
 */
import { distributeBonuses, netWorth, type GameState } from '../engine/index.js';

/** Weight of a bonus not yet paid: chains are merged or the game ends, but not all soon. */
const BONUS_WEIGHT = 0.6;

export function equity(state: GameState, seat: number): number {
  if (state.result) return state.result.standings.find((standing) => standing.seat === seat)?.cash ?? 0;
  let value = netWorth(state, seat);
  state.chains.forEach((chain, index) => {
    if (chain.headquarters === null) return;
    const holdings = state.players.map((player, holder) => ({ holder, shares: player.shares[index] ?? 0 }));
    for (const payout of distributeBonuses(state.options.bonusMode, chain.tier, chain.size, holdings)) {
      if (payout.holder === seat) value += BONUS_WEIGHT * payout.amount;
    }
  });
  return value;
}

/** The seat's equity less the best of the others'. */
export function standing(state: GameState, seat: number): number {
  const mine = equity(state, seat);
  let best = -Infinity;
  for (let other = 0; other < state.players.length; other++) if (other !== seat) best = Math.max(best, equity(state, other));
  return mine - best;
}

/** A finished game's result for one seat: 1 for a win, 1/k for a k-way tie for first, else 0. */
export function winShare(state: GameState, seat: number): number {
  const standings = state.result?.standings ?? [];
  const first = standings.filter((entry) => entry.place === 1);
  return first.some((entry) => entry.seat === seat) ? 1 / first.length : 0;
}
