/**
 * The baseline computer player, exactly as docs/ai-baseline.md specifies it (rule by rule,
 * ties to the first candidate in the order named). It is the yardstick our own players are
 * measured against, not a player the bot offers: do not tune it.
 *
 * It is written once, on the engine's integer core, because the hard player's playouts ask it
 * (`baselineMove`) for every move of thousands of games a decision; `baselineAction` asks it
 * about a JSON state.
 * test/ai/baseline.test.ts holds it to the choices it made before it moved onto the core.
 *
 * It reads only what its player may see (a state determinized from its view serves, since it
 * looks at its own hand, its own holdings and public facts only).
 */
import { supportsCore, toAction, toCore } from '../engine/core/convert.js';
import {
  BUY_SHARES,
  FOUNDS,
  FOUND_CHAIN,
  GROWS,
  MERGER,
  MERGES,
  NO_ACTION,
  PLACE_TILE,
  UNPLAYABLE,
  buyAction,
  declareEndAction,
  disposeAction,
  foundAction,
  nextDefunctAction,
  placeAction,
  redrawAction,
  skipAction,
  survivorAction,
  type CoreGame,
} from '../engine/core/game.js';
import { HAND_SIZE } from '../engine/board.js';
import { decidingSeat, type Action, type GameState } from '../engine/index.js';

export function baselineAction(state: GameState, seat: number): Action | null {
  if (decidingSeat(state) !== seat) return null;
  if (!supportsCore(state)) return { type: 'answerTrade', player: state.players[seat]!.id, accept: false }; // declines every offer
  const game = toCore(state);
  return toAction(game, baselineMove(game), state);
}

/** The baseline's move for whoever decides in `game` (NO_ACTION once the game is over). */
export function baselineMove(game: CoreGame): number {
  const seat = game.decidingSeat();
  switch (game.phase) {
    case PLACE_TILE:
      return placement(game, seat);
    case FOUND_CHAIN:
      return founding(game, seat);
    case MERGER:
      return merger(game, seat);
    case BUY_SHARES:
      if (!game.endDeclared && game.canDeclareEnd() && highestNetWorth(game, seat)) return declareEndAction();
      return basket(game, seat);
    default:
      return NO_ACTION;
  }
}

/** Shares of `chain` the seat holds. (A tier's rank, cheap 0 to expensive 2, is the core's tier number.) */
const held = (game: CoreGame, seat: number, chain: number): number => game.shares[seat * game.rules.chains + chain]!;

function placement(game: CoreGame, seat: number): number {
  let best = -1;
  let bestScore = -Infinity;
  for (let position = 0; position < game.handLength[seat]!; position++) {
    const cell = game.hands[seat * HAND_SIZE + position]!;
    const outcome = game.classify(cell);
    if (outcome === UNPLAYABLE) continue;
    let score = 0;
    if (outcome === FOUNDS) score = 100;
    else if (outcome === GROWS) {
      const count = held(game, seat, game.adjacent[0]!);
      score = count > 0 ? 50 + 5 * count : 0;
    } else if (outcome === MERGES) {
      // The survivor: the largest adjacent chain, the first in the engine's chain order on a tie.
      let survivor = -1;
      for (let i = 0; i < game.adjacentCount; i++) {
        const chain = game.adjacent[i]!;
        if (survivor < 0 || game.size[chain]! > game.size[survivor]! || (game.size[chain] === game.size[survivor] && chain < survivor)) survivor = chain;
      }
      if (held(game, seat, survivor) > 0) score += 30 + 3 * held(game, seat, survivor);
      let others = 0;
      for (let i = 0; i < game.adjacentCount; i++) if (game.adjacent[i] !== survivor) others += held(game, seat, game.adjacent[i]!);
      if (others > 0) score += 20 + 2 * others;
    }
    if (score > bestScore) {
      best = cell;
      bestScore = score;
    }
  }
  if (best >= 0) return placeAction(best);
  return game.mayRedraw() ? redrawAction() : skipAction();
}

function founding(game: CoreGame, seat: number): number {
  const cheapFirst = game.cash[seat]! < 1500;
  for (let step = 0; step < 3; step++) {
    const tier = cheapFirst ? step : 2 - step;
    for (let chain = 0; chain < game.rules.chains; chain++) if (game.rules.tiers[chain] === tier && !game.isActive(chain)) return foundAction(chain);
  }
  return NO_ACTION;
}

function merger(game: CoreGame, seat: number): number {
  if (game.survivor < 0) {
    const candidates = game.largest(game.mergerChains, game.mergerChainCount);
    let best = game.candidate(0);
    let bestScore = -Infinity;
    for (let i = 0; i < candidates; i++) {
      const chain = game.candidate(i);
      const score = 10 * held(game, seat, chain) + game.rules.tiers[chain]!;
      if (score > bestScore) {
        best = chain;
        bestScore = score;
      }
    }
    return survivorAction(best);
  }
  if (game.defunct < 0) {
    game.largest(game.pendingDefunct, game.pendingCount);
    return nextDefunctAction(game.candidate(0));
  }
  // Sell, trade or keep: one survivor share against two defunct ones at the pre-merger price.
  const count = held(game, seat, game.defunct);
  const maxTrade = Math.min(count - (count % 2), game.bankShares[game.survivor]! * 2);
  if (game.price(game.survivor) > 2 * game.defunctPrice() && maxTrade > 0) return disposeAction(0, maxTrade);
  return disposeAction(count, 0);
}

const TIER_BUYING_BONUS = [0, 5, 10];

function basket(game: CoreGame, seat: number): number {
  const cash = game.cash[seat]!;
  const cart = [0, 0, 0];
  let count = 0;
  let spent = 0;
  for (let pick = 0; pick < 3; pick++) {
    let best = -1;
    let bestScore = -Infinity;
    for (let chain = 0; chain < game.rules.chains; chain++) {
      if (!game.isActive(chain)) continue;
      let inCart = 0;
      for (let i = 0; i < count; i++) if (cart[i] === chain) inCart++;
      const price = game.price(chain);
      if (game.bankShares[chain]! - inCart <= 0 || price > cash - spent) continue;
      const shares = held(game, seat, chain);
      let score = 0;
      if (shares > 0) score += 20 + 3 * shares;
      if (inCart === 0) score += 15;
      score += 2 * game.size[chain]!;
      if (cash < 2000) score += (1200 - price) / 100;
      score += TIER_BUYING_BONUS[game.rules.tiers[chain]!]!;
      if (score > bestScore) {
        best = chain;
        bestScore = score;
      }
    }
    if (best < 0) break;
    cart[count++] = best;
    spent += game.price(best);
  }
  return buyAction(count, cart[0], cart[1], cart[2]);
}

/** Its net worth is the highest at the table (ties count); with hidden holdings it cannot tell, so yes. */
function highestNetWorth(game: CoreGame, seat: number): boolean {
  if (game.rules.hiddenHoldings) return true;
  const mine = game.netWorth(seat);
  for (let other = 0; other < game.rules.players; other++) if (game.netWorth(other) > mine) return false;
  return true;
}
