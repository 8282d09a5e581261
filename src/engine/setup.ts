/** Creating a game: options with their defaults, the bag, the first-player draw and the deal. */
import { ALL_TILES, CHAIN_SETS, HAND_SIZE, SHARES_PER_CHAIN, STARTING_CASH, tileIndex } from './board.js';
import { shuffle } from './rng.js';
import { UNINCORPORATED, type Cell, type GameOptions, type GameState, type Tile } from './types.js';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

export const DEFAULT_OPTIONS: GameOptions = {
  bonusMode: 'classic',
  chainSet: 'classic',
  founderShare: 'none',
  unplayable: 'replace',
  holdings: 'open',
  twoPlayerBank: true,
  trades: false,
};

export interface GameSetup {
  players: readonly { id: string; name: string }[];
  options?: Partial<GameOptions>;
  /** Seeds the shuffle of the bag and every later random draw. */
  seed?: number;
  /**
   * Instead of a shuffle: the order tiles are drawn in (first-player draw, then the deals, then
   * each turn's draw). Tiles not listed follow in board order. For tests and imported games.
   */
  tileOrder?: readonly Tile[];
}

export class SetupError extends Error {}

/**
 * The options for a game of `playerCount`, defaults filled in. The two-player bank stockholder
 * applies only to two-player classic games: the rules give it for classic bonuses only.
 */
export function resolveOptions(playerCount: number, options: Partial<GameOptions> = {}): GameOptions {
  const resolved = { ...DEFAULT_OPTIONS, ...options };
  if (playerCount !== 2 || resolved.bonusMode !== 'classic') {
    if (options.twoPlayerBank === true && playerCount === 2) {
      throw new SetupError('The two-player bank stockholder plays with classic bonuses only.');
    }
    resolved.twoPlayerBank = false;
  }
  return resolved;
}

/** The options of a setup, defaults filled in, once the seats are checked; throws SetupError. */
export function checkedOptions(setup: GameSetup): GameOptions {
  const playerCount = setup.players.length;
  if (playerCount < MIN_PLAYERS || playerCount > MAX_PLAYERS) {
    throw new SetupError(`Acquire is played by ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${playerCount}.`);
  }
  if (new Set(setup.players.map((player) => player.id)).size !== playerCount) {
    throw new SetupError('Each player may take only one seat.');
  }
  return resolveOptions(playerCount, setup.options);
}

/** The start of a game in cells (board indexes): what `createGame` names and the integer core holds. */
export interface Deal {
  /** The random source after the shuffle. */
  rng: number;
  /** Tiles still to draw after the deal, the next first. */
  bag: number[];
  /** The first-player draw's tiles, by seat; they stay on the board. */
  opening: number[];
  firstPlayer: number;
  /** Each seat's hand. */
  hands: number[][];
}

/** Every cell in board order: shuffled, the same permutation as the tiles' names would be. */
const CELLS: readonly number[] = ALL_TILES.map((_, cell) => cell);

/** The shuffle (or the given order), the first-player draw and the deal. */
export function deal(setup: GameSetup): Deal {
  const playerCount = setup.players.length;
  let rng = (setup.seed ?? 1) >>> 0;
  let bag: number[];
  if (setup.tileOrder) {
    bag = orderedBag(setup.tileOrder).map((tile) => tileIndex(tile) as number);
  } else {
    const shuffled = shuffle(CELLS, rng);
    rng = shuffled.rng;
    bag = shuffled.items;
  }
  // The first-player draw: each player places one tile; the one closest to 1A (the lowest cell) starts.
  const opening = bag.splice(0, playerCount);
  let firstPlayer = 0;
  for (let seat = 1; seat < playerCount; seat++) if (opening[seat]! < opening[firstPlayer]!) firstPlayer = seat;
  // The deal: whole hands, in seat order from the first player.
  const hands: number[][] = opening.map(() => []);
  for (let offset = 0; offset < playerCount; offset++) hands[(firstPlayer + offset) % playerCount] = bag.splice(0, HAND_SIZE);
  return { rng, bag, opening, firstPlayer, hands };
}

export function createGame(setup: GameSetup): GameState {
  const options = checkedOptions(setup);
  const { rng, bag, opening, firstPlayer, hands } = deal(setup);
  const board: Cell[] = new Array<Cell>(ALL_TILES.length).fill(null);
  for (const cell of opening) board[cell] = UNINCORPORATED;
  const chainDefinitions = CHAIN_SETS[options.chainSet];
  const players = setup.players.map((player, seat) => ({
    id: player.id,
    name: player.name,
    cash: STARTING_CASH,
    shares: chainDefinitions.map(() => 0),
    hand: hands[seat]!.map((cell) => ALL_TILES[cell]!),
  }));

  return {
    schema: 1,
    options,
    players,
    chains: chainDefinitions.map((chain) => ({ name: chain.name, tier: chain.tier, size: 0, bankShares: SHARES_PER_CHAIN, headquarters: null })),
    board,
    bag: bag.map((cell) => ALL_TILES[cell]!),
    discarded: [],
    rng,
    currentPlayer: firstPlayer,
    firstPlayer,
    turn: 0,
    phase: { kind: 'placeTile', redrawn: false, tradeOffers: 0 },
    lastPlacedTile: null,
    stateId: 0,
    netWorthHistory: [],
    result: null,
  };
}

function orderedBag(tileOrder: readonly Tile[]): Tile[] {
  const seen = new Set<Tile>();
  for (const raw of tileOrder) {
    const index = tileIndex(raw);
    if (index === undefined) throw new SetupError(`${raw} is not a tile.`);
    const tile = ALL_TILES[index] as Tile;
    if (seen.has(tile)) throw new SetupError(`${tile} is listed twice in the tile order.`);
    seen.add(tile);
  }
  return [...seen, ...ALL_TILES.filter((tile) => !seen.has(tile))];
}
