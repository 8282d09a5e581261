/**
 * Engine throughput: complete random-play games per second on one core (this process), the
 * median of 5 runs after a warm-up, player counts cycling 2–6 so every size is measured. The
 * engine is measured as production runs it, compiled by tsc (bench/tsconfig.engine.json), in
 * the two ways games are played:
 * - through `apply`, one pure step and one new state per action (the bot, the log replay);
 * - played out in the integer core (`CoreGame`), what the computer players search with. Goal:
 *   20,000. The same games as through `apply` (test/engine/core.test.ts), the whole state kept,
 *   net-worth history included; each game is dealt from its seed in the run.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const GAMES_PER_RUN = 2000;
const RUNS = 5;
const GOAL_IN_CORE = 20_000;

type PlayGame = (seed: number, playerCount: number) => unknown;

async function compiledPlayouts(): Promise<{ throughApply: PlayGame; inCore: PlayGame }> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'bench/tsconfig.engine.json'], { cwd: root, stdio: 'inherit' });
  const module = (await import(pathToFileURL(`${root}/dist/bench/test/engine/playout.js`).href)) as { playRandomGame: PlayGame; playRandomCoreGame: PlayGame };
  return {
    throughApply: (seed, players) => module.playRandomGame(seed, players),
    inCore: (seed, players) => module.playRandomCoreGame(seed, players),
  };
}

function gamesPerSecond(play: PlayGame, firstSeed: number): number {
  const started = performance.now();
  for (let game = 0; game < GAMES_PER_RUN; game++) play(firstSeed + game, 2 + (game % 5));
  return GAMES_PER_RUN / ((performance.now() - started) / 1000);
}

function measure(play: PlayGame): { median: number; runs: number[] } {
  gamesPerSecond(play, 1_000_000); // warm-up: let the JIT settle before measuring
  const runs = Array.from({ length: RUNS }, (_, run) => gamesPerSecond(play, run * GAMES_PER_RUN));
  return { median: runs.slice().sort((a, b) => a - b)[Math.floor(RUNS / 2)]!, runs };
}

export async function run(): Promise<string[]> {
  const { throughApply, inCore } = await compiledPlayouts();
  const line = (what: string, { median, runs }: { median: number; runs: number[] }) =>
    `${what}: ${Math.round(median)} games/s (median of ${RUNS} runs of ${GAMES_PER_RUN} complete random games, 2–6 players; runs ${runs.map(Math.round).join(', ')})`;
  const played = measure(inCore);
  const verdict = played.median >= GOAL_IN_CORE ? 'goal met' : 'goal MISSED';
  return [
    line('engine, one apply per action', measure(throughApply)),
    `${line('engine, played out in the integer core', played)}; goal ${GOAL_IN_CORE.toLocaleString('en-US')}: ${verdict}`,
  ];
}
