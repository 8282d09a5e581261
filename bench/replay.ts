/**
 * A replay step, as `/acquire history` shows it: rebuild a long finished game from its log to its
 * last turn and draw that board. Goal: under 100 ms. Median of several runs.
 */
import { spectatorView } from '../src/engine/index.js';
import { renderBoard } from '../src/render/index.js';
import { steps } from '../src/replay/steps.js';
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
  return [`replay: last step of a ${game.actions.length}-action, ${game.final.turn}-turn game rebuilt and drawn in ${median.toFixed(1)} ms (median of ${RUNS}; goal < 100 ms)`];
}
