/**
 * The store's cost per move: sequential `applyAction` calls (engine, one version-guarded
 * write) with random legal moves from the engine's RandomPlayer, against a local PostgreSQL,
 * in a database created for the run and dropped after it. Two ways of calling it, taking turns
 * run by run so that both see the same load: with the game the caller already holds, as the bot
 * does (the first line), and reading the game first. Each reports the median over several runs
 * of each run's p50 and p99. A third line: the CPU of a game's read.
 */
import { performance } from 'node:perf_hooks';
import { RandomPlayer } from '../test/support/random-player.js';
import { applyAction, createLobby, getGame, joinLobby, startGame, type PrismaClient, type StoredGame } from '../src/store/index.js';
import { migrate } from '../src/store/migrate.js';
import { serverDatabases } from '../test/store/databases.js';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const RUNS = 5;
const MOVES_PER_RUN = 400;
/** Moves played before measuring, to warm the connection pool, the query plans and the JIT. */
const WARM_UP_MOVES = 100;

type Mode = 'game already loaded' | 'reads the game';
const MODES: Mode[] = ['game already loaded', 'reads the game'];

export async function run(): Promise<string[]> {
  const kind = serverDatabases(SERVER_URL);
  let database;
  try {
    database = await kind.open();
  } catch (error) {
    return [`store: skipped, PostgreSQL at ${new URL(SERVER_URL).host} unreachable (${(error as Error).message})`];
  }
  try {
    const { prisma } = database;
    await migrate(prisma);
    let games = 0;
    const newGame = async (): Promise<StoredGame> => {
      games += 1;
      const lobby = await createLobby(prisma, { guildId: 'bench', channelId: `bench-${games}`, host: { id: 'a', name: 'Ann' } });
      if (!lobby.ok) throw new Error(lobby.reason);
      await joinLobby(prisma, lobby.game.id, { id: 'b', name: 'Bob' });
      await joinLobby(prisma, lobby.game.id, { id: 'c', name: 'Cat' });
      const started = await startGame(prisma, lobby.game.id, games);
      if (!started.ok) throw new Error(started.reason);
      return started.game;
    };

    let game = await newGame();
    let player = new RandomPlayer(games);
    /** Plays one move, starting a new game first when the last one ended; times the move only. */
    const move = async (mode: Mode): Promise<number> => {
      if (game.status !== 'active') {
        game = await newGame();
        player = new RandomPlayer(games);
      }
      const action = player.chooseAction(game.state!);
      if (!action) throw new Error(`No legal move in game ${game.id} at state ${game.state?.stateId}.`);
      const started = performance.now();
      // Without the game at hand, the bot reads it first.
      const loaded = mode === 'game already loaded' ? game : await getGame(prisma, game.id);
      if (loaded?.status !== 'active') throw new Error(`game ${game.id} is not in progress`);
      const result = await applyAction(prisma, loaded, action);
      const elapsed = performance.now() - started;
      if (!result.ok) throw new Error(result.reason);
      game = result.game;
      return elapsed;
    };

    for (let i = 0; i < WARM_UP_MOVES; i++) await move(MODES[i % MODES.length]!);
    const p50s = new Map<Mode, number[]>(MODES.map((mode) => [mode, []]));
    const p99s = new Map<Mode, number[]>(MODES.map((mode) => [mode, []]));
    for (let r = 0; r < RUNS; r++) {
      for (const mode of MODES) {
        const times: number[] = [];
        for (let i = 0; i < MOVES_PER_RUN; i++) times.push(await move(mode));
        times.sort((a, b) => a - b);
        p50s.get(mode)!.push(percentile(times, 0.5));
        p99s.get(mode)!.push(percentile(times, 0.99));
      }
    }
    const line = (mode: Mode, label: string): string => {
      const p50 = median(p50s.get(mode)!);
      const p99 = median(p99s.get(mode)!);
      return `store: ${label} p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (postgres)`;
    };
    return [line('game already loaded', 'apply'), line('reads the game', 'apply reading the game first'), await readCpu(prisma, game.id, newGame)];
  } finally {
    await database.close();
  }
}

/** Reads per run of `readCpu`, and runs (each way taking turns). */
const READS_PER_RUN = 1000;
const READ_RUNS = 5;

/**
 * This process's CPU for a game's read (the statement, the row's checks), of games read in turn:
 * what a click costs the bot's event loop, apart from waiting for the server.
 */
async function readCpu(prisma: PrismaClient, gameId: string, newGame: () => Promise<StoredGame>): Promise<string> {
  const games: string[] = [gameId];
  while (games.length < 300) games.push((await newGame()).id);
  const runs: number[] = [];
  for (let run = 0; run <= READ_RUNS; run++) {
    const before = process.cpuUsage();
    for (let index = 0; index < READS_PER_RUN; index++) await getGame(prisma, games[index % games.length]!);
    const used = process.cpuUsage(before);
    // The first run warms up.
    if (run > 0) runs.push((used.user + used.system) / READS_PER_RUN);
  }
  return `store: a game's read, CPU of the reading process ${median(runs).toFixed(0)} µs (median of ${READ_RUNS} runs of ${READS_PER_RUN}, postgres)`;
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** The value below which `fraction` of the sorted `values` lie (nearest rank). */
function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
