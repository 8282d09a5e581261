/**
 * The integer rules core: one game held in flat arrays of small integers (cells, tiles, chains
 * and seats as numbers; typed arrays, and plain ones for the board, the bag and the hands, which
 * are faster to allocate for every game), changed in place by integer-coded actions. It plays the same games as `apply`
 * (test/engine/core.test.ts replays the recorded differential games through it) at a fraction
 * of the cost, and exists for one reason: computer players search by playing thousands of games
 * per decision. `apply` and its JSON state stay the engine's interface; a game enters the core
 * with `toCore` and leaves it with `fromCore` (convert.ts).
 *
 * It plays every option; of trades it knows only that the option is on (a placement is then
 * never skipped for the player): offers have no integer form here, so a game waiting for an
 * answer to one cannot enter (`supportsCore`), and no core player makes one. It emits no
 * events: nothing that reads a rollout needs them.
 */
import { bonusAmounts } from '../bonuses.js';
import { COLUMNS, END_SIZE, HAND_SIZE, MAX_PURCHASES, NEIGHBOURS, SAFE_SIZE, TILE_COUNT, sharePrice } from '../board.js';
import { nextInt } from '../rng.js';
import type { BonusMode, Tier } from '../types.js';

/** Board cells: empty, a tile in no chain, else the chain's index (0 and up). */
export const EMPTY = -2;
export const LOOSE = -1;

/** Phases, as `GameState.phase.kind` names them (no trade offer: a game waiting on one cannot enter). */
export const PLACE_TILE = 0;
export const FOUND_CHAIN = 1;
export const MERGER = 2;
export const BUY_SHARES = 3;
export const GAME_OVER = 4;

/** What a tile would do if placed now (`classifyCell`'s kinds). */
export const NOTHING = 0;
export const FOUNDS = 1;
export const GROWS = 2;
export const MERGES = 3;
export const UNPLAYABLE = 4;

/** Why a game ended: `GameResult['reason']`, 0 while it goes on. */
export const DECLARED = 1;
export const NO_PLAYABLE_TILES = 2;

// Actions are integers: the kind in the low 4 bits, then an argument of 8 bits and one above. They
// cost no allocation in a playout's inner loop; `toAction` (convert.ts) names them.
export const PLACE = 0;
export const SKIP = 1;
export const REDRAW = 2;
export const FOUND = 3;
export const SURVIVOR = 4;
export const NEXT_DEFUNCT = 5;
export const DISPOSE = 6;
export const BUY = 7;
export const DECLARE_END = 8;
/** No action: the game is over (or the policy has nothing to play). */
export const NO_ACTION = -1;

export const actionKind = (action: number): number => action & 15;
export const actionFirst = (action: number): number => (action >>> 4) & 255;
export const actionSecond = (action: number): number => action >>> 12;
const encode = (kind: number, first = 0, second = 0): number => kind | (first << 4) | (second << 12);

export const placeAction = (cell: number): number => encode(PLACE, cell);
export const skipAction = (): number => encode(SKIP);
export const redrawAction = (): number => encode(REDRAW);
export const foundAction = (chain: number): number => encode(FOUND, chain);
export const survivorAction = (chain: number): number => encode(SURVIVOR, chain);
export const nextDefunctAction = (chain: number): number => encode(NEXT_DEFUNCT, chain);
export const disposeAction = (sell: number, trade: number): number => encode(DISPOSE, sell, trade);
export const declareEndAction = (): number => encode(DECLARE_END);
/** A basket of up to three shares, each a chain index, in the order named. */
export function buyAction(count: number, first = 0, second = 0, third = 0): number {
  return encode(BUY, count, first | (second << 3) | (third << 6));
}
/** The chain of the basket's `position`th share. */
export const basketChain = (action: number, position: number): number => (actionSecond(action) >>> (3 * position)) & 7;

/**
 * Neighbours flattened, four a cell (cell × 4 + k); at the edges the missing ones are `OFF_BOARD`,
 * a cell past the board's end that is always empty, so the inner loops need no count.
 */
const OFF_BOARD = TILE_COUNT;
const NEIGHBOUR_CELLS = new Int8Array(TILE_COUNT * 4).fill(OFF_BOARD);
/** Scratch for `absorbInto` (one game acts at a time on a thread). */
const GROUP = new Int32Array(TILE_COUNT);
/**
 * `count` copies of `value` in a packed array (pushed, not `new Array(count).fill`, whose holey
 * array V8 reads with a hole check at every element); a game's lists are sliced from these.
 */
function packed(count: number, value: number): number[] {
  const list: number[] = [];
  for (let i = 0; i < count; i++) list.push(value);
  return list;
}
const EMPTY_BOARD = packed(TILE_COUNT + 1, EMPTY);
const EMPTY_BAG = packed(TILE_COUNT, 0);
const EMPTY_HANDS = packed(6 * HAND_SIZE, 0);
for (let cell = 0; cell < TILE_COUNT; cell++) {
  NEIGHBOURS[cell]!.forEach((neighbour, k) => (NEIGHBOUR_CELLS[cell * 4 + k] = neighbour));
}

export const TIERS: readonly Tier[] = ['cheap', 'medium', 'expensive'];
/** Share prices by tier and size, looked up: tier × (TILE_COUNT + 1) + size. */
const PRICES = new Int32Array(3 * (TILE_COUNT + 1));
TIERS.forEach((tier, t) => {
  for (let size = 0; size <= TILE_COUNT; size++) PRICES[t * (TILE_COUNT + 1) + size] = sharePrice(tier, size);
});

/** What does not change during a game: seats, chain tiers and the options the rules read. */
export interface CoreRules {
  players: number;
  chains: number;
  /** Tier of each chain: 0 cheap, 1 medium, 2 expensive. */
  tiers: Int8Array;
  bonusMode: BonusMode;
  founderGetsCash: boolean;
  /** `unplayable: 'replace'` (dead tiles replaced, hopeless hands redrawn); else strict. */
  replaceUnplayable: boolean;
  twoPlayerBank: boolean;
  /** Trades are on: the player in turn may always offer one, so a hopeless placement is not skipped for them. */
  trades: boolean;
  /** Holdings are hidden (the rules do not read it; computer players do). */
  hiddenHoldings: boolean;
}

export class CoreGame {
  readonly rules: CoreRules;
  /** Cells by index, and `OFF_BOARD` after them (always empty). */
  readonly board: number[] = EMPTY_BOARD.slice();
  readonly size: Int32Array;
  /** Each chain's share price at its size now: kept with the sizes (`chainsChanged`), read everywhere. */
  readonly prices: Int32Array;
  /** Chains on the board that are safe, of 41 tiles or more, and chains not on the board: kept with the sizes too. */
  safeChains = 0;
  endSizedChains = 0;
  freeChains = 0;
  readonly bankShares: Int32Array;
  /** The headquarters' cell, -1 when the chain is not on the board. */
  readonly headquarters: Int32Array;
  readonly cash: Int32Array;
  /**
   * Shares held: seat × chains + chain. Changed only through `gainShares` (a new game is filled in
   * before its prices are set, and `chainsChanged` then values what it holds).
   */
  readonly shares: Int32Array;
  /**
   * Each seat's shares at today's prices, kept as shares and prices change: a price changes only
   * when a chain's size crosses a step of the table, so the net worth of every seat after every
   * turn costs an addition instead of a pass over every chain.
   */
  readonly stockValue: Int32Array;
  /** Hands: seat × HAND_SIZE + position, in the order `PlayerState.hand` keeps. */
  readonly hands: number[];
  readonly handLength: Int32Array;
  /** The bag's cells; `bag[bagStart]` is drawn next. */
  readonly bag: number[] = EMPTY_BAG.slice();
  bagStart = 0;
  bagEnd = 0;
  discarded: number[] = [];
  /** Net worth after every turn, one row of `players` numbers after another. */
  netWorthHistory: number[] = [];
  rng = 0;
  currentPlayer = 0;
  firstPlayer = 0;
  turn = 0;
  stateId = 0;
  lastPlacedTile = -1;
  phase = PLACE_TILE;
  redrawn = false;
  tradeOffers = 0;
  /** The cell of the tile founding a chain (phase FOUND_CHAIN). */
  foundingTile = -1;
  endDeclared = false;
  // The merger under way (phase MERGER), as `MergerState` holds it.
  mergerTile = -1;
  mergemaker = -1;
  readonly mergerChains = new Int32Array(4);
  mergerChainCount = 0;
  survivor = -1;
  readonly pendingDefunct = new Int32Array(4);
  pendingCount = 0;
  /** The defunct chain being wound up, -1 for none. */
  defunct = -1;
  defunctSizeBefore = 0;
  readonly holdersToDecide = new Int32Array(6);
  holdersStart = 0;
  holdersEnd = 0;
  /** Why the game ended (DECLARED, NO_PLAYABLE_TILES), 0 while it goes on. */
  result = 0;

  /** Chains adjacent to the cell last classified, in `classifyCell`'s order; their count. */
  readonly adjacent = new Int32Array(4);
  adjacentCount = 0;
  private readonly candidates = new Int32Array(4);
  /** Shares of a chain by seat, the two-player bank last, and the bonuses they take. */
  private readonly holdings: Int32Array;
  private readonly bonuses: Int32Array;

  constructor(rules: CoreRules) {
    this.rules = rules;
    this.size = new Int32Array(rules.chains);
    this.prices = new Int32Array(rules.chains);
    this.freeChains = rules.chains;
    this.bankShares = new Int32Array(rules.chains);
    this.headquarters = new Int32Array(rules.chains).fill(-1);
    this.cash = new Int32Array(rules.players);
    this.shares = new Int32Array(rules.players * rules.chains);
    this.stockValue = new Int32Array(rules.players);
    this.hands = EMPTY_HANDS.slice(0, rules.players * HAND_SIZE);
    this.handLength = new Int32Array(rules.players);
    this.holdings = new Int32Array(rules.players + 1);
    this.bonuses = new Int32Array(rules.players + 1);
  }

  /** A copy that shares nothing it may change (the rules are fixed). */
  clone(): CoreGame {
    const copy = new CoreGame(this.rules);
    for (let cell = 0; cell < TILE_COUNT; cell++) copy.board[cell] = this.board[cell]!;
    copy.size.set(this.size);
    copy.prices.set(this.prices);
    copy.safeChains = this.safeChains;
    copy.endSizedChains = this.endSizedChains;
    copy.freeChains = this.freeChains;
    copy.bankShares.set(this.bankShares);
    copy.headquarters.set(this.headquarters);
    copy.cash.set(this.cash);
    copy.shares.set(this.shares);
    copy.stockValue.set(this.stockValue);
    for (let i = 0; i < this.hands.length; i++) copy.hands[i] = this.hands[i]!;
    copy.handLength.set(this.handLength);
    for (let i = 0; i < TILE_COUNT; i++) copy.bag[i] = this.bag[i]!;
    copy.bagStart = this.bagStart;
    copy.bagEnd = this.bagEnd;
    copy.discarded = this.discarded.slice();
    copy.netWorthHistory = this.netWorthHistory.slice();
    copy.rng = this.rng;
    copy.currentPlayer = this.currentPlayer;
    copy.firstPlayer = this.firstPlayer;
    copy.turn = this.turn;
    copy.stateId = this.stateId;
    copy.lastPlacedTile = this.lastPlacedTile;
    copy.phase = this.phase;
    copy.redrawn = this.redrawn;
    copy.tradeOffers = this.tradeOffers;
    copy.foundingTile = this.foundingTile;
    copy.endDeclared = this.endDeclared;
    copy.mergerTile = this.mergerTile;
    copy.mergemaker = this.mergemaker;
    copy.mergerChains.set(this.mergerChains);
    copy.mergerChainCount = this.mergerChainCount;
    copy.survivor = this.survivor;
    copy.pendingDefunct.set(this.pendingDefunct);
    copy.pendingCount = this.pendingCount;
    copy.defunct = this.defunct;
    copy.defunctSizeBefore = this.defunctSizeBefore;
    copy.holdersToDecide.set(this.holdersToDecide);
    copy.holdersStart = this.holdersStart;
    copy.holdersEnd = this.holdersEnd;
    copy.result = this.result;
    return copy;
  }

  // -------------------------------------------------------------------------------------------
  // Facts about the position (state.ts and analysis.ts, in integers)

  get bagSize(): number {
    return this.bagEnd - this.bagStart;
  }

  price(chain: number): number {
    return this.prices[chain]!;
  }

  /**
   * After headquarters came or went (or a game was loaded): every chain's price and the counts
   * of safe, end-sized and free chains, worked out again.
   */
  chainsChanged(): void {
    let safe = 0;
    let endSized = 0;
    let free = 0;
    for (let chain = 0; chain < this.rules.chains; chain++) {
      const size = this.size[chain]!;
      this.repriced(chain, size);
      if (this.headquarters[chain]! < 0) free++;
      else if (size >= SAFE_SIZE) {
        safe++;
        if (size >= END_SIZE) endSized++;
      }
    }
    this.safeChains = safe;
    this.endSizedChains = endSized;
    this.freeChains = free;
  }

  /** A chain on the board grows to `size` (the common change: one chain, counts kept up). */
  private grow(chain: number, size: number): void {
    const before = this.size[chain]!;
    this.size[chain] = size;
    this.repriced(chain, size);
    if (before < SAFE_SIZE && size >= SAFE_SIZE) this.safeChains++;
    if (before < END_SIZE && size >= END_SIZE) this.endSizedChains++;
  }

  /** The chain's price at `size`, and every holder's stock value with it. */
  private repriced(chain: number, size: number): void {
    const price = PRICES[this.rules.tiers[chain]! * (TILE_COUNT + 1) + size]!;
    const change = price - this.prices[chain]!;
    if (change === 0) return;
    const chains = this.rules.chains;
    for (let seat = 0; seat < this.rules.players; seat++) this.stockValue[seat]! += this.shares[seat * chains + chain]! * change;
    this.prices[chain] = price;
  }

  isActive(chain: number): boolean {
    return this.headquarters[chain]! >= 0;
  }

  /** Whose decision it is now, -1 once the game is over. */
  decidingSeat(): number {
    if (this.phase === GAME_OVER) return -1;
    if (this.phase === MERGER && this.defunct >= 0) return this.holdersToDecide[this.holdersStart]!;
    if (this.phase === MERGER) return this.mergemaker;
    return this.currentPlayer;
  }

  /**
   * What a tile at `cell` would do now; the chains it touches are left in `adjacent`. An
   * eighth chain counts as unplayable, as does a merger of two safe chains.
   */
  classify(cell: number): number {
    const board = this.board;
    const k = cell * 4;
    // The four neighbours read once, unrolled: some 360 calls a game, the commonest question of
    // a computer player's rollout (a fifth of its time before). A chain is 0 and up, so comparing
    // one with EMPTY or LOOSE never matches; each chain is listed once, in neighbour order.
    const first = board[NEIGHBOUR_CELLS[k]!]!;
    const second = board[NEIGHBOUR_CELLS[k + 1]!]!;
    const third = board[NEIGHBOUR_CELLS[k + 2]!]!;
    const fourth = board[NEIGHBOUR_CELLS[k + 3]!]!;
    const adjacent = this.adjacent;
    let count = 0;
    if (first >= 0) adjacent[count++] = first;
    if (second >= 0 && second !== first) adjacent[count++] = second;
    if (third >= 0 && third !== first && third !== second) adjacent[count++] = third;
    if (fourth >= 0 && fourth !== first && fourth !== second && fourth !== third) adjacent[count++] = fourth;
    this.adjacentCount = count;
    if (count >= 2) {
      let safe = 0;
      for (let j = 0; j < count; j++) if (this.size[adjacent[j]!]! >= SAFE_SIZE) safe++;
      return safe >= 2 ? UNPLAYABLE : MERGES;
    }
    if (count === 1) return GROWS;
    if (first === LOOSE || second === LOOSE || third === LOOSE || fourth === LOOSE) return this.hasFreeChain() ? FOUNDS : UNPLAYABLE;
    return NOTHING;
  }

  /** Never playable: it would merge two safe chains (which only grow). */
  isDead(cell: number): boolean {
    return this.classify(cell) === UNPLAYABLE && this.adjacentCount >= 2;
  }

  hasFreeChain(): boolean {
    return this.freeChains > 0;
  }

  /** Whether any tile at all may be unplayable now (`someTileMayBeUnplayable`). */
  someTileMayBeUnplayable(): boolean {
    return this.safeChains >= 2 || this.freeChains === 0;
  }

  hasPlayableTile(seat: number): boolean {
    const length = this.handLength[seat]!;
    if (length > 0 && !this.someTileMayBeUnplayable()) return true;
    for (let position = 0; position < length; position++) if (this.classify(this.hands[seat * HAND_SIZE + position]!) !== UNPLAYABLE) return true;
    return false;
  }

  /** A chain has 41 tiles or more, or every chain on the board (one at least) is safe. */
  canDeclareEnd(): boolean {
    const active = this.rules.chains - this.freeChains;
    return active > 0 && (this.endSizedChains > 0 || this.safeChains === active);
  }

  canBuyAnything(seat: number): boolean {
    const cash = this.cash[seat]!;
    for (let chain = 0; chain < this.rules.chains; chain++) {
      if (this.headquarters[chain]! >= 0 && this.bankShares[chain]! > 0 && this.price(chain) <= cash) return true;
    }
    return false;
  }

  netWorth(seat: number): number {
    return this.cash[seat]! + this.stockValue[seat]!;
  }

  /** `count` more shares of `chain` for `seat` (fewer when negative); the bank's side is the caller's. */
  private gainShares(seat: number, chain: number, count: number): void {
    this.shares[seat * this.rules.chains + chain]! += count;
    this.stockValue[seat]! += count * this.prices[chain]!;
  }

  /** The defunct chain's share price before the merger: what its shares sell for. */
  defunctPrice(): number {
    return PRICES[this.rules.tiers[this.defunct]! * (TILE_COUNT + 1) + this.defunctSizeBefore]!;
  }

  /** A redraw is allowed: replace rule, not yet this turn, no playable tile, tiles in the bag. */
  mayRedraw(): boolean {
    return this.rules.replaceUnplayable && !this.redrawn && this.bagSize > 0 && !this.hasPlayableTile(this.currentPlayer);
  }

  /**
   * The largest chains among `chains[0..count)` (several when sizes tie), in their order, left
   * in `candidates`; their count.
   */
  largest(chains: Int32Array, count: number): number {
    let best = -1;
    for (let i = 0; i < count; i++) best = Math.max(best, this.size[chains[i]!]!);
    let found = 0;
    for (let i = 0; i < count; i++) if (this.size[chains[i]!]! === best) this.candidates[found++] = chains[i]!;
    return found;
  }

  /** The `index`th chain `largest` found. */
  candidate(index: number): number {
    return this.candidates[index]!;
  }

  // -------------------------------------------------------------------------------------------
  // Acting: `apply`'s moves (src/engine/moves/), in integers

  /**
   * Plays `action` for whoever decides now. Returns false, changing nothing, when the rules
   * refuse it.
   */
  act(action: number): boolean {
    const first = actionFirst(action);
    let accepted: boolean;
    switch (actionKind(action)) {
      case PLACE:
        accepted = this.phase === PLACE_TILE && this.placeTile(first);
        break;
      case SKIP:
        accepted = this.phase === PLACE_TILE && !this.hasPlayableTile(this.currentPlayer);
        if (accepted) this.enterBuyPhase();
        break;
      case REDRAW:
        accepted = this.phase === PLACE_TILE && this.redrawHand();
        break;
      case FOUND:
        accepted = this.phase === FOUND_CHAIN && this.foundChain(first);
        break;
      case SURVIVOR:
        accepted = this.phase === MERGER && this.survivor < 0 && this.chooseSurvivor(first);
        break;
      case NEXT_DEFUNCT:
        accepted = this.phase === MERGER && this.survivor >= 0 && this.defunct < 0 && this.chooseNextDefunct(first);
        break;
      case DISPOSE:
        accepted = this.phase === MERGER && this.defunct >= 0 && this.disposeShares(first, actionSecond(action));
        break;
      case BUY:
        accepted = this.phase === BUY_SHARES && this.buyShares(action);
        break;
      case DECLARE_END:
        accepted = this.phase === BUY_SHARES && this.declareEnd();
        break;
      default:
        accepted = false;
    }
    if (accepted) this.stateId++;
    return accepted;
  }

  private placeTile(cell: number): boolean {
    const seat = this.currentPlayer;
    const hand = seat * HAND_SIZE;
    const length = this.handLength[seat]!;
    let position = 0;
    while (position < length && this.hands[hand + position] !== cell) position++;
    if (position === length) return false;
    const outcome = this.classify(cell);
    if (outcome === UNPLAYABLE) return false;
    for (let i = position; i < length - 1; i++) this.hands[hand + i] = this.hands[hand + i + 1]!;
    this.handLength[seat] = length - 1;
    this.board[cell] = LOOSE;
    this.lastPlacedTile = cell;
    switch (outcome) {
      case FOUNDS:
        this.phase = FOUND_CHAIN;
        this.foundingTile = cell;
        return true;
      case GROWS:
        this.absorbInto(cell, this.adjacent[0]!);
        break;
      case MERGES:
        this.startMerger(seat, cell);
        return true;
      default:
        break;
    }
    this.enterBuyPhase();
    return true;
  }

  private redrawHand(): boolean {
    if (!this.mayRedraw()) return false;
    const seat = this.currentPlayer;
    for (let position = 0; position < this.handLength[seat]!; position++) this.discarded.push(this.hands[seat * HAND_SIZE + position]!);
    this.handLength[seat] = 0;
    this.drawUpToHandSize(seat);
    this.phase = PLACE_TILE;
    this.redrawn = true;
    this.autoSkipIfNothingElse();
    return true;
  }

  private foundChain(chain: number): boolean {
    if (chain >= this.rules.chains || this.headquarters[chain]! >= 0) return false;
    // One chain fewer is free; growing from nothing, `absorbInto` prices it and counts it safe if it is.
    this.headquarters[chain] = this.foundingTile;
    this.freeChains--;
    this.absorbInto(this.foundingTile, chain);
    const seat = this.currentPlayer;
    if (this.bankShares[chain]! > 0) {
      this.bankShares[chain]!--;
      this.gainShares(seat, chain, 1);
    } else if (this.rules.founderGetsCash) {
      this.cash[seat]! += this.price(chain);
    }
    this.enterBuyPhase();
    return true;
  }

  private startMerger(seat: number, cell: number): void {
    this.phase = MERGER;
    this.mergerTile = cell;
    this.mergemaker = seat;
    this.mergerChains.set(this.adjacent);
    this.mergerChainCount = this.adjacentCount;
    this.survivor = -1;
    this.pendingCount = 0;
    this.defunct = -1;
    if (this.largest(this.mergerChains, this.mergerChainCount) === 1) this.setSurvivor(this.candidate(0));
  }

  private isCandidate(chain: number, count: number): boolean {
    for (let i = 0; i < count; i++) if (this.candidate(i) === chain) return true;
    return false;
  }

  private chooseSurvivor(chain: number): boolean {
    if (!this.isCandidate(chain, this.largest(this.mergerChains, this.mergerChainCount))) return false;
    this.setSurvivor(chain);
    return true;
  }

  private chooseNextDefunct(chain: number): boolean {
    if (!this.isCandidate(chain, this.largest(this.pendingDefunct, this.pendingCount))) return false;
    this.startDefunct(chain);
    this.advanceMerger();
    return true;
  }

  private setSurvivor(survivor: number): void {
    this.survivor = survivor;
    this.pendingCount = 0;
    for (let i = 0; i < this.mergerChainCount; i++) {
      const chain = this.mergerChains[i]!;
      if (chain !== survivor) this.pendingDefunct[this.pendingCount++] = chain;
    }
    this.advanceMerger();
  }

  /** Winds up defunct chains largest first until someone must decide (`advanceMerger`). */
  private advanceMerger(): void {
    for (;;) {
      if (this.defunct >= 0) {
        if (this.holdersEnd > this.holdersStart) return;
        this.closeDefunct(this.defunct);
        this.defunct = -1;
      }
      if (this.pendingCount === 0) break;
      if (this.largest(this.pendingDefunct, this.pendingCount) > 1) return;
      this.startDefunct(this.candidate(0));
    }
    this.absorbInto(this.mergerTile, this.survivor);
    this.enterBuyPhase();
  }

  private startDefunct(chain: number): void {
    let kept = 0;
    for (let i = 0; i < this.pendingCount; i++) if (this.pendingDefunct[i] !== chain) this.pendingDefunct[kept++] = this.pendingDefunct[i]!;
    this.pendingCount = kept;
    this.defunctSizeBefore = this.size[chain]!;
    this.payBonuses(chain);
    const players = this.rules.players;
    this.holdersStart = 0;
    this.holdersEnd = 0;
    for (let offset = 0; offset < players; offset++) {
      const seat = (this.mergemaker + offset) % players;
      if (this.shares[seat * this.rules.chains + chain]! > 0) this.holdersToDecide[this.holdersEnd++] = seat;
    }
    this.defunct = chain;
  }

  private closeDefunct(defunct: number): void {
    const board = this.board;
    for (let cell = 0; cell < TILE_COUNT; cell++) if (board[cell] === defunct) board[cell] = this.survivor;
    this.size[this.survivor]! += this.size[defunct]!;
    this.size[defunct] = 0;
    this.headquarters[defunct] = -1;
    this.chainsChanged();
  }

  private disposeShares(sell: number, trade: number): boolean {
    const seat = this.holdersToDecide[this.holdersStart]!;
    const chains = this.rules.chains;
    const defunct = this.defunct;
    const survivor = this.survivor;
    const held = this.shares[seat * chains + defunct]!;
    if (trade % 2 !== 0 || sell + trade > held || trade / 2 > this.bankShares[survivor]!) return false;
    this.cash[seat]! += sell * this.defunctPrice();
    this.gainShares(seat, defunct, -(sell + trade));
    this.bankShares[defunct]! += sell + trade;
    this.gainShares(seat, survivor, trade / 2);
    this.bankShares[survivor]! -= trade / 2;
    this.holdersStart++;
    this.advanceMerger();
    return true;
  }

  private buyShares(action: number): boolean {
    const count = actionFirst(action);
    if (count > MAX_PURCHASES) return false;
    const seat = this.currentPlayer;
    let cost = 0;
    for (let position = 0; position < count; position++) {
      const chain = basketChain(action, position);
      if (chain >= this.rules.chains || !this.isActive(chain)) return false;
      let wanted = 0;
      for (let other = 0; other < count; other++) if (basketChain(action, other) === chain) wanted++;
      if (wanted > this.bankShares[chain]!) return false;
      cost += this.price(chain);
    }
    if (cost > this.cash[seat]!) return false;
    for (let position = 0; position < count; position++) {
      const chain = basketChain(action, position);
      this.bankShares[chain]!--;
      this.gainShares(seat, chain, 1);
    }
    this.cash[seat]! -= cost;
    if (this.endDeclared) this.finishGame(DECLARED);
    else this.endTurn();
    return true;
  }

  private declareEnd(): boolean {
    if (this.endDeclared || !this.canDeclareEnd()) return false;
    this.endDeclared = true;
    if (!this.canBuyAnything(this.currentPlayer)) this.finishGame(DECLARED);
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // The flow of a turn (moves/turn.ts)

  private enterBuyPhase(): void {
    this.phase = BUY_SHARES;
    this.endDeclared = false;
    if (!this.canBuyAnything(this.currentPlayer) && !this.canDeclareEnd()) this.endTurn();
  }

  private drawUpToHandSize(seat: number): void {
    const count = Math.min(HAND_SIZE - this.handLength[seat]!, this.bagSize);
    for (let i = 0; i < count; i++) this.hands[seat * HAND_SIZE + this.handLength[seat]!++] = this.bag[this.bagStart++]!;
  }

  private endTurn(): void {
    const seat = this.currentPlayer;
    this.drawUpToHandSize(seat);
    if (this.rules.replaceUnplayable && this.safeChains >= 2) {
      // Every permanently dead tile in the hand is set aside face up and replaced, once a turn.
      const hand = seat * HAND_SIZE;
      let kept = 0;
      const length = this.handLength[seat]!;
      for (let position = 0; position < length; position++) {
        const cell = this.hands[hand + position]!;
        if (this.isDead(cell)) this.discarded.push(cell);
        else this.hands[hand + kept++] = cell;
      }
      if (kept < length) {
        this.handLength[seat] = kept;
        this.drawUpToHandSize(seat);
      }
    }
    this.recordNetWorths();
    this.turn++;
    if (this.isStuck()) {
      this.finishGame(NO_PLAYABLE_TILES);
      return;
    }
    this.currentPlayer = (seat + 1) % this.rules.players;
    this.phase = PLACE_TILE;
    this.redrawn = false;
    this.tradeOffers = 0;
    this.autoSkipIfNothingElse();
  }

  private recordNetWorths(): void {
    for (let seat = 0; seat < this.rules.players; seat++) this.netWorthHistory.push(this.netWorth(seat));
  }

  private isStuck(): boolean {
    let noMoreDraws = this.bagSize === 0;
    if (!noMoreDraws && !this.rules.replaceUnplayable) {
      noMoreDraws = true;
      for (let seat = 0; seat < this.rules.players; seat++) if (this.handLength[seat]! < HAND_SIZE) noMoreDraws = false;
    }
    if (!noMoreDraws) return false;
    for (let seat = 0; seat < this.rules.players; seat++) if (this.hasPlayableTile(seat)) return false;
    return true;
  }

  private autoSkipIfNothingElse(): void {
    if (this.rules.trades || this.hasPlayableTile(this.currentPlayer)) return;
    const mayRedraw = this.rules.replaceUnplayable && !this.redrawn && this.bagSize > 0;
    if (!mayRedraw) this.enterBuyPhase();
  }

  private finishGame(reason: number): void {
    const chains = this.rules.chains;
    for (let chain = 0; chain < chains; chain++) if (this.isActive(chain)) this.payBonuses(chain);
    for (let seat = 0; seat < this.rules.players; seat++) {
      for (let chain = 0; chain < chains; chain++) {
        const count = this.shares[seat * chains + chain]!;
        if (count === 0 || !this.isActive(chain)) continue;
        this.cash[seat]! += count * this.price(chain);
        this.gainShares(seat, chain, -count);
        this.bankShares[chain]! += count;
      }
    }
    this.recordNetWorths();
    this.result = reason;
    this.phase = GAME_OVER;
  }

  /** The tile at `cell` and every tile in no chain connected to it join `chain`. */
  private absorbInto(cell: number, chain: number): void {
    const board = this.board;
    const group = GROUP;
    board[cell] = chain;
    group[0] = cell;
    let count = 1;
    for (let i = 0; i < count; i++) {
      const from = group[i]!;
      for (let k = from * 4, end = k + 4; k < end; k++) {
        const neighbour = NEIGHBOUR_CELLS[k]!;
        if (board[neighbour] === LOOSE) {
          board[neighbour] = chain;
          group[count++] = neighbour;
        }
      }
    }
    this.grow(chain, this.size[chain]! + count);
  }

  /** A chain's stockholder bonuses at its size now, the two-player bank included (payment.ts). */
  private payBonuses(chain: number): void {
    const players = this.rules.players;
    const holdings = this.holdings;
    for (let seat = 0; seat < players; seat++) holdings[seat] = this.shares[seat * this.rules.chains + chain]!;
    // The two-player bank holds the last place of the list (and takes what it wins from no one).
    holdings[players] = this.rules.twoPlayerBank ? this.drawBankHolding() : 0;
    bonusAmounts(this.rules.bonusMode, TIERS[this.rules.tiers[chain]!]!, this.size[chain]!, holdings, this.bonuses);
    for (let seat = 0; seat < players; seat++) this.cash[seat]! += this.bonuses[seat]!;
  }

  private drawBankHolding(): number {
    const bagSize = this.bagSize;
    const draw = nextInt(this.rng, bagSize > 0 ? bagSize : 12);
    this.rng = draw.rng;
    return bagSize > 0 ? (this.bag[this.bagStart + draw.value]! % COLUMNS) + 1 : draw.value + 1;
  }
}

/** Plays from `game` on, in place, choosing each action with `choose`, until the game ends, `choose` has nothing, `maxActions` or a refusal. */
export function playOutCore(game: CoreGame, choose: (game: CoreGame) => number, maxActions = Number.POSITIVE_INFINITY): { actions: number; refused: number } {
  let actions = 0;
  while (actions < maxActions && game.phase !== GAME_OVER) {
    const action = choose(game);
    if (action === NO_ACTION) break;
    if (!game.act(action)) return { actions, refused: action };
    actions++;
  }
  return { actions, refused: NO_ACTION };
}
