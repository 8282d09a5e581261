/**
 * Trades between players (the trades option), for the computer players. An offer is answered by
 * what it does to the player's standing (its equity less the best other's, evaluate.ts),
 * averaged over a few worlds dealt from its view: accepted when it gains at least `MARGIN`.
 * In its own turn, before placing, a player may make one offer: among simple ones (one or two
 * shares of a chain bought from or sold to another player, for cash at or a quarter above the
 * share price) the one that raises its own standing most, provided it also raises the other
 * side's by `MARGIN` in the same worlds (an offer the other would decline is not worth making).
 * Everything is worked out from the view: with hidden holdings the others' cash and shares are
 * the worlds' guesses, never what they really hold, and only offers the engine is sure to take
 * are made (a computer's refused move would leave its seat waiting).
 */
import { toCore } from '../engine/core/convert.js';
import type { CoreGame } from '../engine/core/game.js';
import { SHARES_PER_CHAIN, acceptShortfall, currentDecision, type Action, type GameState, type GameView, type Holdings } from '../engine/index.js';
import { determinize } from './determinize.js';
import { standing } from './evaluate.js';

/** Worlds a trade is weighed in. */
const WORLDS = 4;
/** The least gain in standing ($) that makes a trade worth accepting or offering. */
const MARGIN = 100;
const PRICE_FACTORS = [1, 1.25];

/** One side of a simple trade: `count` shares of `chain` against `cash`, shares going from `seller` to `buyer`. */
interface Deal {
  seller: number;
  buyer: number;
  chain: number;
  count: number;
  cash: number;
}

/**
 * What the computer player in `view` does about trades now: its answer to an offer made to it,
 * the offer it makes (when `offers` and it is its turn to place and it has made none this turn),
 * or null when trades have nothing to do with this decision.
 */
export function tradeAction(view: GameView, seed: number, offers: boolean): Action | null {
  const me = view.viewerSeat!;
  const id = view.players[me]!.id;
  if (view.phase.kind === 'tradeOffer') {
    if (view.phase.offer.to !== me) return null;
    return { type: 'answerTrade', player: id, accept: acceptShortfall(view) === null && offerGain(view, seed) >= MARGIN };
  }
  if (!offers || !view.options.trades || view.phase.kind !== 'placeTile' || view.phase.tradeOffers > 0 || view.currentPlayer !== me) return null;
  const worlds = worldsOf(view, seed);
  const decision = currentDecision(worlds[0]!.state);
  if (decision.kind !== 'placeTile' || !decision.mayOfferTrade) return null;
  let best: { deal: Deal; gain: number } | null = null;
  for (const deal of candidateDeals(view)) {
    let mine = 0;
    let theirs = 0;
    const other = deal.seller === me ? deal.buyer : deal.seller;
    for (const world of worlds) {
      const after = world.game.clone();
      if (!transfer(after, deal)) {
        theirs = -Infinity; // the other side cannot afford it in this world: likely refused
        break;
      }
      mine += standing(after, me) - world.mine;
      theirs += standing(after, other) - world.standings[other]!;
    }
    mine /= worlds.length;
    theirs /= worlds.length;
    if (mine >= MARGIN && theirs >= MARGIN && (!best || mine > best.gain)) best = { deal, gain: mine };
  }
  if (!best) return null;
  const { deal } = best;
  const shares: Holdings = { cash: 0, shares: { [view.chains[deal.chain]!.name]: deal.count } };
  const cash: Holdings = { cash: deal.cash, shares: {} };
  const buying = deal.buyer === me;
  const other = buying ? deal.seller : deal.buyer;
  return { type: 'offerTrade', player: id, to: view.players[other]!.id, give: buying ? cash : shares, receive: buying ? shares : cash };
}

interface World {
  state: GameState;
  game: CoreGame;
  mine: number;
  standings: number[];
}

/** A few worlds dealt from the view, as they stand before placing (an offer under way set aside). */
function worldsOf(view: GameView, seed: number): World[] {
  const me = view.viewerSeat!;
  return Array.from({ length: WORLDS }, (_, index) => {
    const state = determinize(view, (seed + index * 0x85ebca6b) >>> 0);
    if (state.phase.kind === 'tradeOffer') state.phase = { kind: 'placeTile', redrawn: state.phase.redrawn, tradeOffers: state.phase.tradeOffers };
    const game = toCore(state);
    return { state, game, mine: standing(game, me), standings: state.players.map((_, seat) => standing(game, seat)) };
  });
}

/** The viewer's average gain in standing from accepting the offer made to it. */
function offerGain(view: GameView, seed: number): number {
  if (view.phase.kind !== 'tradeOffer') return -Infinity;
  const { offer } = view.phase;
  const me = view.viewerSeat!;
  let gain = 0;
  const worlds = worldsOf(view, seed);
  for (const world of worlds) {
    const after = world.game.clone();
    // The offerer's side goes to the viewer, the viewer's to the offerer. The engine took the
    // offer, so the offerer has what it gives, whatever this world guessed.
    topUp(after, offer.from, offer.give, view);
    if (!move(after, offer.from, me, offer.give, view) || !move(after, me, offer.from, offer.receive, view)) return -Infinity;
    gain += standing(after, me) - world.mine;
  }
  return gain / worlds.length;
}

/** Gives `seat` in a world at least `holdings` (the bank's counts aside: a guess corrected). */
function topUp(game: CoreGame, seat: number, holdings: Holdings, view: GameView): void {
  game.cash[seat] = Math.max(game.cash[seat]!, holdings.cash);
  const chains = game.rules.chains;
  for (const [name, count] of Object.entries(holdings.shares)) {
    const chain = view.chains.findIndex((candidate) => candidate.name === name);
    const missing = chain < 0 ? 0 : count - game.shares[seat * chains + chain]!;
    if (missing <= 0) continue;
    game.shares[seat * chains + chain]! += missing;
    game.stockValue[seat]! += missing * game.price(chain);
  }
}

/** Moves `holdings` from one seat to another in a world; false when the giver lacks them there. */
function move(game: CoreGame, from: number, to: number, holdings: Holdings, view: GameView): boolean {
  if (game.cash[from]! < holdings.cash) return false;
  shiftCash(game, from, to, holdings.cash);
  for (const [name, count] of Object.entries(holdings.shares)) {
    const chain = view.chains.findIndex((candidate) => candidate.name === name);
    if (chain < 0 || !shiftShares(game, from, to, chain, count)) return false;
  }
  return true;
}

function transfer(game: CoreGame, deal: Deal): boolean {
  if (game.cash[deal.buyer]! < deal.cash) return false;
  if (!shiftShares(game, deal.seller, deal.buyer, deal.chain, deal.count)) return false;
  shiftCash(game, deal.buyer, deal.seller, deal.cash);
  return true;
}

function shiftCash(game: CoreGame, from: number, to: number, cash: number): void {
  game.cash[from]! -= cash;
  game.cash[to]! += cash;
}

/** Shares between two seats in a world, their stock values kept in step (as the core's own moves do). */
function shiftShares(game: CoreGame, from: number, to: number, chain: number, count: number): boolean {
  const chains = game.rules.chains;
  if (game.shares[from * chains + chain]! < count) return false;
  game.shares[from * chains + chain]! -= count;
  game.shares[to * chains + chain]! += count;
  const value = count * game.price(chain);
  game.stockValue[from]! -= value;
  game.stockValue[to]! += value;
  return true;
}

/** The simple offers the viewer could make: what it can hand over, by its own view. */
function candidateDeals(view: GameView): Deal[] {
  const me = view.viewerSeat!;
  const mine = view.players[me]!;
  const deals: Deal[] = [];
  view.chains.forEach((chain, index) => {
    if (!chain.active) return;
    for (const other of view.players) {
      if (other.seat === me) continue;
      for (const count of [1, 2]) {
        for (const factor of PRICE_FACTORS) {
          const cash = Math.round((count * chain.price * factor) / 100) * 100;
          // Only offers the engine takes: open holdings, what the other side has; hidden, shares
          // the others hold between them (the bank's count tells), and no asking for cash,
          // which the others might not have between them.
          const heldByOthers = other.shares === null ? SHARES_PER_CHAIN - (chain.bankShares ?? SHARES_PER_CHAIN) - mine.shares![index]! : other.shares[index]!;
          if ((mine.cash ?? 0) >= cash && heldByOthers >= count) deals.push({ seller: other.seat, buyer: me, chain: index, count, cash });
          if (mine.shares![index]! >= count && other.cash !== null && other.cash >= cash)
            deals.push({ seller: me, buyer: other.seat, chain: index, count, cash });
        }
      }
    }
  });
  return deals;
}
