/**
 * main's playout policies at fb125c2 (src/ai/playout.ts then), frozen for bench/hard-old/hard.ts.
 * As it was:
 *
 * How the hard player's playouts choose moves, on the engine's integer core. A playout is a guess
 * at how the game goes on, so no seat is assumed to play one exact way: each world gives every
 * other seat one of a few policies at random (`opponentPolicy`), the baseline's rules with a
 * little or much noise, or a buyer that contests majorities, and its own seat, for the rest of the
 * turn under search, the medium player's one-move look-ahead (`greedyMove`), then the baseline's
 * rules with a little noise. None of them reads anything but the world it plays in (a world dealt
 * from the hard player's view, src/ai/determinize.ts).
 */
import { actionKind, BUY_SHARES, buyAction, type CoreGame, DECLARE_END } from '../../src/engine/core/game.js';
import { CoreRandomPlayer } from '../../src/engine/core/random-player.js';
import { advance, valueAt } from '../../src/engine/rng.js';
import { baselineMove } from '../../src/ai/baseline.js';
import { greedyMove } from '../../src/ai/playout.js';

export type CorePolicy = (game: CoreGame) => number;

/** `policy`'s move, or now and then (`noise`) a random legal one. */
export function noisy(policy: CorePolicy, noise: number, seed: number): CorePolicy {
  const random = new CoreRandomPlayer(seed);
  let rng = (seed ^ 0x2545f491) >>> 0;
  return (game) => {
    rng = advance(rng);
    return valueAt(rng) < noise ? random.chooseAction(game) : policy(game);
  };
}

// greedyMove: src/ai/playout.ts's (it picks what main's picked, faster: test/ai/hard.test.ts).

const held = (game: CoreGame, seat: number, chain: number): number => game.shares[seat * game.rules.chains + chain]!;

/**
 * A buyer that contests majorities: the baseline's rules except when buying, where it buys up
 * to three shares of chains whose first or second place it can take or keep, the larger chains
 * first, and keeps its cash rather than buy where it is far ahead or far behind.
 */
export function contestMove(game: CoreGame): number {
  const move = baselineMove(game);
  if (game.phase !== BUY_SHARES || actionKind(move) === DECLARE_END) return move;
  const seat = game.currentPlayer;
  const { chains, players } = game.rules;
  const cart = [0, 0, 0];
  let count = 0;
  let cash = game.cash[seat]!;
  for (let pick = 0; pick < 3; pick++) {
    let best = -1;
    let bestScore = 0;
    for (let chain = 0; chain < chains; chain++) {
      if (!game.isActive(chain)) continue;
      let inCart = 0;
      for (let i = 0; i < count; i++) if (cart[i] === chain) inCart++;
      const price = game.price(chain);
      if (game.bankShares[chain]! - inCart <= 0 || price > cash) continue;
      const mine = held(game, seat, chain) + inCart;
      let first = 0;
      let second = 0;
      for (let other = 0; other < players; other++) {
        if (other === seat) continue;
        const theirs = held(game, other, chain);
        if (theirs > first) [first, second] = [theirs, first];
        else if (theirs > second) second = theirs;
      }
      // Worth buying: one share short of (or level with) first or second place, or just ahead of it.
      const contested = Math.abs(mine + 1 - first) <= 1 || (mine < first && Math.abs(mine + 1 - second) <= 1);
      if (!contested) continue;
      const score = 10 + game.size[chain]! + 3 * game.rules.tiers[chain]! - price / 400;
      if (score > bestScore) [best, bestScore] = [chain, score];
    }
    if (best < 0) break;
    cart[count++] = best;
    cash -= game.price(best);
  }
  return buyAction(count, cart[0], cart[1], cart[2]);
}

/** One of the policies an opponent may follow in a playout, drawn by `draw` (0 to 1). */
export function opponentPolicy(draw: number, seed: number, noise: number): CorePolicy {
  if (draw < 0.5) return noisy(baselineMove, noise, seed);
  if (draw < 0.75) return noisy(contestMove, noise, seed);
  return noisy(baselineMove, Math.min(1, 3 * noise), seed);
}

/**
 * The policy of one playout: `seat` looks one move ahead for the rest of the turn under search
 * (`turn`), then follows the baseline's rules with `noise`; each other seat follows the policy
 * this world drew for it.
 */
export function playoutPolicy(game: CoreGame, seat: number, noise: number, seed: number): CorePolicy {
  const turn = game.turn;
  let rng = (seed ^ 0x68e31da4) >>> 0;
  const policies: CorePolicy[] = [];
  for (let other = 0; other < game.rules.players; other++) {
    rng = advance(rng);
    const own = (seed + 0x632be5ab * (other + 1)) >>> 0;
    policies.push(other === seat ? noisy(baselineMove, noise, own) : opponentPolicy(valueAt(rng), own, noise));
  }
  return (current) => {
    const decider = current.decidingSeat();
    if (decider === seat && current.turn === turn) return greedyMove(current, seat);
    return policies[decider]!(current);
  };
}
