/** Creating a game: options with their defaults, the bag, the first-player draw and the deal. */
import { ALL_TILES, CHAIN_SETS, HAND_SIZE, SHARES_PER_CHAIN, STARTING_CASH, distanceFrom1A, tileIndex } from './board.js';
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

export function createGame(setup: GameSetup): GameState {
  const playerCount = setup.players.length;
  if (playerCount < MIN_PLAYERS || playerCount > MAX_PLAYERS) {
    throw new SetupError(`Acquire is played by ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${playerCount}.`);
  }
  if (new Set(setup.players.map((player) => player.id)).size !== playerCount) {
    throw new SetupError('Each player may take only one seat.');
  }
  const options = resolveOptions(playerCount, setup.options);
  let rng = (setup.seed ?? 1) >>> 0;
  let bag: Tile[];
  if (setup.tileOrder) {
    bag = orderedBag(setup.tileOrder);
  } else {
    const shuffled = shuffle(ALL_TILES, rng);
    rng = shuffled.rng;
    bag = shuffled.items;
  }

  const board: Cell[] = new Array<Cell>(ALL_TILES.length).fill(null);
  // The first-player draw: each player places one tile; the one closest to 1A starts.
  const opening = bag.splice(0, playerCount);
  opening.forEach((tile) => (board[tileIndex(tile) as number] = UNINCORPORATED));
  let firstPlayer = 0;
  opening.forEach((tile, seat) => {
    if (distanceFrom1A(tile) < distanceFrom1A(opening[firstPlayer] as Tile)) firstPlayer = seat;
  });

  const chainDefinitions = CHAIN_SETS[options.chainSet];
  const players = setup.players.map((player) => ({
    id: player.id,
    name: player.name,
    cash: STARTING_CASH,
    shares: chainDefinitions.map(() => 0),
    hand: [] as Tile[],
  }));
  // The deal: whole hands, in seat order from the first player.
  for (let offset = 0; offset < playerCount; offset++) {
    const player = players[(firstPlayer + offset) % playerCount];
    if (player) player.hand = bag.splice(0, HAND_SIZE);
  }

  return {
    schema: 1,
    options,
    players,
    chains: chainDefinitions.map((chain) => ({ name: chain.name, tier: chain.tier, size: 0, bankShares: SHARES_PER_CHAIN, headquarters: null })),
    board,
    bag,
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
