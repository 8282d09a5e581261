/**
 * The board picture is drawn after every turn of every game, so its time and size are what
 * matter: goal 10 ms and 150 KB for a late-game board.
 */
import { renderBoard } from '../src/render/index.js';
import { lateGameBoard } from '../test/render/fixtures.js';

const WARM_UP = 10;
const RUNS = 50;

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
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)] ?? 0;
  return [`render: board p50 ${median.toFixed(1)} ms, ${Math.round(size / 1024)} KB`];
}
