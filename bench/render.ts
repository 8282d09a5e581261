/**
 * The board picture is drawn after every turn of every game, so its time and size are what
 * matter: goal 10 ms and 150 KB for a late-game board. Two figures: one late-game board drawn
 * again and again, and a stream of boards as a busy bot draws them (many games' turns
 * interleaved), which is what a thread drawing pictures actually sees: a board reuses the bands
 * (rows of the grid, of the legend) that an earlier board drew the same, so the stream is the
 * figure that tells.
 */
import { renderBoard } from '../src/render/index.js';
import { interleavedBoards, lateGameBoard } from '../test/render/fixtures.js';

const WARM_UP = 10;
const RUNS = 50;
/** Games whose turns the stream interleaves, and how many times the stream is drawn. */
const STREAM_GAMES = 16;
const STREAM_RUNS = 3;

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
  const medians: number[] = [];
  let bytes = 0;
  for (let round = 0; round < STREAM_RUNS; round++) {
    const each: number[] = [];
    bytes = 0;
    for (const { view: board, turnOf } of stream) {
      const start = performance.now();
      bytes += renderBoard(board, { turnOf }).length;
      each.push(performance.now() - start);
    }
    medians.push(median(each));
  }
  return [
    `render: board p50 ${median(times).toFixed(1)} ms, ${Math.round(size / 1024)} KB (one late-game board again and again: its unchanged bands are kept, only the status lines are encoded)`,
    `render: stream of ${stream.length} boards from ${STREAM_GAMES} games at once, p50 ${medians.map((ms) => ms.toFixed(2)).join(' / ')} ms a board (${STREAM_RUNS} runs), ${Math.round(bytes / stream.length / 1024)} KB on average`,
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
