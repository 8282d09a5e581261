/**
 * The store's cost per move: sequential `applyAction` calls (load, engine, one transaction)
 * against a local PostgreSQL, in a database created for the run and dropped after it.
 * Reports the median over several runs of each run's p50 and p99.
 */
import { performance } from 'node:perf_hooks';
import { RandomPlayer } from '../src/engine/random-player.js';
import { applyAction, createLobby, joinLobby, startGame, type StoredGame } from '../src/store/games.js';
import { migrate } from '../src/store/migrate.js';
import { serverDatabases } from '../test/store/databases.js';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const RUNS = 5;
const MOVES_PER_RUN = 400;
/** Moves played before measuring, to warm the connection pool and the query plans. */
const WARM_UP_MOVES = 50;

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
      if (!lobby.ok) throw new Error(lobby.message);
      await joinLobby(prisma, lobby.game.id, { id: 'b', name: 'Bob' });
      await joinLobby(prisma, lobby.game.id, { id: 'c', name: 'Cat' });
      const started = await startGame(prisma, lobby.game.id, games);
      if (!started.ok) throw new Error(started.message);
      return started.game;
    };

    let game = await newGame();
    let player = new RandomPlayer(games);
    const move = async (): Promise<number> => {
      if (game.status !== 'active') {
        game = await newGame();
        player = new RandomPlayer(games);
      }
      const action = player.chooseAction(game.state!)!;
      const started = performance.now();
      const result = await applyAction(prisma, game.id, game.version, action.player, action);
      const elapsed = performance.now() - started;
      if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
      game = result.game;
      return elapsed;
    };

    for (let i = 0; i < WARM_UP_MOVES; i++) await move();
    const p50s: number[] = [];
    const p99s: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const times: number[] = [];
      for (let i = 0; i < MOVES_PER_RUN; i++) times.push(await move());
      times.sort((a, b) => a - b);
      p50s.push(percentile(times, 0.5));
      p99s.push(percentile(times, 0.99));
    }
    const p50 = percentile([...p50s].sort((a, b) => a - b), 0.5);
    const p99 = percentile([...p99s].sort((a, b) => a - b), 0.5);
    return [`store: apply p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (postgres)`];
  } finally {
    await database.close();
  }
}

/** The value below which `fraction` of the sorted `values` lie (nearest rank). */
function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
