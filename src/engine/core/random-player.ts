/**
 * `RandomPlayer` on the integer core: the same draws from the same seeded source in the same
 * order, so from the same seed it makes the same choices (test/engine/core.test.ts plays the
 * recorded games with it) in games without trades; it never offers one. What the engine
 * benchmark's "integer core" line measures, and the noise in the hard player's playouts.
 */
import { HAND_SIZE } from '../board.js';
import { advance, valueAt } from '../rng.js';
import {
  BUY_SHARES,
  type CoreGame,
  FOUND_CHAIN,
  MERGER,
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
} from './game.js';

export class CoreRandomPlayer {
  private readonly playable = new Int32Array(HAND_SIZE);
  private readonly basketChains = new Int32Array(3);

  constructor(private rng: number) {}

  private int(bound: number): number {
    this.rng = advance(this.rng);
    return Math.floor(valueAt(this.rng) * bound);
  }

  /** A legal action for whoever decides now (NO_ACTION once the game is over). */
  chooseAction(game: CoreGame): number {
    switch (game.phase) {
      case PLACE_TILE:
        return this.placement(game);
      case FOUND_CHAIN: {
        let pick = this.int(game.freeChains);
        for (let chain = 0; chain < game.rules.chains; chain++) if (!game.isActive(chain) && pick-- === 0) return foundAction(chain);
        return NO_ACTION;
      }
      case MERGER:
        return this.merger(game);
      case BUY_SHARES:
        if (!game.endDeclared && game.canDeclareEnd() && this.int(2) === 0) return declareEndAction();
        return this.basket(game);
      default:
        return NO_ACTION;
    }
  }

  private placement(game: CoreGame): number {
    const seat = game.currentPlayer;
    const length = game.handLength[seat]!;
    // Most turns every tile is playable (fewer than two safe chains, and a chain still free to
    // found): the draw picks straight from the hand, as it would from the list of playable
    // tiles, which is then the hand itself.
    if (length > 0 && !game.someTileMayBeUnplayable()) return placeAction(game.hands[seat * HAND_SIZE + this.int(length)]!);
    let count = 0;
    for (let position = 0; position < length; position++) {
      const cell = game.hands[seat * HAND_SIZE + position]!;
      if (game.classify(cell) !== UNPLAYABLE) this.playable[count++] = cell;
    }
    if (count > 0) return placeAction(this.playable[this.int(count)]!);
    // No playable tile: `legalActions` offers skipping, then redrawing when allowed.
    const mayRedraw = game.mayRedraw();
    return this.int(mayRedraw ? 2 : 1) === 0 ? skipAction() : redrawAction();
  }

  private merger(game: CoreGame): number {
    if (game.survivor < 0) return survivorAction(game.candidate(this.int(game.largest(game.mergerChains, game.mergerChainCount))));
    if (game.defunct < 0) return nextDefunctAction(game.candidate(this.int(game.largest(game.pendingDefunct, game.pendingCount))));
    const seat = game.decidingSeat();
    const held = game.shares[seat * game.rules.chains + game.defunct]!;
    const maxTrade = Math.min(held - (held % 2), game.bankShares[game.survivor]! * 2);
    const trade = 2 * this.int(maxTrade / 2 + 1);
    const sell = this.int(held - trade + 1);
    return disposeAction(sell, trade);
  }

  /** Up to three affordable shares of chains the bank still holds. */
  private basket(game: CoreGame): number {
    const chains = game.rules.chains;
    const wanted = this.int(4);
    let cash = game.cash[game.currentPlayer]!;
    const basket = this.basketChains;
    let count = 0;
    for (let i = 0; i < wanted; i++) {
      const chain = this.int(chains);
      const price = game.price(chain);
      if (!game.isActive(chain) || price > cash) continue;
      // What the bank has left of the chain: its shares less those already in the basket (at
      // most two), counted here rather than copying the bank's counts for every basket.
      let left = game.bankShares[chain]!;
      for (let j = 0; j < count; j++) if (basket[j] === chain) left--;
      if (left === 0) continue;
      cash -= price;
      basket[count++] = chain;
    }
    return buyAction(count, basket[0], basket[1], basket[2]);
  }
}
