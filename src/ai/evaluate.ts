/**
 * How good a position is for one seat, without playing it out: net worth plus a share of the
 * bonuses its majority and minority positions would earn if every chain were paid now, minus
 * the best such figure among the others (Acquire is won on rank, not on cash). Worked out on the
 * engine's integer core, where the medium player scores every legal move and the hard player
 * every playout's end.
 */
import { bonusAmounts } from '../engine/bonuses.js';
import { GAME_OVER, TIERS, type CoreGame } from '../engine/core/game.js';

/** Weight of a bonus not yet paid: chains are merged or the game ends, but not all soon. */
export const BONUS_WEIGHT = 0.6;

/** Scratch for one chain's holdings and bonuses (one position is scored at a time on a thread). */
let holdings = new Int32Array(0);
let bonuses = new Int32Array(0);

export function equity(game: CoreGame, seat: number): number {
  if (game.phase === GAME_OVER) return game.cash[seat]!; // the final standings' cash
  let value = game.netWorth(seat);
  const { players, chains } = game.rules;
  if (holdings.length !== players) {
    holdings = new Int32Array(players);
    bonuses = new Int32Array(players);
  }
  for (let chain = 0; chain < chains; chain++) {
    if (!game.isActive(chain)) continue;
    for (let holder = 0; holder < players; holder++) holdings[holder] = game.shares[holder * chains + chain]!;
    bonusAmounts(game.rules.bonusMode, TIERS[game.rules.tiers[chain]!]!, game.size[chain]!, holdings, bonuses);
    if (bonuses[seat]! > 0) value += BONUS_WEIGHT * bonuses[seat]!;
  }
  return value;
}

/** The seat's equity less the best of the others'. */
export function standing(game: CoreGame, seat: number): number {
  const mine = equity(game, seat);
  let best = -Infinity;
  for (let other = 0; other < game.rules.players; other++) if (other !== seat) best = Math.max(best, equity(game, other));
  return mine - best;
}

/** A finished game's result for one seat: 1 for a win, 1/k for a k-way tie for first, else 0. */
export function winShare(game: CoreGame, seat: number): number {
  if (game.phase !== GAME_OVER) return 0;
  let most = -Infinity;
  for (let other = 0; other < game.rules.players; other++) most = Math.max(most, game.cash[other]!);
  if (game.cash[seat]! < most) return 0;
  let first = 0;
  for (let other = 0; other < game.rules.players; other++) if (game.cash[other] === most) first++;
  return 1 / first;
}
