/**
 * The baseline computer player, exactly as docs/ai-baseline.md specifies it (rule by rule,
 * ties to the first candidate in the order named). It is the yardstick our own players are
 * measured against, not a player the bot offers: do not tune it.
 *
 * It reads only what its player may see (a state determinized from its view serves, since it
 * looks at its own hand, its own holdings and public facts only).
 */
import { classifyTile } from '../engine/analysis.js';
import { currentDecision, netWorth, sharePrice, type Action, type Decision, type GameState, type Tier } from '../engine/index.js';

const TIER_RANK: Record<Tier, number> = { cheap: 0, medium: 1, expensive: 2 };

export function baselineAction(state: GameState, seat: number): Action | null {
  const decision = currentDecision(state);
  if (decision.kind === 'gameOver' || decision.seat !== seat) return null;
  const player = state.players[seat]!;
  const id = player.id;
  const held = (chain: number) => player.shares[chain] ?? 0;
  switch (decision.kind) {
    case 'placeTile':
      return placement(state, seat, decision);
    case 'foundChain': {
      const order: Tier[] = player.cash < 1500 ? ['cheap', 'medium', 'expensive'] : ['expensive', 'medium', 'cheap'];
      for (const tier of order) {
        const chain = state.chains.find((candidate) => candidate.tier === tier && decision.available.includes(candidate.name));
        if (chain) return { type: 'foundChain', player: id, chain: chain.name };
      }
      return { type: 'foundChain', player: id, chain: decision.available[0]! };
    }
    case 'chooseSurvivor': {
      let best = decision.candidates[0]!;
      let bestScore = -Infinity;
      for (const name of decision.candidates) {
        const index = state.chains.findIndex((chain) => chain.name === name);
        const score = 10 * held(index) + TIER_RANK[state.chains[index]!.tier];
        if (score > bestScore) [best, bestScore] = [name, score];
      }
      return { type: 'chooseSurvivor', player: id, chain: best };
    }
    case 'chooseNextDefunct':
      return { type: 'chooseNextDefunct', player: id, chain: decision.candidates[0]! };
    case 'disposeShares': {
      const survivor = state.chains.find((chain) => chain.name === decision.survivor)!;
      const survivorPrice = sharePrice(survivor.tier, survivor.size);
      if (survivorPrice > 2 * decision.price && decision.maxTrade > 0) return { type: 'disposeShares', player: id, sell: 0, trade: decision.maxTrade };
      return { type: 'disposeShares', player: id, sell: decision.held, trade: 0 };
    }
    case 'buyShares':
      if (decision.mayDeclareEnd && highestNetWorth(state, seat)) return { type: 'declareEnd', player: id };
      return { type: 'buyShares', player: id, chains: basket(state, seat) };
    case 'answerTrade':
      return { type: 'answerTrade', player: id, accept: false };
  }
}

function placement(state: GameState, seat: number, decision: Extract<Decision, { kind: 'placeTile' }>): Action {
  const player = state.players[seat]!;
  const held = (chain: number) => player.shares[chain] ?? 0;
  let best: string | null = null;
  let bestScore = -Infinity;
  for (const tile of player.hand) {
    const outcome = classifyTile(state.board, state.chains, tile);
    if (outcome.kind === 'unplayable') continue;
    let score = 0;
    if (outcome.kind === 'found') score = 100;
    else if (outcome.kind === 'grow') score = held(outcome.chain) > 0 ? 50 + 5 * held(outcome.chain) : 0;
    else if (outcome.kind === 'merge') {
      // The survivor: the largest adjacent chain, the first in the engine's chain order on a tie.
      const chains = outcome.chains.slice().sort((a, b) => a - b);
      const survivor = chains.reduce((largest, chain) => (state.chains[chain]!.size > state.chains[largest]!.size ? chain : largest), chains[0]!);
      if (held(survivor) > 0) score += 30 + 3 * held(survivor);
      const others = chains.filter((chain) => chain !== survivor).reduce((sum, chain) => sum + held(chain), 0);
      if (others > 0) score += 20 + 2 * others;
    }
    if (score > bestScore) [best, bestScore] = [tile, score];
  }
  if (best !== null) return { type: 'placeTile', player: player.id, tile: best };
  return decision.mayRedraw ? { type: 'redrawHand', player: player.id } : { type: 'skipPlacement', player: player.id };
}

function basket(state: GameState, seat: number): string[] {
  const player = state.players[seat]!;
  const cash = player.cash;
  const cart: number[] = [];
  let spent = 0;
  for (let pick = 0; pick < 3; pick++) {
    let best = -1;
    let bestScore = -Infinity;
    state.chains.forEach((chain, index) => {
      if (chain.headquarters === null) return;
      const inCart = cart.filter((other) => other === index).length;
      const price = sharePrice(chain.tier, chain.size);
      if (chain.bankShares - inCart <= 0 || price > cash - spent) return;
      const held = player.shares[index] ?? 0;
      let score = 0;
      if (held > 0) score += 20 + 3 * held;
      if (inCart === 0) score += 15;
      score += 2 * chain.size;
      if (cash < 2000) score += (1200 - price) / 100;
      score += [0, 5, 10][TIER_RANK[chain.tier]]!;
      if (score > bestScore) [best, bestScore] = [index, score];
    });
    if (best < 0) break;
    cart.push(best);
    spent += sharePrice(state.chains[best]!.tier, state.chains[best]!.size);
  }
  return cart.map((chain) => state.chains[chain]!.name);
}

/** Its net worth is the highest at the table (ties count); with hidden holdings it cannot tell, so yes. */
function highestNetWorth(state: GameState, seat: number): boolean {
  if (state.options.holdings === 'hidden') return true;
  const mine = netWorth(state, seat);
  return state.players.every((_, other) => netWorth(state, other) <= mine);
}
