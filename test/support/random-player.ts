/**
 * A computer player that picks uniformly among legal moves, driven by its own seeded random
 * source; every action it returns is accepted. Used by the property test and the benchmark;
 * never by real games.
 */
import { isPlayableTile, someTileMayBeUnplayable } from '../../src/engine/analysis.js';
import { apply } from '../../src/engine/apply.js';
import { MAX_TRADE_OFFERS_PER_TURN } from '../../src/engine/moves/trades.js';
import { isActive, priceOf } from '../../src/engine/state.js';
import { nextInt } from '../../src/engine/rng.js';
import { currentDecision, legalActions } from '../../src/engine/queries.js';
import type { Action, GameState } from '../../src/engine/types.js';

export class RandomPlayer {
  constructor(private rng: number) {}

  private int(bound: number): number {
    const draw = nextInt(this.rng, bound);
    this.rng = draw.rng;
    return draw.value;
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /** A legal action for whoever decides now (undefined once the game is over). */
  chooseAction(state: GameState): Action | undefined {
    const phase = state.phase;
    if (phase.kind === 'placeTile') {
      // The common case, answered with one look at each tile (this runs in the benchmark).
      const seat = state.currentPlayer;
      if (state.options.trades && phase.tradeOffers < MAX_TRADE_OFFERS_PER_TURN && this.int(20) === 0) {
        // An offer drawn at random may be refused (empty, or more than exists): then a legal move.
        const offer = this.tradeOffer(state, seat);
        return apply(state, offer).ok ? offer : legalActions(state)[0];
      }
      const player = state.players[seat]!;
      const playable = someTileMayBeUnplayable(state.chains) ? player.hand.filter((tile) => isPlayableTile(state.board, state.chains, tile)) : player.hand;
      if (playable.length > 0) return { type: 'placeTile', player: player.id, tile: this.pick(playable) };
      return this.pick(legalActions(state));
    }
    const decision = currentDecision(state);
    if (decision.kind === 'gameOver') return undefined;
    const player = state.players[decision.seat]!;
    switch (decision.kind) {
      case 'buyShares':
        if (decision.mayDeclareEnd && this.int(2) === 0) return { type: 'declareEnd', player: player.id };
        return { type: 'buyShares', player: player.id, chains: this.basket(state, decision.seat) };
      case 'disposeShares': {
        const trade = 2 * this.int(decision.maxTrade / 2 + 1);
        const sell = this.int(decision.held - trade + 1);
        return { type: 'disposeShares', player: player.id, sell, trade };
      }
      case 'answerTrade': {
        // Accepting is refused when the player lacks what is asked: then they decline.
        const answer = this.pick(legalActions(state));
        return apply(state, answer).ok ? answer : { type: 'answerTrade', player: player.id, accept: false };
      }
      default:
        break;
    }
    return this.pick(legalActions(state));
  }

  /** Up to three affordable shares of chains the bank still holds. */
  private basket(state: GameState, seat: number): string[] {
    const wanted = this.int(4);
    const basket: string[] = [];
    let cash = state.players[seat]!.cash;
    const left = state.chains.map((chain) => chain.bankShares);
    for (let i = 0; i < wanted; i++) {
      const chain = this.int(state.chains.length);
      const price = priceOf(state, chain);
      if (!isActive(state, chain) || left[chain]! === 0 || price > cash) continue;
      left[chain]!--;
      cash -= price;
      basket.push(state.chains[chain]!.name);
    }
    return basket;
  }

  private tradeOffer(state: GameState, seat: number): Action {
    const me = state.players[seat]!;
    const others = state.players.filter((_, index) => index !== seat);
    const to = this.pick(others);
    const heldChain = me.shares.findIndex((count) => count > 0);
    const give =
      heldChain >= 0 && this.int(2) === 0
        ? { cash: 0, shares: { [state.chains[heldChain]!.name]: 1 } }
        : { cash: Math.min(me.cash, 100 * (1 + this.int(5))), shares: {} };
    const wantedChain = this.int(state.chains.length);
    const receive = this.int(2) === 0 ? { cash: 100 * this.int(4), shares: {} } : { cash: 0, shares: { [state.chains[wantedChain]!.name]: 1 } };
    return { type: 'offerTrade', player: me.id, to: to.id, give, receive };
  }
}
