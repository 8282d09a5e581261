/**
 * Engine throughput: complete random-play games per second on one core (this process), the
 * median of 5 runs after a warm-up. Player counts cycle 2–6 so every size is measured.
 */
import { playRandomGame } from '../test/engine/playout.js';

const GAMES_PER_RUN = 1000;
const RUNS = 5;

function gamesPerSecond(firstSeed: number): number {
  const started = performance.now();
  for (let game = 0; game < GAMES_PER_RUN; game++) playRandomGame(firstSeed + game, 2 + (game % 5));
  return GAMES_PER_RUN / ((performance.now() - started) / 1000);
}

export async function run(): Promise<string[]> {
  gamesPerSecond(1_000_000); // warm-up: let the JIT settle before measuring
  const runs = Array.from({ length: RUNS }, (_, run) => gamesPerSecond(run * GAMES_PER_RUN));
  const median = runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  return [`engine: ${Math.round(median)} games/s (median of ${RUNS} runs of ${GAMES_PER_RUN} games; runs ${runs.map(Math.round).join(', ')})`];
}
