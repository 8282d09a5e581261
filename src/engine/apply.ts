/**
 * `apply(state, action)`: the one way a game moves on. It never mutates its input: the state is
 * copied once (cheaply, only the arrays an action can touch) and the copy is worked on.
 */
import { classifyCell, classifyTile, connectedUnincorporated, isPlayable, isPlayableTile, largestChains, unplayableReason } from './analysis.js';
import { END_SIZE, HAND_SIZE, MAX_PURCHASES, isSafe, sharePrice, tileColumn, tileIndex, ALL_TILES } from './board.js';
import { distributeBonuses, type Holding } from './bonuses.js';
import { nextInt } from './rng.js';
import type {
  Action,
  ApplyResult,
  GameEvent,
  GameResult,
  GameState,
  Holdings,
  MergerState,
  Phase,
  Rejection,
  RejectionCode,
  Tile,
} from './types.js';

type Draft = GameState;

export function reject(code: RejectionCode, message: string): Rejection {
  return { ok: false, code, message };
}

/**
 * A working copy: every array an action may change in place is copied, nothing else. The bag,
 * the discards and the net-worth history are only ever replaced, never changed in place, so
 * they are shared. Written out field by field because object spread here made up half the
 * engine's time (see bench/engine.ts).
 */
function draft(state: GameState): Draft {
  return {
    schema: state.schema,
    options: state.options,
    players: state.players.map((player) => ({ id: player.id, name: player.name, cash: player.cash, shares: player.shares.slice(), hand: player.hand.slice() })),
    chains: state.chains.map((chain) => ({ name: chain.name, tier: chain.tier, size: chain.size, bankShares: chain.bankShares, headquarters: chain.headquarters })),
    board: state.board.slice(),
    bag: state.bag,
    discarded: state.discarded,
    rng: state.rng,
    currentPlayer: state.currentPlayer,
    firstPlayer: state.firstPlayer,
    turn: state.turn,
    phase: copyPhase(state.phase),
    lastPlacedTile: state.lastPlacedTile,
    stateId: state.stateId,
    netWorthHistory: state.netWorthHistory,
    result: state.result,
  };
}

/** Only the buy phase and a merger are changed in place; every other phase is replaced whole. */
function copyPhase(phase: Phase): Phase {
  if (phase.kind === 'buyShares') return { kind: 'buyShares', endDeclared: phase.endDeclared };
  if (phase.kind !== 'merger') return phase;
  const merger = phase.merger;
  return {
    kind: 'merger',
    merger: {
      ...merger,
      chains: merger.chains.slice(),
      pendingDefunct: merger.pendingDefunct.slice(),
      current: merger.current ? { ...merger.current, holdersToDecide: merger.current.holdersToDecide.slice() } : null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Small shared facts about a state

export function seatOf(state: GameState, playerId: string): number {
  return state.players.findIndex((player) => player.id === playerId);
}

/** A chain's index by name, any letter case ("tower" is Tower); -1 for no such chain. */
export function chainIndex(state: GameState, name: string): number {
  const exact = state.chains.findIndex((chain) => chain.name === name);
  if (exact >= 0) return exact;
  const wanted = name.toLowerCase();
  return state.chains.findIndex((chain) => chain.name.toLowerCase() === wanted);
}

export function priceOf(state: GameState, chain: number): number {
  const definition = state.chains[chain];
  return definition ? sharePrice(definition.tier, definition.size) : 0;
}

export function isActive(state: GameState, chain: number): boolean {
  return state.chains[chain]?.headquarters != null;
}

/** Whose decision it is now: a seat, or null once the game is over. */
export function decidingSeat(state: GameState): number | null {
  const phase = state.phase;
  switch (phase.kind) {
    case 'gameOver':
      return null;
    case 'merger': {
      const current = phase.merger.current;
      return current ? (current.holdersToDecide[0] ?? null) : phase.merger.mergemaker;
    }
    case 'tradeOffer':
      return phase.offer.to;
    default:
      return state.currentPlayer;
  }
}

export function hasPlayableTile(state: GameState, seat: number): boolean {
  return (state.players[seat]?.hand ?? []).some((tile) => isPlayableTile(state.board, state.chains, tile));
}

/** The end may be declared when a chain has 41+ tiles or every active chain (one at least) is safe. */
export function canDeclareEnd(state: GameState): boolean {
  let active = 0;
  let allSafe = true;
  for (const chain of state.chains) {
    if (chain.headquarters === null) continue;
    active++;
    if (chain.size >= END_SIZE) return true;
    if (!isSafe(chain.size)) allSafe = false;
  }
  return active > 0 && allSafe;
}

/** Whether the player in turn could buy at least one share now. */
export function canBuyAnything(state: GameState, seat: number): boolean {
  const cash = state.players[seat]?.cash ?? 0;
  return state.chains.some((chain, index) => isActive(state, index) && chain.bankShares > 0 && priceOf(state, index) <= cash);
}

export function netWorth(state: GameState, seat: number): number {
  const player = state.players[seat];
  if (!player) return 0;
  return player.shares.reduce((sum, count, chain) => sum + count * priceOf(state, chain), player.cash);
}

// ---------------------------------------------------------------------------------------------
// apply

export interface ApplyOptions {
  /** Refuse the action as stale unless the state is still at this id (a button's state). */
  expectedStateId?: number;
}

export function apply(state: GameState, action: Action, options: ApplyOptions = {}): ApplyResult {
  if (options.expectedStateId !== undefined && options.expectedStateId !== state.stateId) {
    return reject('action/stale', 'The game has moved on since this was offered; look at the latest message.');
  }
  if (state.phase.kind === 'gameOver') return reject('action/game_over', 'This game is over.');
  const seat = seatOf(state, action.player);
  if (seat < 0) return reject('action/unknown_player', 'You are not playing in this game.');
  const decider = decidingSeat(state);
  const offerer = state.phase.kind === 'tradeOffer' ? state.phase.offer.from : -1;
  if (seat !== decider && !(action.type === 'withdrawTrade' && seat === offerer)) {
    return reject('action/not_your_decision', `It is not your decision now: ${whatIsAwaited(state)}`);
  }

  const s = draft(state);
  const events: GameEvent[] = [];
  const rejection = dispatch(s, seat, action, events);
  if (rejection) return rejection;
  s.stateId = state.stateId + 1;
  return { ok: true, state: s, events };
}

/** "waiting for Ann to place a tile", for players who clicked out of turn. */
export function whatIsAwaited(state: GameState): string {
  const seat = decidingSeat(state);
  const name = seat === null ? '' : (state.players[seat]?.name ?? '');
  switch (state.phase.kind) {
    case 'placeTile':
      return `waiting for ${name} to place a tile.`;
    case 'foundChain':
      return `waiting for ${name} to name the new chain.`;
    case 'merger': {
      const merger = state.phase.merger;
      if (merger.current) return `waiting for ${name} to decide about their ${state.chains[merger.current.chain]?.name} shares.`;
      return merger.survivor === null
        ? `waiting for ${name} to choose the surviving chain.`
        : `waiting for ${name} to choose which chain is wound up next.`;
    }
    case 'buyShares':
      return `waiting for ${name} to buy shares.`;
    case 'tradeOffer':
      return `waiting for ${name} to answer a trade offer.`;
    case 'gameOver':
      return 'the game is over.';
  }
}

function dispatch(s: Draft, seat: number, action: Action, events: GameEvent[]): Rejection | null {
  const phase = s.phase;
  switch (action.type) {
    case 'placeTile':
      return phase.kind === 'placeTile' ? placeTile(s, seat, action.tile, events) : wrongPhase(s);
    case 'skipPlacement':
      if (phase.kind !== 'placeTile') return wrongPhase(s);
      if (hasPlayableTile(s, seat)) return reject('tile/playable_tile_in_hand', 'You hold a tile you can play, so you must place one.');
      skipPlacement(s, seat, events);
      return null;
    case 'redrawHand':
      return phase.kind === 'placeTile' ? redrawHand(s, seat, phase.redrawn, events) : wrongPhase(s);
    case 'foundChain':
      return phase.kind === 'foundChain' ? foundChain(s, seat, phase.tile, action.chain, events) : wrongPhase(s);
    case 'chooseSurvivor':
      if (phase.kind !== 'merger' || phase.merger.survivor !== null) return wrongPhase(s);
      return chooseSurvivor(s, phase.merger, action.chain, events);
    case 'chooseNextDefunct':
      if (phase.kind !== 'merger' || phase.merger.survivor === null || phase.merger.current) return wrongPhase(s);
      return chooseNextDefunct(s, phase.merger, action.chain, events);
    case 'disposeShares':
      if (phase.kind !== 'merger' || !phase.merger.current) return wrongPhase(s);
      return disposeShares(s, seat, phase.merger, action.sell, action.trade, events);
    case 'buyShares':
      return phase.kind === 'buyShares' ? buyShares(s, seat, action.chains, phase.endDeclared, events) : wrongPhase(s);
    case 'declareEnd':
      if (phase.kind !== 'buyShares') return wrongPhase(s);
      if (phase.endDeclared) return reject('end/not_allowed', 'You have already declared the end.');
      if (!canDeclareEnd(s)) return reject('end/not_allowed', 'The end may be declared only when a chain has 41 or more tiles or every chain on the board is safe.');
      phase.endDeclared = true;
      events.push({ type: 'endDeclared', seat });
      if (!canBuyAnything(s, seat)) finishGame(s, 'declared', events);
      return null;
    case 'offerTrade':
      return phase.kind === 'placeTile' ? offerTrade(s, seat, action, events) : wrongPhase(s);
    case 'answerTrade':
      return phase.kind === 'tradeOffer' ? answerTrade(s, phase, action.accept, events) : wrongPhase(s);
    case 'withdrawTrade':
      if (phase.kind !== 'tradeOffer') return wrongPhase(s);
      if (seat !== phase.offer.from) return reject('trade/not_allowed', 'Only the player who made the offer can withdraw it.');
      events.push({ type: 'tradeWithdrawn', from: phase.offer.from, to: phase.offer.to });
      s.phase = { kind: 'placeTile', redrawn: phase.redrawn, tradeOffers: phase.tradeOffers };
      return null;
  }
}

function wrongPhase(s: Draft): Rejection {
  return reject('action/wrong_phase', `That is not possible now: ${whatIsAwaited(s)}`);
}

// ---------------------------------------------------------------------------------------------
// Placing a tile

function placeTile(s: Draft, seat: number, rawTile: string, events: GameEvent[]): Rejection | null {
  const index = tileIndex(rawTile);
  const player = s.players[seat]!;
  const tile = index === undefined ? rawTile : (ALL_TILES[index] as Tile);
  const handPosition = player.hand.indexOf(tile);
  if (index === undefined || handPosition < 0) return reject('tile/not_in_hand', `${rawTile} is not one of your tiles.`);
  const outcome = classifyCell(s.board, s.chains, index);
  if (!isPlayable(outcome)) return reject('tile/unplayable', unplayableReason(tile, outcome, s.chains));

  player.hand.splice(handPosition, 1);
  s.board[index] = -1;
  s.lastPlacedTile = tile;
  events.push({ type: 'tilePlaced', seat, tile });
  switch (outcome.kind) {
    case 'found':
      s.phase = { kind: 'foundChain', tile };
      return null;
    case 'grow': {
      const chain = s.chains[outcome.chain]!;
      absorb(s, index, outcome.chain);
      events.push({ type: 'chainGrew', chain: chain.name, size: chain.size });
      break;
    }
    case 'merge':
      startMerger(s, seat, tile, outcome.chains, events);
      return null;
    default:
      break;
  }
  enterBuyPhase(s, events);
  return null;
}

/** The tile at `index` and every unincorporated tile connected to it join `chain`. */
function absorb(s: Draft, index: number, chain: number): void {
  const group = connectedUnincorporated(s.board, index);
  for (const cell of group) s.board[cell] = chain;
  s.chains[chain]!.size += group.length;
}

function skipPlacement(s: Draft, seat: number, events: GameEvent[]): void {
  events.push({ type: 'placementSkipped', seat });
  enterBuyPhase(s, events);
}

function redrawHand(s: Draft, seat: number, alreadyRedrawn: boolean, events: GameEvent[]): Rejection | null {
  if (s.options.unplayable !== 'replace') return reject('redraw/not_allowed', 'This game is played without redrawing unplayable hands.');
  if (alreadyRedrawn) return reject('redraw/not_allowed', 'You have already redrawn your hand this turn.');
  if (hasPlayableTile(s, seat)) return reject('redraw/not_allowed', 'You hold a tile you can play, so you cannot redraw your hand.');
  if (s.bag.length === 0) return reject('redraw/not_allowed', 'The bag is empty, so there is nothing to redraw.');
  const player = s.players[seat]!;
  const revealed = player.hand;
  player.hand = [];
  s.discarded = [...s.discarded, ...revealed];
  events.push({ type: 'handRedrawn', seat, revealed });
  drawUpToHandSize(s, seat, events);
  s.phase = { kind: 'placeTile', redrawn: true, tradeOffers: s.phase.kind === 'placeTile' ? s.phase.tradeOffers : 0 };
  autoSkipIfNothingElse(s, events);
  return null;
}

function foundChain(s: Draft, seat: number, tile: Tile, name: string, events: GameEvent[]): Rejection | null {
  const chainNumber = chainIndex(s, name);
  if (chainNumber < 0) return reject('chain/unknown', `There is no chain called ${name} in this game.`);
  const chain = s.chains[chainNumber]!;
  if (chain.headquarters !== null) return reject('chain/not_available', `${chain.name} is already on the board; choose a chain that is not.`);
  absorb(s, tileIndex(tile) as number, chainNumber);
  chain.headquarters = tile;
  const player = s.players[seat]!;
  let founderReward: 'share' | 'cash' | 'none' = 'none';
  let cash = 0;
  if (chain.bankShares > 0) {
    chain.bankShares--;
    player.shares[chainNumber]!++;
    founderReward = 'share';
  } else if (s.options.founderShare === 'cash') {
    cash = priceOf(s, chainNumber);
    player.cash += cash;
    founderReward = 'cash';
  }
  events.push({ type: 'chainFounded', seat, chain: chain.name, size: chain.size, founderReward, cash });
  enterBuyPhase(s, events);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Mergers

function startMerger(s: Draft, seat: number, tile: Tile, chains: number[], events: GameEvent[]): void {
  events.push({ type: 'mergerStarted', seat, tile, chains: chains.map((chain) => s.chains[chain]!.name) });
  const merger: MergerState = { tile, mergemaker: seat, chains, survivor: null, pendingDefunct: [], current: null };
  s.phase = { kind: 'merger', merger };
  const largest = largestChains(s.chains, chains);
  if (largest.length === 1) setSurvivor(s, merger, largest[0]!, events);
}

function chooseSurvivor(s: Draft, merger: MergerState, name: string, events: GameEvent[]): Rejection | null {
  const chain = chainIndex(s, name);
  if (!largestChains(s.chains, merger.chains).includes(chain)) {
    return reject('merger/not_a_candidate', `${name} cannot survive: choose one of ${namesOf(s, largestChains(s.chains, merger.chains))}.`);
  }
  setSurvivor(s, merger, chain, events);
  return null;
}

function chooseNextDefunct(s: Draft, merger: MergerState, name: string, events: GameEvent[]): Rejection | null {
  const chain = chainIndex(s, name);
  const candidates = largestChains(s.chains, merger.pendingDefunct);
  if (!candidates.includes(chain)) {
    return reject('merger/not_a_candidate', `${name} is not next: choose one of ${namesOf(s, candidates)}.`);
  }
  startDefunct(s, merger, chain, events);
  advanceMerger(s, merger, events);
  return null;
}

function namesOf(s: Draft, chains: readonly number[]): string {
  return chains.map((chain) => s.chains[chain]!.name).join(', ');
}

function setSurvivor(s: Draft, merger: MergerState, survivor: number, events: GameEvent[]): void {
  merger.survivor = survivor;
  merger.pendingDefunct = merger.chains.filter((chain) => chain !== survivor);
  events.push({ type: 'survivorChosen', chain: s.chains[survivor]!.name, defunct: merger.pendingDefunct.map((chain) => s.chains[chain]!.name) });
  advanceMerger(s, merger, events);
}

/**
 * Moves the merger on until someone must decide: winds up defunct chains largest first
 * (asking the mergemaker when sizes tie), and completes the merger when none is left.
 */
function advanceMerger(s: Draft, merger: MergerState, events: GameEvent[]): void {
  const survivor = merger.survivor!;
  for (;;) {
    const current = merger.current;
    if (current) {
      if (current.holdersToDecide.length > 0) return;
      closeDefunct(s, current.chain, survivor, events);
      merger.current = null;
    }
    if (merger.pendingDefunct.length === 0) break;
    const next = largestChains(s.chains, merger.pendingDefunct);
    if (next.length > 1) return;
    startDefunct(s, merger, next[0]!, events);
  }
  const tileCell = tileIndex(merger.tile) as number;
  absorb(s, tileCell, survivor);
  events.push({ type: 'mergerCompleted', survivor: s.chains[survivor]!.name, size: s.chains[survivor]!.size });
  enterBuyPhase(s, events);
}

/** Pays the defunct chain's bonuses and lines up its holders, the mergemaker first. */
function startDefunct(s: Draft, merger: MergerState, chain: number, events: GameEvent[]): void {
  merger.pendingDefunct = merger.pendingDefunct.filter((pending) => pending !== chain);
  const sizeBefore = s.chains[chain]!.size;
  payBonuses(s, chain, false, events);
  const holdersToDecide: number[] = [];
  for (let offset = 0; offset < s.players.length; offset++) {
    const seat = (merger.mergemaker + offset) % s.players.length;
    if (s.players[seat]!.shares[chain]! > 0) holdersToDecide.push(seat);
  }
  merger.current = { chain, sizeBefore, holdersToDecide };
}

/** The defunct chain's tiles become the survivor's and its headquarters leaves the board. */
function closeDefunct(s: Draft, defunct: number, survivor: number, events: GameEvent[]): void {
  for (let cell = 0; cell < s.board.length; cell++) if (s.board[cell] === defunct) s.board[cell] = survivor;
  const chain = s.chains[defunct]!;
  s.chains[survivor]!.size += chain.size;
  chain.size = 0;
  chain.headquarters = null;
  events.push({ type: 'chainDefunct', chain: chain.name, survivor: s.chains[survivor]!.name });
}

function disposeShares(s: Draft, seat: number, merger: MergerState, sell: number, trade: number, events: GameEvent[]): Rejection | null {
  const current = merger.current!;
  const survivor = merger.survivor!;
  const player = s.players[seat]!;
  const held = player.shares[current.chain]!;
  const defunctName = s.chains[current.chain]!.name;
  const survivorChain = s.chains[survivor]!;
  if (!Number.isInteger(sell) || !Number.isInteger(trade) || sell < 0 || trade < 0) {
    return reject('shares/bad_count', 'Share counts must be whole numbers, zero or more.');
  }
  if (trade % 2 !== 0) return reject('shares/bad_count', `Shares are traded two for one: trade an even number of ${defunctName} shares.`);
  if (sell + trade > held) return reject('shares/not_enough_held', `You hold ${held} ${defunctName} shares, not ${sell + trade}.`);
  if (trade / 2 > survivorChain.bankShares) {
    return reject('shares/bank_short', `The bank has only ${survivorChain.bankShares} ${survivorChain.name} shares, enough for trading ${survivorChain.bankShares * 2}.`);
  }
  const cashReceived = sell * sharePrice(s.chains[current.chain]!.tier, current.sizeBefore);
  player.cash += cashReceived;
  player.shares[current.chain] = held - sell - trade;
  s.chains[current.chain]!.bankShares += sell + trade;
  player.shares[survivor]! += trade / 2;
  survivorChain.bankShares -= trade / 2;
  events.push({ type: 'sharesDisposed', seat, chain: defunctName, sold: sell, traded: trade, kept: held - sell - trade, cashReceived, survivor: survivorChain.name });
  current.holdersToDecide.shift();
  advanceMerger(s, merger, events);
  return null;
}

/** Bonuses for `chain` at its current size: during a merger, or for every chain at the end. */
function payBonuses(s: Draft, chain: number, final: boolean, events: GameEvent[]): void {
  const definition = s.chains[chain]!;
  const holdings: Holding[] = s.players.map((player, seat) => ({ holder: seat, shares: player.shares[chain]! }));
  if (s.options.twoPlayerBank) {
    const shares = drawBankHolding(s);
    holdings.push({ holder: 'bank', shares });
    events.push({ type: 'bankStockholder', chain: definition.name, shares });
  }
  const payouts = distributeBonuses(s.options.bonusMode, definition.tier, definition.size, holdings);
  for (const payout of payouts) if (payout.holder !== 'bank') s.players[payout.holder]!.cash += payout.amount;
  events.push({ type: 'bonusesPaid', chain: definition.name, sizeBefore: definition.size, payouts, final });
}

/**
 * The two-player bank's shares: the number on a tile drawn at random from the bag and put
 * back. With the bag empty, a number from 1 to 12 with the same odds as a full bag's.
 */
function drawBankHolding(s: Draft): number {
  if (s.bag.length > 0) {
    const draw = nextInt(s.rng, s.bag.length);
    s.rng = draw.rng;
    return tileColumn(s.bag[draw.value]!);
  }
  const draw = nextInt(s.rng, 12);
  s.rng = draw.rng;
  return draw.value + 1;
}

// ---------------------------------------------------------------------------------------------
// Buying, the end of a turn and the end of the game

function enterBuyPhase(s: Draft, events: GameEvent[]): void {
  s.phase = { kind: 'buyShares', endDeclared: false };
  // Nothing to decide (nothing affordable, no end to declare): the turn simply goes on.
  if (!canBuyAnything(s, s.currentPlayer) && !canDeclareEnd(s)) endTurn(s, events);
}

function buyShares(s: Draft, seat: number, names: readonly string[], endDeclared: boolean, events: GameEvent[]): Rejection | null {
  if (names.length > MAX_PURCHASES) return reject('buy/too_many', `You may buy at most ${MAX_PURCHASES} shares a turn.`);
  const player = s.players[seat]!;
  const chains: number[] = [];
  let cost = 0;
  for (const name of names) {
    const chain = chainIndex(s, name);
    if (chain < 0) return reject('chain/unknown', `There is no chain called ${name} in this game.`);
    if (!isActive(s, chain)) return reject('buy/inactive_chain', `${s.chains[chain]!.name} is not on the board, so its shares cannot be bought.`);
    chains.push(chain);
    cost += priceOf(s, chain);
  }
  for (const chain of new Set(chains)) {
    const wanted = chains.filter((other) => other === chain).length;
    const bank = s.chains[chain]!.bankShares;
    if (wanted > bank) return reject('shares/bank_short', `The bank has only ${bank} ${s.chains[chain]!.name} shares left.`);
  }
  if (cost > player.cash) return reject('buy/not_enough_cash', `Those shares cost $${cost.toLocaleString('en-US')} and you have $${player.cash.toLocaleString('en-US')}.`);
  for (const chain of chains) {
    s.chains[chain]!.bankShares--;
    player.shares[chain]!++;
  }
  player.cash -= cost;
  if (chains.length > 0) events.push({ type: 'sharesBought', seat, chains: chains.map((chain) => s.chains[chain]!.name), cost });
  if (endDeclared) finishGame(s, 'declared', events);
  else endTurn(s, events);
  return null;
}

function drawUpToHandSize(s: Draft, seat: number, events: GameEvent[]): void {
  const hand = s.players[seat]!.hand;
  const count = Math.min(HAND_SIZE - hand.length, s.bag.length);
  if (count <= 0) return;
  hand.push(...s.bag.slice(0, count));
  s.bag = s.bag.slice(count);
  events.push({ type: 'tilesDrawn', seat, count });
}

function endTurn(s: Draft, events: GameEvent[]): void {
  const seat = s.currentPlayer;
  if (s.options.unplayable === 'replace') {
    // Dead tiles held during the turn are set aside face up and replaced; any dead tile drawn
    // now waits for the next turn (rule of 001 and 003).
    const player = s.players[seat]!;
    const dead = player.hand.filter((tile) => classifyTile(s.board, s.chains, tile).kind === 'unplayable' && isPermanentlyDead(s, tile));
    if (dead.length > 0) {
      player.hand = player.hand.filter((tile) => !dead.includes(tile));
      s.discarded = [...s.discarded, ...dead];
      events.push({ type: 'deadTilesReplaced', seat, revealed: dead });
    }
  }
  drawUpToHandSize(s, seat, events);
  s.netWorthHistory = [...s.netWorthHistory, s.players.map((_, index) => netWorth(s, index))];
  s.turn++;
  if (isStuck(s)) {
    finishGame(s, 'noPlayableTiles', events);
    return;
  }
  const next = (seat + 1) % s.players.length;
  s.currentPlayer = next;
  s.phase = { kind: 'placeTile', redrawn: false, tradeOffers: 0 };
  events.push({ type: 'turnPassed', from: seat, to: next });
  autoSkipIfNothingElse(s, events);
}

function isPermanentlyDead(s: Draft, tile: Tile): boolean {
  const outcome = classifyTile(s.board, s.chains, tile);
  return outcome.kind === 'unplayable' && outcome.permanent;
}

/**
 * No tile anyone holds can be played and nothing can change that: the bag is empty, or (with
 * the strict rule, where hands are never redrawn) every hand is full so no one draws again.
 */
function isStuck(s: Draft): boolean {
  const noMoreDraws = s.bag.length === 0 || (s.options.unplayable === 'strict' && s.players.every((player) => player.hand.length >= HAND_SIZE));
  return noMoreDraws && !s.players.some((_, seat) => hasPlayableTile(s, seat));
}

/**
 * When the player in turn can do nothing but skip the placement (no playable tile, no redraw
 * left, no trades to offer), skip it for them rather than ask for a pointless click.
 */
function autoSkipIfNothingElse(s: Draft, events: GameEvent[]): void {
  const phase = s.phase;
  if (phase.kind !== 'placeTile' || s.options.trades) return;
  const seat = s.currentPlayer;
  if (hasPlayableTile(s, seat)) return;
  const mayRedraw = s.options.unplayable === 'replace' && !phase.redrawn && s.bag.length > 0;
  if (!mayRedraw) skipPlacement(s, seat, events);
}

function finishGame(s: Draft, reason: GameResult['reason'], events: GameEvent[]): void {
  for (let chain = 0; chain < s.chains.length; chain++) if (isActive(s, chain)) payBonuses(s, chain, true, events);
  for (const [seat, player] of s.players.entries()) {
    for (let chain = 0; chain < s.chains.length; chain++) {
      const count = player.shares[chain]!;
      if (count === 0 || !isActive(s, chain)) continue;
      const cash = count * priceOf(s, chain);
      player.cash += cash;
      player.shares[chain] = 0;
      s.chains[chain]!.bankShares += count;
      events.push({ type: 'sharesLiquidated', seat, chain: s.chains[chain]!.name, shares: count, cash });
    }
  }
  s.netWorthHistory = [...s.netWorthHistory, s.players.map((_, seat) => netWorth(s, seat))];
  const standings = s.players
    .map((player, seat) => ({ seat, playerId: player.id, name: player.name, cash: player.cash, place: 0 }))
    .sort((a, b) => b.cash - a.cash || a.seat - b.seat);
  for (const standing of standings) standing.place = 1 + standings.filter((other) => other.cash > standing.cash).length;
  const result: GameResult = { reason, standings };
  s.result = result;
  s.phase = { kind: 'gameOver' };
  events.push({ type: 'gameEnded', result });
}

// ---------------------------------------------------------------------------------------------
// Player-to-player trades (option)

export const MAX_TRADE_OFFERS_PER_TURN = 3;

function offerTrade(s: Draft, seat: number, action: Extract<Action, { type: 'offerTrade' }>, events: GameEvent[]): Rejection | null {
  const phase = s.phase as Extract<Phase, { kind: 'placeTile' }>;
  if (!s.options.trades) return reject('trade/not_allowed', 'Trades between players are off in this game.');
  if (phase.tradeOffers >= MAX_TRADE_OFFERS_PER_TURN) return reject('trade/not_allowed', `You may make at most ${MAX_TRADE_OFFERS_PER_TURN} trade offers a turn.`);
  const to = seatOf(s, action.to);
  if (to < 0 || to === seat) return reject('trade/invalid', 'Offer a trade to another player in this game.');
  const problem = holdingsProblem(s, action.give) ?? holdingsProblem(s, action.receive);
  if (problem) return reject('trade/invalid', problem);
  if (isEmpty(action.give) && isEmpty(action.receive)) return reject('trade/invalid', 'A trade must exchange something.');
  // Only the offerer's side is checked now: checking the other side would reveal hidden holdings.
  const lack = lacking(s, seat, action.give);
  if (lack) return reject('trade/invalid', `You cannot offer that: ${lack}.`);
  const offer = { from: seat, to, give: action.give, receive: action.receive };
  s.phase = { kind: 'tradeOffer', offer, redrawn: phase.redrawn, tradeOffers: phase.tradeOffers + 1 };
  events.push({ type: 'tradeOffered', from: seat, to, give: action.give, receive: action.receive });
  return null;
}

function answerTrade(s: Draft, phase: Extract<Phase, { kind: 'tradeOffer' }>, accept: boolean, events: GameEvent[]): Rejection | null {
  const { offer } = phase;
  if (accept) {
    const lack = lacking(s, offer.to, offer.receive);
    if (lack) return reject('trade/invalid', `You cannot accept: ${lack}.`);
    transfer(s, offer.from, offer.to, offer.give);
    transfer(s, offer.to, offer.from, offer.receive);
  }
  events.push({ type: 'tradeAnswered', from: offer.from, to: offer.to, accepted: accept });
  s.phase = { kind: 'placeTile', redrawn: phase.redrawn, tradeOffers: phase.tradeOffers };
  return null;
}

function holdingsProblem(s: Draft, holdings: Holdings): string | null {
  if (!Number.isInteger(holdings.cash) || holdings.cash < 0) return 'Cash in a trade must be a whole number of dollars, zero or more.';
  for (const [name, count] of Object.entries(holdings.shares)) {
    if (chainIndex(s, name) < 0) return `There is no chain called ${name} in this game.`;
    if (!Number.isInteger(count) || count < 0) return 'Share counts must be whole numbers, zero or more.';
  }
  return null;
}

function isEmpty(holdings: Holdings): boolean {
  return holdings.cash === 0 && Object.values(holdings.shares).every((count) => count === 0);
}

/** What `seat` lacks to hand over `holdings`, or null. */
function lacking(s: Draft, seat: number, holdings: Holdings): string | null {
  const player = s.players[seat]!;
  if (player.cash < holdings.cash) return `${player.name} has less than $${holdings.cash.toLocaleString('en-US')}`;
  for (const [name, count] of Object.entries(holdings.shares)) {
    const chain = chainIndex(s, name);
    if (player.shares[chain]! < count) return `${player.name} holds fewer than ${count} ${s.chains[chain]!.name} shares`;
  }
  return null;
}

function transfer(s: Draft, from: number, to: number, holdings: Holdings): void {
  const giver = s.players[from]!;
  const taker = s.players[to]!;
  giver.cash -= holdings.cash;
  taker.cash += holdings.cash;
  for (const [name, count] of Object.entries(holdings.shares)) {
    const chain = chainIndex(s, name);
    giver.shares[chain]! -= count;
    taker.shares[chain]! += count;
  }
}
