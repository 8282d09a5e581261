/**
 * The board picture is drawn after every turn of every game, so its time and size are what
 * matter: goal 10 ms and 150 KB for a late-game board. Four figures: one late-game board drawn
 * again and again, and two streams of boards as a bot draws them (many games' turns
 * interleaved), which is what a thread drawing pictures actually sees: a board reuses the bands
 * (rows of the grid, of the legend) and the sprites that an earlier board drew the same, so the
 * streams are the figures that tell. The busy one, 200 games each with its own players, is
 * the one whose caches overflow. A last figure: one of a busy bot's two drawing threads, in
 * the middle of 200 games, given its games' boards by their home (src/ai/pool.ts, `laneFor`) or
 * given whichever boards come while it is free (what piscina's own balancing did), and given its
 * games' boards when they have two players each, as the load bench's do (the names it keeps). And one
 * thread's share of a bot of 500 games in mid-game, and of 800, past what a thread keeps of its
 * games' rows (src/render/board.ts, `STRIP_BUDGET_BYTES`).
 */
import { homeLane } from '../src/ai/pool.js';
import { nextInt } from '../src/engine/rng.js';
import { STRIP_BUDGET_BYTES, stripsEncoded } from '../src/render/board.js';
import { renderBoard } from '../src/render/index.js';
import { NAME_BUDGET_BYTES, namesDrawn } from '../src/render/sprites.js';
import type { GameView } from '../src/engine/types.js';
import { interleavedBoards, lateGameBoard } from '../test/render/fixtures.js';

const WARM_UP = 10;
const RUNS = 50;
/** Games whose turns the stream interleaves, and how many times the stream is drawn. */
const STREAM_GAMES = 16;
const STREAM_RUNS = 3;
/**
 * And a busy bot's stream: many games, each with its own players, whose names the status line
 * draws (the first boards of each, as many as a thread draws in a minute or two at 200 games).
 */
const BUSY_GAMES = 200;
const BUSY_BOARDS = 6000;
/** The home figure's games' steps (their boards 30 to 69, past the opening's shared rows), and threads. */
const MIDGAME = { from: 30, to: 70, threads: 2 } as const;
/**
 * And one thread's share of a bot at Discord's default REST limit (about 500 games, issue 15, on
 * two threads): its games' boards 55 to 79 after five turns of each to fill what it keeps. Then
 * the share of a bot carrying 800 (a raised limit), whose rows no longer all fit: fewer boards, as
 * each costs more.
 */
const THREAD_SHARES = [
  { games: 250, firstSeed: 11_000, warmFrom: 50, from: 55, to: 80 },
  { games: 400, firstSeed: 13_000, warmFrom: 50, from: 55, to: 65 },
] as const;

export async function run(): Promise<string[]> {
  const view = lateGameBoard();
  // The first boards draw the cached layers and sprites; every later board reuses them.
  for (let i = 0; i < WARM_UP; i++) renderBoard(view);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    size = renderBoard(view).length;
    times.push(performance.now() - start);
  }
  // 4 players, every game option at its default.
  const stream = interleavedBoards(Array.from({ length: STREAM_GAMES }, (_, game) => ({ seed: 1000 + game, players: 4 })));
  const streamRuns = drawStream(stream);
  const busy = boardsOfOwnPlayers(5000).slice(0, BUSY_BOARDS);
  const busyRuns = drawStream(busy);
  // Each case with games of its own, so that neither finds the other's strips in the cache.
  const midgame = (firstSeed: number) => boardsOfOwnPlayers(firstSeed).filter((board) => board.step >= MIDGAME.from && board.step < MIDGAME.to);
  const byHome = midgame(7000).filter((board) => homeLane(`game-${board.game}`, MIDGAME.threads) === 0);
  // A seeded draw, so that every run gives the thread the same boards.
  let rng = 1;
  const atRandom = midgame(9000).filter(() => {
    const draw = nextInt(rng, MIDGAME.threads);
    rng = draw.rng;
    return draw.value === 0;
  });
  const [homeRun] = drawStream(byHome, 1);
  const [randomRun] = drawStream(atRandom, 1);
  // The load bench's games have two players each: a thread's share of 200 is some 200 names.
  const twoPlayers = boardsOfOwnPlayers(15_000, BUSY_GAMES, 2);
  const home = (from: number, to: number) =>
    twoPlayers.filter((board) => board.step >= from && board.step < to && homeLane(`game-${board.game}`, MIDGAME.threads) === 0);
  // Ten turns of each game first, so that the line counts names met again, not met for the first time.
  const twoPlayerRun = drawCounted(home(MIDGAME.from - 10, MIDGAME.from), home(MIDGAME.from, MIDGAME.to), namesDrawn);
  const shares = THREAD_SHARES.map(threadShare);
  return [
    `render: board p50 ${median(times).toFixed(1)} ms, ${Math.round(size / 1024)} KB (one late-game board again and again: its unchanged bands are kept, only the status lines are encoded)`,
    `render: stream of ${stream.length} boards from ${STREAM_GAMES} games at once, p50 ${streamRuns.map((run) => run.p50.toFixed(2)).join(' / ')} ms a board (${STREAM_RUNS} runs), ${Math.round((streamRuns.at(-1)?.bytes ?? 0) / 1024)} KB on average`,
    `render: busy stream of ${busy.length} boards from ${BUSY_GAMES} games with their own players, p50 ${busyRuns.map((run) => run.p50.toFixed(2)).join(' / ')} ms a board, CPU ${busyRuns.map((run) => run.cpu.toFixed(2)).join(' / ')} ms a board (${STREAM_RUNS} runs; the collector's threads included)`,
    `render: a drawing thread of ${MIDGAME.threads} at ${BUSY_GAMES} games (boards ${MIDGAME.from}–${MIDGAME.to - 1} of each), CPU ${homeRun!.cpu.toFixed(2)} ms a board given its games' boards (${byHome.length}) against ${randomRun!.cpu.toFixed(2)} ms given any (${atRandom.length})`,
    `render: a drawing thread of ${MIDGAME.threads} at ${BUSY_GAMES} games of two players (boards ${MIDGAME.from}–${MIDGAME.to - 1} of each, its own games'), CPU ${twoPlayerRun.cpu.toFixed(2)} ms a board, ${twoPlayerRun.perBoard.toFixed(2)} names laid out anew a board (${NAME_BUDGET_BYTES / 1024 / 1024} MB of names kept)`,
    ...shares,
  ];
}

/** One drawing thread given the boards of `games` games in mid-game: its CPU and the bands it draws anew a board. */
function threadShare({ games, firstSeed, warmFrom, from, to }: (typeof THREAD_SHARES)[number]): string {
  const boards = boardsOfOwnPlayers(firstSeed, games);
  const inStepRange = (first: number, end: number) => boards.filter((board) => board.step >= first && board.step < end);
  const run = drawCounted(inStepRange(warmFrom, from), inStepRange(from, to), stripsEncoded);
  return `render: a drawing thread with ${games} games of its own (a bot's ${2 * games} on two threads; boards ${from}–${to - 1} of each), CPU ${run.cpu.toFixed(2)} ms a board, ${run.perBoard.toFixed(1)} bands drawn anew a board (its strips kept: ${(STRIP_BUDGET_BYTES / 1024 / 1024).toFixed(0)} MB)`;
}

/**
 * Draws `warm` (to fill what the thread keeps), then `counted`: the CPU a counted board, and how
 * far `count` (a thread's tally of work done anew) moved a counted board.
 */
function drawCounted(
  warm: readonly { view: GameView; turnOf: string }[],
  counted: readonly { view: GameView; turnOf: string }[],
  count: () => number,
): { cpu: number; perBoard: number } {
  drawStream(warm, 1);
  const before = count();
  const [run] = drawStream(counted, 1);
  return { cpu: run!.cpu, perBoard: (count() - before) / counted.length };
}

/** The boards of `games` games of `players` from `firstSeed` on, each game with its own players, interleaved. */
function boardsOfOwnPlayers(firstSeed: number, games: number = BUSY_GAMES, players = 4): ReturnType<typeof interleavedBoards> {
  return interleavedBoards(Array.from({ length: games }, (_, game) => ({ seed: firstSeed + game, players, playersOf: String(game + 1) })));
}

/** Each of `rounds` runs through the boards: the p50 time, the CPU and the bytes of a board. */
function drawStream(boards: readonly { view: GameView; turnOf: string }[], rounds = STREAM_RUNS): { p50: number; cpu: number; bytes: number }[] {
  const runs: { p50: number; cpu: number; bytes: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    const each: number[] = [];
    let bytes = 0;
    const cpuBefore = process.cpuUsage();
    for (const { view, turnOf } of boards) {
      const start = performance.now();
      bytes += renderBoard(view, { turnOf }).length;
      each.push(performance.now() - start);
    }
    const cpu = process.cpuUsage(cpuBefore);
    runs.push({ p50: median(each), cpu: (cpu.user + cpu.system) / 1000 / boards.length, bytes: bytes / boards.length });
  }
  return runs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
