/**
 * Player-neutral game views for the picture tests, built by hand. Boards are drawn as nine
 * strings of twelve characters: `.` empty, `#` a tile outside any chain, a capital letter a
 * tile of the chain with that initial.
 */
import { CHAIN_SETS, isSafe, sharePrice, SHARES_PER_CHAIN, tileIndex } from '../../src/engine/board.js';
import type { BonusMode, Cell, ChainSetName, GameOptions, GameResult, GameView, Phase, PlayerView, Tile } from '../../src/engine/types.js';
import { UNINCORPORATED } from '../../src/engine/types.js';
import { spectatorView } from '../../src/engine/views.js';
import { playRandomGame } from '../engine/playout.js';

export function options(chainSet: ChainSetName = 'classic', bonusMode: BonusMode = 'classic'): GameOptions {
  return { bonusMode, chainSet, founderShare: 'none', unplayable: 'replace', holdings: 'open', twoPlayerBank: false, trades: false };
}

const PLAYER_NAMES = ['Ada', 'Bruno', 'Chiara', 'Dmitri', 'Esi', 'Farid'];

function players(count: number): PlayerView[] {
  return PLAYER_NAMES.slice(0, count).map((name, seat) => ({
    seat,
    id: `player-${seat}`,
    name,
    cash: 6000,
    shares: [0, 0, 0, 0, 0, 0, 0],
    handSize: 6,
    hand: null,
  }));
}

interface BoardSpec {
  chainSet?: ChainSetName;
  rows: readonly string[];
  /** Headquarters tile by chain initial. */
  headquarters?: Record<string, Tile>;
  /** Shares the bank holds by chain initial; 25 for any chain not named. */
  bankShares?: Record<string, number>;
  lastPlacedTile?: Tile | null;
  turn?: number;
  phase?: Phase;
  bagSize?: number;
}

export function boardView(spec: BoardSpec): GameView {
  const chainSet = spec.chainSet ?? 'classic';
  const definitions = CHAIN_SETS[chainSet];
  const initials = definitions.map((chain) => chain.name[0]);
  if (spec.rows.length !== 9 || spec.rows.some((row) => row.length !== 12)) throw new Error('a board is 9 rows of 12');
  const board: Cell[] = [...spec.rows.join('')].map((mark) => {
    if (mark === '.') return null;
    if (mark === '#') return UNINCORPORATED;
    const chain = initials.indexOf(mark);
    if (chain < 0) throw new Error(`no chain with initial ${mark} in ${chainSet}`);
    return chain;
  });
  const chains = definitions.map((definition, index) => {
    const initial = definition.name[0] ?? '';
    const size = board.filter((cell) => cell === index).length;
    const headquarters = spec.headquarters?.[initial] ?? null;
    if (size > 0 && (headquarters === null || board[tileIndex(headquarters) ?? -1] !== index)) {
      throw new Error(`${definition.name} needs a headquarters on one of its tiles`);
    }
    return {
      name: definition.name,
      tier: definition.tier,
      size,
      bankShares: spec.bankShares?.[initial] ?? SHARES_PER_CHAIN,
      headquarters,
      price: sharePrice(definition.tier, size),
      safe: isSafe(size),
      active: size > 0,
    };
  });
  return {
    viewerSeat: null,
    options: options(chainSet),
    players: players(4),
    chains,
    board,
    bagSize: spec.bagSize ?? 108 - 4 * 6 - board.filter((cell) => cell !== null).length,
    discarded: [],
    currentPlayer: 0,
    firstPlayer: 0,
    turn: spec.turn ?? 0,
    phase: spec.phase ?? { kind: 'placeTile', redrawn: false, tradeOffers: 0 },
    lastPlacedTile: spec.lastPlacedTile ?? null,
    stateId: 1,
    netWorthHistory: null,
    result: null,
  };
}

export const EMPTY_ROW = '............';

export function emptyBoard(): GameView {
  return boardView({ rows: Array(9).fill(EMPTY_ROW) });
}

/** Classic set, all seven chains on the board, Continental safe; 10C just joined it. */
export function lateGameBoard(): GameView {
  return boardView({
    rows: ['LLLL...CCCCC', 'LL.....CCCCC', 'L.TT.#...CCC', '..TT........', 'WW..AAAAA..#', 'WWW...AA....', 'WW.......III', '...FFF.#.III', '#.FFFF..IIII'],
    headquarters: { L: '2A', C: '10A', T: '3C', W: '1F', A: '6E', F: '4I', I: '11H' },
    bankShares: { L: 14, C: 3, T: 19, W: 11, A: 9, F: 16, I: 0 },
    lastPlacedTile: '10C',
    turn: 57,
  });
}

/** 6C has just joined Luxor (7) and American (5); American's holders are deciding. */
export function mergerBoard(): GameView {
  return boardView({
    rows: [EMPTY_ROW, '..LLLL......', '..LLL#AAA...', '.......AA...', '.#..........', '........FF..', '..#.....FF..', EMPTY_ROW, '..........#.'],
    headquarters: { L: '3B', A: '8C', F: '9F' },
    bankShares: { L: 17, A: 12, F: 22 },
    lastPlacedTile: '6C',
    turn: 21,
    phase: {
      kind: 'merger',
      merger: { tile: '6C', mergemaker: 1, chains: [0, 2], survivor: 0, pendingDefunct: [], current: { chain: 2, sizeBefore: 5, holdersToDecide: [1, 3] } },
    },
  });
}

/** The 2008 set with two safe chains (Tower 15, Continental 12) and a small Sackson. */
export function safeChainsBoard(): GameView {
  return boardView({
    chainSet: 'set2008',
    rows: ['TTTTTTT.....', 'TTTTTTT..#..', '.....T......', EMPTY_ROW, '..CCCCCC.SS.', '..CCCCCC.SS.', EMPTY_ROW, '.#....#.....', EMPTY_ROW],
    headquarters: { T: '4A', C: '5E', S: '10F' },
    bankShares: { T: 6, C: 10, S: 21 },
    lastPlacedTile: '8H',
    turn: 40,
  });
}

/**
 * A finished four-player game: the starting row and 64 turns of net worth drawn from a fixed
 * pseudo-random walk, so the chart has crossing lines, and the standings from the last row.
 */
export function finishedGame(): GameView {
  const view = lateGameBoard();
  const seats = view.players.length;
  let seed = 20240607;
  const random = (): number => {
    // mulberry32: a tiny deterministic generator, enough for test data.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const worth = Array<number>(seats).fill(6000);
  const drift = [260, 180, 320, 120];
  const history: number[][] = [[...worth]];
  for (let turn = 0; turn < 64; turn++) {
    for (let seat = 0; seat < seats; seat++) {
      const step = (drift[seat] ?? 0) + (random() - 0.5) * 1600;
      worth[seat] = Math.max(0, Math.round(((worth[seat] ?? 0) + step) / 100) * 100);
    }
    history.push([...worth]);
  }
  const final = history[history.length - 1] ?? [];
  const order = view.players.map((player) => player.seat).sort((a, b) => (final[b] ?? 0) - (final[a] ?? 0));
  const result: GameResult = {
    reason: 'declared',
    standings: order.map((seat) => {
      const cash = final[seat] ?? 0;
      return {
        seat,
        playerId: `player-${seat}`,
        name: view.players[seat]?.name ?? '',
        cash,
        place: 1 + final.filter((other) => other > cash).length,
      };
    }),
  };
  return { ...view, turn: 64, phase: { kind: 'gameOver' }, netWorthHistory: history, result };
}

/** A seeded random game for `interleavedBoards`. */
export interface PlayedGame {
  seed: number;
  players: number;
  options?: Partial<GameOptions>;
  /** Its players' names carry this mark ("Chiara 7"), as a busy bot's games each have their own players. */
  playersOf?: string;
}

/**
 * Every state of some random games as a spectator sees them, their turns interleaved as a busy
 * bot's games are (the first move of each game, then the second…), each with the name of the
 * player in turn, its game (an index in `games`) and its step in that game: the boards a
 * drawing thread is asked for.
 */
export function interleavedBoards(games: readonly PlayedGame[]): { view: GameView; turnOf: string; game: number; step: number }[] {
  const played = games.map(({ seed, players, options, playersOf }) => {
    const views: GameView[] = [];
    const named = (view: GameView): GameView =>
      playersOf === undefined ? view : { ...view, players: view.players.map((player) => ({ ...player, name: `${player.name} ${playersOf}` })) };
    playRandomGame(seed, players, options ?? {}, (state) => views.push(named(spectatorView(state))));
    return views;
  });
  const boards: { view: GameView; turnOf: string; game: number; step: number }[] = [];
  for (let step = 0; played.some((views) => step < views.length); step++) {
    played.forEach((views, game) => {
      const view = views[step];
      if (view) boards.push({ view, turnOf: view.players[view.currentPlayer]?.name ?? '', game, step });
    });
  }
  return boards;
}
