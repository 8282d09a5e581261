/**
 * The easy player, for beginners: it plays a random playable tile, founds the first free
 * chain, sells every share at a merger, buys one share of the cheapest chain it can afford
 * half the time, and never declares the end. It should lose to the baseline.
 */
import { currentDecision, legalActions, sharePrice, type Action, type GameState } from '../engine/index.js';
import { nextInt } from '../engine/rng.js';

export function easyAction(state: GameState, seat: number, seed: number): Action | null {
  const decision = currentDecision(state);
  if (decision.kind === 'gameOver' || decision.seat !== seat) return null;
  const id = state.players[seat]!.id;
  switch (decision.kind) {
    case 'placeTile': {
      const options = legalActions(state);
      return options[nextInt(seed >>> 0, options.length).value] ?? null;
    }
    case 'disposeShares':
      return { type: 'disposeShares', player: id, sell: decision.held, trade: 0 };
    case 'buyShares': {
      if (nextInt(seed >>> 0, 2).value === 0) return { type: 'buyShares', player: id, chains: [] };
      const cash = state.players[seat]!.cash;
      const affordable = state.chains
        .filter((chain) => chain.headquarters !== null && chain.bankShares > 0 && sharePrice(chain.tier, chain.size) <= cash)
        .sort((a, b) => sharePrice(a.tier, a.size) - sharePrice(b.tier, b.size));
      return { type: 'buyShares', player: id, chains: affordable.slice(0, 1).map((chain) => chain.name) };
    }
    case 'answerTrade':
      return { type: 'answerTrade', player: id, accept: false };
    default:
      return legalActions(state)[0] ?? null;
  }
}
