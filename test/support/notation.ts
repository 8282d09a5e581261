/**
 * A compact text notation for positions, so a scenario test is one glance long (the role FEN
 * plays for chess). A board is nine lines, rows A to I, twelve symbols each (spaces ignored):
 *
 *   `.` empty   `x` a tile outside any chain   a chain's initial (L = Luxor, T = Tower …)
 *
 * Rows may carry a leading label (`A `); blank lines are ignored.
 */
import { ALL_TILES, CHAIN_SETS, COLUMNS, HAND_SIZE, ROWS, ROW_LETTERS, SHARES_PER_CHAIN, STARTING_CASH, tileIndex, tileName } from '../../src/engine/board.js';
import { resolveOptions } from '../../src/engine/setup.js';
import { UNINCORPORATED, type Cell, type GameOptions, type GameState, type Phase, type Tile } from '../../src/engine/types.js';

export interface ScenarioPlayer {
  id?: string;
  name?: string;
  cash?: number;
  /** Shares by chain name. */
  shares?: Record<string, number>;
  hand?: Tile[];
}

export interface ScenarioSpec {
  board?: string;
  players: ScenarioPlayer[];
  options?: Partial<GameOptions>;
  /** Seat in turn (default 0). */
  current?: number;
  /** Tiles to draw, in order. Default: every tile not on the board or in a hand, in board order. */
  bag?: Tile[];
  /** Headquarters by chain name; default: the chain's first tile in board order. */
  headquarters?: Record<string, Tile>;
  phase?: Phase;
  rng?: number;
}

/** The symbol of each chain of a set: its initial. */
export function chainSymbols(options: Pick<GameOptions, 'chainSet'>): string[] {
  return CHAIN_SETS[options.chainSet].map((chain) => chain.name[0]!.toUpperCase());
}

export function parseBoard(text: string, options: Pick<GameOptions, 'chainSet'>): Cell[] {
  const symbols = chainSymbols(options);
  const lines = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ''))
    .filter((line) => line.length > 0)
    .map((line) => (line.length === COLUMNS + 1 && ROW_LETTERS.includes(line[0]!) ? line.slice(1) : line));
  if (lines.length !== ROWS) throw new Error(`a board has ${ROWS} rows, this one ${lines.length}`);
  const board: Cell[] = [];
  for (const [row, line] of lines.entries()) {
    if (line.length !== COLUMNS) throw new Error(`row ${ROW_LETTERS[row]} has ${line.length} cells, not ${COLUMNS}`);
    for (const symbol of line) {
      if (symbol === '.') board.push(null);
      else if (symbol === 'x') board.push(UNINCORPORATED);
      else {
        const chain = symbols.indexOf(symbol);
        if (chain < 0) throw new Error(`unknown board symbol ${symbol}`);
        board.push(chain);
      }
    }
  }
  return board;
}

export function formatBoard(state: Pick<GameState, 'board' | 'options'>): string {
  const symbols = chainSymbols(state.options);
  const rows: string[] = [];
  for (let row = 0; row < ROWS; row++) {
    const cells = state.board.slice(row * COLUMNS, (row + 1) * COLUMNS);
    rows.push(`${ROW_LETTERS[row]} ${cells.map((cell) => (cell === null ? '.' : cell === UNINCORPORATED ? 'x' : symbols[cell])).join('')}`);
  }
  return rows.join('\n');
}

/** A game state in the middle of play, built from a board picture and the players' holdings. */
export function scenario(spec: ScenarioSpec): GameState {
  const options = resolveOptions(spec.players.length, spec.options);
  const definitions = CHAIN_SETS[options.chainSet];
  const board = spec.board ? parseBoard(spec.board, options) : new Array<Cell>(ALL_TILES.length).fill(null);
  const players = spec.players.map((player, seat) => ({
    id: player.id ?? `p${seat}`,
    name: player.name ?? ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay'][seat]!,
    cash: player.cash ?? STARTING_CASH,
    shares: definitions.map((chain) => player.shares?.[chain.name] ?? 0),
    hand: (player.hand ?? []).map(normalise),
  }));
  for (const player of players) if (player.hand.length > HAND_SIZE) throw new Error(`${player.name} holds more than ${HAND_SIZE} tiles`);
  const chains = definitions.map((chain, index) => {
    const size = board.filter((cell) => cell === index).length;
    const held = players.reduce((sum, player) => sum + player.shares[index]!, 0);
    if (held > SHARES_PER_CHAIN) throw new Error(`${held} ${chain.name} shares held, more than ${SHARES_PER_CHAIN}`);
    const firstTile = board.indexOf(index);
    const headquarters = size === 0 ? null : (spec.headquarters?.[chain.name] ?? tileName(firstTile));
    return { name: chain.name, tier: chain.tier, size, bankShares: SHARES_PER_CHAIN - held, headquarters };
  });
  const used = new Set<Tile>([...ALL_TILES.filter((_, index) => board[index] !== null), ...players.flatMap((player) => player.hand)]);
  for (const player of players) for (const tile of player.hand) if (board[tileIndex(tile)!] !== null) throw new Error(`${tile} is both held and on the board`);
  const bag = spec.bag ? spec.bag.map(normalise) : ALL_TILES.filter((tile) => !used.has(tile));
  for (const tile of bag) if (used.has(tile)) throw new Error(`${tile} is both in the bag and elsewhere`);
  const current = spec.current ?? 0;
  return {
    schema: 1,
    options,
    players,
    chains,
    board,
    bag,
    discarded: [],
    rng: spec.rng ?? 1,
    currentPlayer: current,
    firstPlayer: 0,
    turn: 0,
    phase: spec.phase ?? { kind: 'placeTile', redrawn: false, tradeOffers: 0 },
    lastPlacedTile: null,
    stateId: 0,
    netWorthHistory: [],
    result: null,
  };
}

function normalise(tile: string): Tile {
  const index = tileIndex(tile);
  if (index === undefined) throw new Error(`${tile} is not a tile`);
  return ALL_TILES[index]!;
}
