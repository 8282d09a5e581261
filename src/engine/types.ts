/**
 * The engine's data model. Everything here is plain JSON: a game state can be written to a
 * database column, read back, and handed to `apply` again without any revival step.
 */

/** A tile's name, column then row: `1A` … `12I`. */
export type Tile = string;

/** Price tier of a chain; decides its share price for a given size. */
export type Tier = 'cheap' | 'medium' | 'expensive';

export type BonusMode = 'classic' | 'tycoon';
export type ChainSetName = 'classic' | 'set2008';
export type FounderShareWhenNoneLeft = 'none' | 'cash';
export type UnplayableRule = 'replace' | 'strict';
export type HoldingsVisibility = 'open' | 'hidden';

export interface GameOptions {
  bonusMode: BonusMode;
  chainSet: ChainSetName;
  /** What the founder gets when the bank holds no share of the chain founded. */
  founderShare: FounderShareWhenNoneLeft;
  unplayable: UnplayableRule;
  holdings: HoldingsVisibility;
  /** Two-player games only: the bank competes for bonuses as a third stockholder. */
  twoPlayerBank: boolean;
  /** Player-to-player trades before placing a tile. */
  trades: boolean;
}

export interface ChainState {
  name: string;
  tier: Tier;
  /** Tiles in the chain; 0 when inactive. Always equals the board's count for the chain. */
  size: number;
  /** Shares the bank still holds (25 in all per chain). */
  bankShares: number;
  /** Where the headquarters marker stands, or null when the chain is not on the board. */
  headquarters: Tile | null;
}

export interface PlayerState {
  /** A stable id (the bot uses the Discord user id). */
  id: string;
  name: string;
  cash: number;
  /** Shares held, indexed like `GameState.chains`. */
  shares: number[];
  hand: Tile[];
}

/**
 * A board cell: null when empty, -1 when a tile stands there outside any chain, else the
 * index of the chain (into `GameState.chains`) it belongs to.
 */
export type Cell = number | null;
export const UNINCORPORATED = -1;

/** One defunct chain being wound up during a merger. */
export interface DefunctInProgress {
  chain: number;
  /** The defunct chain's size before the merger (the merging tile not counted). */
  sizeBefore: number;
  /**
   * Seats still to decide sell / trade / keep, in order; the first one decides now. In a view
   * of a hidden-holdings game only the viewer is named (src/engine/views.ts): `[viewer]` when it
   * decides now, `[ANOTHER_HOLDER, viewer]` when it decides later, `[ANOTHER_HOLDER]` otherwise.
   */
  holdersToDecide: number[];
}

/** In a hidden-holdings view, a holder of the defunct chain other than the viewer, unnamed. */
export const ANOTHER_HOLDER = -1;

export interface MergerState {
  tile: Tile;
  mergemaker: number;
  /** Chains the tile joins, all of them, survivor included. */
  chains: number[];
  survivor: number | null;
  /** Defunct chains still waiting their turn, not yet ordered. */
  pendingDefunct: number[];
  current: DefunctInProgress | null;
}

export interface TradeOffer {
  from: number;
  to: number;
  give: Holdings;
  receive: Holdings;
}

/** Cash and shares by chain name, as used in trade offers. */
export interface Holdings {
  cash: number;
  shares: Record<string, number>;
}

export type Phase =
  /** The player in turn places a tile (or, with no playable tile, skips or redraws). */
  | { kind: 'placeTile'; redrawn: boolean; tradeOffers: number }
  /** The tile at `tile` founds a chain; the player in turn names it. */
  | { kind: 'foundChain'; tile: Tile }
  /** A merger is under way. */
  | { kind: 'merger'; merger: MergerState }
  /** The player in turn may buy up to three shares (and may declare the end). */
  | { kind: 'buyShares'; endDeclared: boolean }
  /** A trade offer awaits the answer of `offer.to`; then placement resumes as it was. */
  | { kind: 'tradeOffer'; offer: TradeOffer; redrawn: boolean; tradeOffers: number }
  | { kind: 'gameOver' };

export interface Standing {
  seat: number;
  playerId: string;
  name: string;
  cash: number;
  /** 1 for the winner(s); equal cash shares a place. */
  place: number;
}

export interface GameResult {
  reason: 'declared' | 'noPlayableTiles';
  standings: Standing[];
}

export interface GameState {
  schema: 1;
  options: GameOptions;
  players: PlayerState[];
  chains: ChainState[];
  /** 108 cells, index = row * 12 + (column - 1). */
  board: Cell[];
  /** Tiles still to draw; `bag[0]` is drawn next. */
  bag: Tile[];
  /** Tiles set aside face up (dead tiles replaced, hands redrawn): out of the game. */
  discarded: Tile[];
  /** The random source's 32-bit state; advanced only by the two-player bank draw. */
  rng: number;
  /** Seat of the player in turn. */
  currentPlayer: number;
  /** Seat who started the game (closest to 1A in the first-player draw). */
  firstPlayer: number;
  /** Turns completed so far. */
  turn: number;
  phase: Phase;
  lastPlacedTile: Tile | null;
  /** Bumped by every accepted action; an action naming an older id is stale. */
  stateId: number;
  /** Each player's net worth (cash + shares at current prices) after every turn. */
  netWorthHistory: number[][];
  result: GameResult | null;
}

// ---------------------------------------------------------------------------------------------
// Actions

interface ActionBase {
  /** The acting player's id. */
  player: string;
}

export type Action =
  | (ActionBase & { type: 'placeTile'; tile: Tile })
  /** No tile in hand can be played: skip the placement (then buy and draw as usual). */
  | (ActionBase & { type: 'skipPlacement' })
  /** Option `unplayable: replace`: reveal a hand with no playable tile and draw a new one. */
  | (ActionBase & { type: 'redrawHand' })
  | (ActionBase & { type: 'foundChain'; chain: string })
  /** The mergemaker picks the survivor among equally large chains. */
  | (ActionBase & { type: 'chooseSurvivor'; chain: string })
  /** The mergemaker picks which of several equally large defunct chains is wound up next. */
  | (ActionBase & { type: 'chooseNextDefunct'; chain: string })
  /** Sell and trade (2 for 1) some shares of the defunct chain; the rest are kept. */
  | (ActionBase & { type: 'disposeShares'; sell: number; trade: number })
  /** Buy up to three shares: one chain name per share, e.g. ['Tower', 'Tower', 'Luxor']. */
  | (ActionBase & { type: 'buyShares'; chains: string[] })
  | (ActionBase & { type: 'declareEnd' })
  | (ActionBase & { type: 'offerTrade'; to: string; give: Holdings; receive: Holdings })
  | (ActionBase & { type: 'answerTrade'; accept: boolean })
  | (ActionBase & { type: 'withdrawTrade' });

export type ActionType = Action['type'];

// ---------------------------------------------------------------------------------------------
// Events: what happened, for announcements and pictures. They never name a tile still hidden
// in a hand or the bag.

export interface BonusPayout {
  /** A seat, or 'bank' for the two-player bank stockholder. */
  holder: number | 'bank';
  shares: number;
  amount: number;
}

export type GameEvent =
  | { type: 'tilePlaced'; seat: number; tile: Tile }
  | { type: 'placementSkipped'; seat: number }
  | { type: 'handRedrawn'; seat: number; revealed: Tile[] }
  | { type: 'chainFounded'; seat: number; chain: string; size: number; founderReward: 'share' | 'cash' | 'none'; cash: number }
  | { type: 'chainGrew'; chain: string; size: number }
  | { type: 'mergerStarted'; seat: number; tile: Tile; chains: string[] }
  | { type: 'survivorChosen'; chain: string; defunct: string[] }
  | { type: 'bankStockholder'; chain: string; shares: number }
  | { type: 'bonusesPaid'; chain: string; sizeBefore: number; payouts: BonusPayout[]; final: boolean }
  | { type: 'sharesDisposed'; seat: number; chain: string; sold: number; traded: number; kept: number; cashReceived: number; survivor: string }
  | { type: 'chainDefunct'; chain: string; survivor: string }
  | { type: 'mergerCompleted'; survivor: string; size: number }
  | { type: 'sharesBought'; seat: number; chains: string[]; cost: number }
  | { type: 'endDeclared'; seat: number }
  | { type: 'deadTilesReplaced'; seat: number; revealed: Tile[] }
  | { type: 'tilesDrawn'; seat: number; count: number }
  | { type: 'turnPassed'; from: number; to: number }
  | { type: 'tradeOffered'; from: number; to: number; give: Holdings; receive: Holdings }
  | { type: 'tradeAnswered'; from: number; to: number; accepted: boolean }
  | { type: 'tradeWithdrawn'; from: number; to: number }
  | { type: 'sharesLiquidated'; seat: number; chain: string; shares: number; cash: number }
  | { type: 'gameEnded'; result: GameResult };

// ---------------------------------------------------------------------------------------------
// Rejections

export type RejectionCode =
  | 'action/malformed'
  | 'action/stale'
  | 'action/game_over'
  | 'action/unknown_player'
  | 'action/not_your_decision'
  | 'action/wrong_phase'
  | 'tile/not_in_hand'
  | 'tile/unplayable'
  | 'tile/playable_tile_in_hand'
  | 'chain/unknown'
  | 'chain/not_available'
  | 'merger/not_a_candidate'
  | 'shares/bad_count'
  | 'shares/not_enough_held'
  | 'shares/bank_short'
  | 'buy/too_many'
  | 'buy/inactive_chain'
  | 'buy/not_enough_cash'
  | 'end/not_allowed'
  | 'redraw/not_allowed'
  | 'trade/not_allowed'
  | 'trade/invalid';

export interface Rejection {
  ok: false;
  code: RejectionCode;
  /** A sentence a player can read, e.g. "9C would merge two safe chains". */
  message: string;
}

export interface Accepted {
  ok: true;
  state: GameState;
  events: GameEvent[];
}

export type ApplyResult = Accepted | Rejection;

// ---------------------------------------------------------------------------------------------
// Views: what one player (or a spectator) may see. Built by `viewFor` in views.ts.

export interface ChainView extends Omit<ChainState, 'bankShares'> {
  /**
   * Shares the bank still holds; null in the public view of a hidden-holdings game before its
   * end (counted move by move they would give away who bought what). Players see them.
   */
  bankShares: number | null;
  /** Share price at the current size (0 when inactive). */
  price: number;
  safe: boolean;
  active: boolean;
}

export interface PlayerView {
  seat: number;
  id: string;
  name: string;
  /** null when holdings are hidden from this viewer. */
  cash: number | null;
  /** Shares by chain index; null when holdings are hidden from this viewer. */
  shares: number[] | null;
  handSize: number;
  /** Only the viewer's own hand; null for everyone else's. */
  hand: Tile[] | null;
}

export interface GameView {
  /** The viewer's seat, or null for a spectator (a public channel message). */
  viewerSeat: number | null;
  options: GameOptions;
  players: PlayerView[];
  chains: ChainView[];
  board: Cell[];
  bagSize: number;
  discarded: Tile[];
  currentPlayer: number;
  firstPlayer: number;
  turn: number;
  phase: Phase;
  lastPlacedTile: Tile | null;
  stateId: number;
  /**
   * Net worth after every turn; null while holdings are hidden and the game is not over. The
   * state's own rows, shared with it: read-only here.
   */
  netWorthHistory: readonly (readonly number[])[] | null;
  result: GameResult | null;
}
