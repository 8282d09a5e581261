/**
 * Engine throughput: complete random-play games per second on one core (this process), the
 * median of 5 runs after a warm-up, player counts cycling 2–6 so every size is measured. The
 * engine is measured as production runs it, compiled by tsc (bench/tsconfig.engine.json), in
 * the two ways games are played:
 * - through `apply`, one pure step and one new state per action (the bot, the log replay);
 * - played out in the integer core (`CoreGame`), what the computer players search with. Goal:
 *   20,000. The same games as through `apply` (test/engine/core.test.ts), the whole state kept,
 *   net-worth history included; each game is dealt from its seed in the run.
 *
 * And what the bot pays each time it reads a game (twice a move): a stored state, as JSON,
 * parsed and checked by the engine's schema (`parseGameState`), in µs a state.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const GAMES_PER_RUN = 2000;
const RUNS = 5;
const GOAL_IN_CORE = 20_000;

type PlayGame = (seed: number, playerCount: number) => unknown;
type ParseGameState = (input: unknown) => unknown;
/** States read back per run: every tenth state of a few dozen games, each read several times. */
const READS_PER_RUN = 20_000;

async function compiledPlayouts(): Promise<{ throughApply: PlayGame; inCore: PlayGame; storedStates: string[]; parseGameState: ParseGameState }> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'bench/tsconfig.engine.json'], { cwd: root, stdio: 'inherit' });
  type Playouts = { playRandomGame: PlayGame; playRandomCoreGame: PlayGame; storedStatesOf: (seed: number, playerCount: number) => string[] };
  const module = (await import(pathToFileURL(`${root}/dist/bench/test/engine/playout.js`).href)) as Playouts;
  const engine = (await import(pathToFileURL(`${root}/dist/bench/src/engine/index.js`).href)) as { parseGameState: ParseGameState };
  const storedStates = Array.from({ length: 30 }, (_, game) => module.storedStatesOf(game + 1, 2 + ((game + 1) % 5))).flat();
  return {
    throughApply: (seed, players) => module.playRandomGame(seed, players),
    inCore: (seed, players) => module.playRandomCoreGame(seed, players),
    storedStates,
    parseGameState: engine.parseGameState,
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

/** µs a stored state takes to be parsed from JSON and checked, median of `RUNS` runs. */
function stateReadMicros(storedStates: string[], parseGameState: ParseGameState): number {
  const objects = storedStates.map((text) => JSON.parse(text) as unknown);
  const once = () => {
    const started = performance.now();
    for (let read = 0; read < READS_PER_RUN; read++) parseGameState(objects[read % objects.length]);
    return ((performance.now() - started) * 1000) / READS_PER_RUN;
  };
  once(); // warm-up
  const runs = Array.from({ length: RUNS }, once).sort((a, b) => a - b);
  return runs[Math.floor(RUNS / 2)]!;
}

export async function run(): Promise<string[]> {
  const { throughApply, inCore, storedStates, parseGameState } = await compiledPlayouts();
  const line = (what: string, { median, runs }: { median: number; runs: number[] }) =>
    `${what}: ${Math.round(median)} games/s (median of ${RUNS} runs of ${GAMES_PER_RUN} complete random games, 2–6 players; runs ${runs.map(Math.round).join(', ')})`;
  const played = measure(inCore);
  const verdict = played.median >= GOAL_IN_CORE ? 'goal met' : 'goal MISSED';
  return [
    line('engine, one apply per action', measure(throughApply)),
    `${line('engine, played out in the integer core', played)}; goal ${GOAL_IN_CORE.toLocaleString('en-US')}: ${verdict}`,
    `engine, a stored state checked as the bot reads it: ${stateReadMicros(storedStates, parseGameState).toFixed(1)} µs (median of ${RUNS} runs of ${READS_PER_RUN.toLocaleString('en-US')} reads of ${storedStates.length} states of 30 games)`,
  ];
}
