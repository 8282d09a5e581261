/** Questions a UI or a computer player asks of a state. None of them changes it. */
import { classifyTile, connectedUnincorporated, isPlayable, largestChains, unplayableReason, type TileOutcome } from './analysis.js';
import { MAX_PURCHASES, isSafe, sharePrice, tileIndex } from './board.js';
import { distributeBonuses } from './bonuses.js';
import { basketRefusal } from './moves/buying.js';
import { MAX_TRADE_OFFERS_PER_TURN } from './moves/trades.js';
import { canBuyAnything, canDeclareEnd, chainIndex, decidingSeat, hasPlayableTile, isActive, priceOf, seatOf } from './state.js';
import type { Action, BonusPayout, Cell, ChainState, GameState, GameView, Tile } from './types.js';

export { canDeclareEnd, netWorth } from './state.js';

/** What the deciding player is asked to do, for prompts and buttons. */
export type Decision =
  | { kind: 'placeTile'; seat: number; mayRedraw: boolean; mustSkip: boolean; mayOfferTrade: boolean }
  | { kind: 'foundChain'; seat: number; tile: Tile; available: string[] }
  | { kind: 'chooseSurvivor'; seat: number; candidates: string[] }
  | { kind: 'chooseNextDefunct'; seat: number; candidates: string[]; survivor: string }
  | { kind: 'disposeShares'; seat: number; defunct: string; survivor: string; held: number; price: number; maxTrade: number }
  | { kind: 'buyShares'; seat: number; mayDeclareEnd: boolean; endDeclared: boolean }
  | { kind: 'answerTrade'; seat: number; from: number }
  | { kind: 'gameOver' };

export function currentDecision(state: GameState): Decision {
  const phase = state.phase;
  const seat = decidingSeat(state) ?? -1;
  switch (phase.kind) {
    case 'gameOver':
      return { kind: 'gameOver' };
    case 'placeTile': {
      const playable = hasPlayableTile(state, seat);
      const mayRedraw = !playable && state.options.unplayable === 'replace' && !phase.redrawn && state.bag.length > 0;
      return {
        kind: 'placeTile',
        seat,
        mayRedraw,
        mustSkip: !playable,
        mayOfferTrade: state.options.trades && phase.tradeOffers < MAX_TRADE_OFFERS_PER_TURN,
      };
    }
    case 'foundChain':
      return { kind: 'foundChain', seat, tile: phase.tile, available: state.chains.filter((chain) => chain.headquarters === null).map((chain) => chain.name) };
    case 'merger': {
      const merger = phase.merger;
      const largest = (among: number[]): string[] => largestChains(state.chains, among).map((chain) => state.chains[chain]!.name);
      if (merger.survivor === null) return { kind: 'chooseSurvivor', seat, candidates: largest(merger.chains) };
      const survivor = state.chains[merger.survivor]!;
      if (!merger.current) return { kind: 'chooseNextDefunct', seat, candidates: largest(merger.pendingDefunct), survivor: survivor.name };
      const defunct = state.chains[merger.current.chain]!;
      const held = state.players[seat]!.shares[merger.current.chain]!;
      return {
        kind: 'disposeShares',
        seat,
        defunct: defunct.name,
        survivor: survivor.name,
        held,
        price: sharePrice(defunct.tier, merger.current.sizeBefore),
        maxTrade: Math.min(held - (held % 2), survivor.bankShares * 2),
      };
    }
    case 'buyShares':
      return { kind: 'buyShares', seat, mayDeclareEnd: !phase.endDeclared && canDeclareEnd(state), endDeclared: phase.endDeclared };
    case 'tradeOffer':
      return { kind: 'answerTrade', seat, from: phase.offer.from };
  }
}

/**
 * Every legal action of the deciding player. Trade offers are left out (their space has no
 * useful bound); `currentDecision(...).mayOfferTrade` says whether one may be made.
 */
export function legalActions(state: GameState): Action[] {
  const decision = currentDecision(state);
  if (decision.kind === 'gameOver') return [];
  const player = state.players[decision.seat]!.id;
  switch (decision.kind) {
    case 'placeTile': {
      const actions: Action[] = state.players[decision.seat]!.hand.filter((tile) => isPlayable(classifyTile(state.board, state.chains, tile))).map((tile) => ({
        type: 'placeTile',
        player,
        tile,
      }));
      if (decision.mustSkip) actions.push({ type: 'skipPlacement', player });
      if (decision.mayRedraw) actions.push({ type: 'redrawHand', player });
      return actions;
    }
    case 'foundChain':
      return decision.available.map((chain) => ({ type: 'foundChain', player, chain }));
    case 'chooseSurvivor':
      return decision.candidates.map((chain) => ({ type: 'chooseSurvivor', player, chain }));
    case 'chooseNextDefunct':
      return decision.candidates.map((chain) => ({ type: 'chooseNextDefunct', player, chain }));
    case 'disposeShares': {
      const actions: Action[] = [];
      for (let trade = 0; trade <= decision.maxTrade; trade += 2) {
        for (let sell = 0; sell + trade <= decision.held; sell++) actions.push({ type: 'disposeShares', player, sell, trade });
      }
      return actions;
    }
    case 'buyShares': {
      const actions: Action[] = purchaseOptions(state, decision.seat).map((chains) => ({ type: 'buyShares', player, chains }));
      if (decision.mayDeclareEnd) actions.push({ type: 'declareEnd', player });
      return actions;
    }
    case 'answerTrade':
      return [
        { type: 'answerTrade', player, accept: true },
        { type: 'answerTrade', player, accept: false },
      ];
  }
}

/** Every affordable basket of 0 to 3 shares (chain names, in chain order), the empty one first. */
export function purchaseOptions(state: GameState, seat: number): string[][] {
  return affordableBaskets(state, state.players[seat]?.cash ?? 0).map((basket) => basket.map((chain) => state.chains[chain]!.name));
}

/** The same baskets as chain indexes. */
function affordableBaskets(state: Pick<GameState, 'chains'>, cash: number): number[][] {
  const buyable = state.chains.map((_, chain) => chain).filter((chain) => isActive(state, chain) && state.chains[chain]!.bankShares > 0);
  const baskets: number[][] = [];
  const extend = (basket: number[], from: number, spent: number): void => {
    baskets.push(basket);
    if (basket.length === MAX_PURCHASES) return;
    for (let i = from; i < buyable.length; i++) {
      const chain = buyable[i]!;
      const price = priceOf(state, chain);
      const alreadyTaken = basket.filter((other) => other === chain).length;
      if (spent + price > cash || alreadyTaken >= state.chains[chain]!.bankShares) continue;
      extend([...basket, chain], i, spent + price);
    }
  };
  extend([], 0, 0);
  return baskets;
}

/** Whether `seat` may buy this basket now: chain indexes, in any order, 3 at most. */
export function canBuyBasket(state: GameState, seat: number, chains: readonly number[]): boolean {
  return basketRefusal(state, state.players[seat]?.cash ?? 0, chains) === null;
}

/**
 * The same for the viewer of a view (their own cash is in it), as a check of any number of
 * baskets: the buy panel asks it of every chain's button. The move's own rule (`basketRefusal`),
 * not a list of the affordable baskets (up to a hundred and twenty, built for every click).
 */
export function viewerBasketCheck(view: GameView): (chains: readonly number[]) => boolean {
  const cash = view.players[view.viewerSeat ?? -1]?.cash;
  if (cash === null || cash === undefined) return () => false;
  const position = seenByPlayer(view);
  return (chains) => basketRefusal(position, cash, chains) === null;
}

/** A player's view as the queries' position: a player always sees the bank's counts. */
function seenByPlayer(view: GameView): Pick<GameState, 'phase' | 'board' | 'chains'> {
  return {
    phase: view.phase,
    board: view.board,
    chains: view.chains.map((chain) => ({
      name: chain.name,
      tier: chain.tier,
      size: chain.size,
      bankShares: chain.bankShares ?? 0,
      headquarters: chain.headquarters,
    })),
  };
}

export { canBuyAnything };

/** What one tile in a hand would do, in words and in data, for "My tiles" buttons. */
export interface TileEffect {
  tile: Tile;
  kind: TileOutcome['kind'];
  playable: boolean;
  /** Chains it would grow or merge. */
  chains: string[];
  /** For a permanently dead tile: true; a tile waiting for a free chain: false. */
  permanent?: boolean;
  /** A short description: "founds a chain", "grows Tower", "merges Tower and Luxor", or why not. */
  description: string;
}

export function tileEffect(state: GameState, tile: Tile): TileEffect {
  return effectOn(settledPosition(state), tile);
}

/**
 * The board and chains a tile in hand will meet: during a merger, the position the merger will
 * leave (the merging tile and every defunct chain are the survivor's, the defunct chains free to
 * be founded again), since no tile is placed before it completes. Until the mergemaker picks
 * among equally large chains, the first of them in chain order stands for the survivor.
 */
function settledPosition(state: Pick<GameState, 'phase' | 'board' | 'chains'>): { board: readonly Cell[]; chains: readonly ChainState[] } {
  if (state.phase.kind !== 'merger') return state;
  const merger = state.phase.merger;
  const survivor = merger.survivor ?? largestChains(state.chains, merger.chains)[0]!;
  const board = state.board.map((cell) => (cell !== null && merger.chains.includes(cell) ? survivor : cell));
  for (const cell of connectedUnincorporated(board, tileIndex(merger.tile)!)) board[cell] = survivor;
  const chains = state.chains.map((chain, index) => {
    if (index === survivor) return { ...chain, size: board.filter((cell) => cell === survivor).length };
    return merger.chains.includes(index) ? { ...chain, size: 0, headquarters: null } : chain;
  });
  return { board, chains };
}

function effectOn(position: { board: readonly Cell[]; chains: readonly ChainState[] }, tile: Tile): TileEffect {
  const outcome = classifyTile(position.board, position.chains, tile);
  const name = (chain: number): string => position.chains[chain]!.name;
  switch (outcome.kind) {
    case 'nothing':
      return { tile, kind: 'nothing', playable: true, chains: [], description: 'stands alone' };
    case 'found':
      return { tile, kind: 'found', playable: true, chains: [], description: 'founds a chain' };
    case 'grow':
      return { tile, kind: 'grow', playable: true, chains: [name(outcome.chain)], description: `grows ${name(outcome.chain)}` };
    case 'merge': {
      const names = outcome.chains.map(name);
      return { tile, kind: 'merge', playable: true, chains: names, description: `merges ${names.join(' and ')}` };
    }
    case 'unplayable':
      return {
        tile,
        kind: 'unplayable',
        playable: false,
        chains: outcome.reason === 'mergesSafeChains' ? outcome.chains.map(name) : [],
        permanent: outcome.permanent,
        description: unplayableReason(tile, outcome, position.chains),
      };
  }
}

/** The effects of every tile in a player's hand, in board order. */
export function handEffects(state: GameState, playerId: string): TileEffect[] {
  return effectsOf(state, state.players[seatOf(state, playerId)]?.hand ?? []);
}

/** The effects of the viewer's own tiles, from their view (the only hand a view shows). */
export function viewerHandEffects(view: GameView): TileEffect[] {
  return effectsOf(seenByPlayer(view), view.players[view.viewerSeat ?? -1]?.hand ?? []);
}

function effectsOf(state: Pick<GameState, 'phase' | 'board' | 'chains'>, hand: readonly Tile[]): TileEffect[] {
  const position = settledPosition(state);
  return hand
    .slice()
    .sort((a, b) => (tileIndex(a) ?? 0) - (tileIndex(b) ?? 0))
    .map((tile) => effectOn(position, tile));
}

export function sharePriceOf(state: GameState, chainName: string): number {
  const chain = state.chains[chainIndex(state, chainName)];
  return chain ? sharePrice(chain.tier, chain.size) : 0;
}

export function isSafeChain(state: GameState, chainName: string): boolean {
  const chain = state.chains[chainIndex(state, chainName)];
  return chain ? isSafe(chain.size) : false;
}

/**
 * The bonuses a merger at `tile` would pay for each chain it would absorb, if the largest
 * chain survived (ties: the first largest in chain order). For the two-player bank game the
 * bank's holding is unknown until drawn, so it is left out of the preview.
 */
export function mergerBonusPreview(state: GameState, tile: Tile): { chain: string; sizeBefore: number; payouts: BonusPayout[] }[] {
  const outcome = classifyTile(state.board, state.chains, tile);
  if (outcome.kind !== 'merge') return [];
  const survivor = largestChains(state.chains, outcome.chains)[0]!;
  return outcome.chains
    .filter((chain) => chain !== survivor)
    .map((chain) => {
      const definition = state.chains[chain]!;
      const holdings = state.players.map((player, seat) => ({ holder: seat, shares: player.shares[chain]! }));
      return {
        chain: definition.name,
        sizeBefore: definition.size,
        payouts: distributeBonuses(state.options.bonusMode, definition.tier, definition.size, holdings),
      };
    });
}
