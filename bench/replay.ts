/**
 * A replay step, as `/acquire history` shows it: rebuild a long finished game from its log to its
 * last turn and draw that board. Goal: under 100 ms. Median of several runs.
 */
import { spectatorView } from '../src/engine/index.js';
import { renderBoardAnimation } from '../src/render/animation.js';
import { renderBoard } from '../src/render/index.js';
import { animationFrames, steps } from '../src/replay/steps.js';
import { playRandomGame } from '../test/engine/playout.js';

const RUNS = 15;

export async function run(): Promise<string[]> {
  // A long game: six players, the longest of a few seeds.
  const games = [1, 2, 3, 4, 5].map((seed) => playRandomGame(seed, 6));
  const game = games.reduce((longest, candidate) => (candidate.actions.length > longest.actions.length ? candidate : longest));
  const times: number[] = [];
  for (let index = 0; index < RUNS + 2; index++) {
    const started = performance.now();
    const all = steps(game.setup, game.actions);
    renderBoard(spectatorView(all.at(-1)!.state));
    if (index >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  // The end-of-game animation of the same game (encoded in a worker by the bot).
  const all = steps(game.setup, game.actions);
  const frames = animationFrames(all);
  const gifTimes: number[] = [];
  let size = 0;
  for (let index = 0; index < RUNS + 2; index++) {
    const started = performance.now();
    size = renderBoardAnimation(frames, game.final.chains).length;
    if (index >= 2) gifTimes.push(performance.now() - started);
  }
  gifTimes.sort((a, b) => a - b);
  return [
    `replay: last step of a ${game.actions.length}-action, ${game.final.turn}-turn game rebuilt and drawn in ${median.toFixed(1)} ms (median of ${RUNS}; goal < 100 ms)`,
    `replay: end-of-game animation of its ${frames.length} steps encoded in ${gifTimes[Math.floor(gifTimes.length / 2)]!.toFixed(1)} ms, ${Math.round(size / 1024)} KB (median of ${RUNS}; goals < 1 s, a few hundred KB)`,
  ];
}
