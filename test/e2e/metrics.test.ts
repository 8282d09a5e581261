/**
 * `/metrics` (beside `/health`) after a whole game played through Discord: an operator scraping
 * it finds every move counted, the first answers timed by click kind, the REST requests by
 * queue, the database's statements, the live games and the worker threads, all labelled with
 * the process's shard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HealthServer, startHealthServer } from '../../src/bot/health.js';
import { createMetrics } from '../../src/bot/metrics.js';
import { type Database, getActionLog, getGame, openDatabase } from '../../src/store/index.js';
import { type Harness, startHarness } from './harness.js';
import { Table } from './players.js';
import { Server } from './session.js';

const metrics = createMetrics('0');
let database: Database;
let h: Harness;
let server: HealthServer;
beforeAll(async () => {
  database = await openDatabase(
    { kind: 'pglite', dataDir: null },
    {
      observeStatement: (seconds) => metrics.statementSeconds.observe(seconds),
    },
  );
  h = await startHarness({ users: 1, database, metrics });
  server = await startHealthServer(0, async () => true, {
    metrics: async () => ({
      contentType: metrics.registry.contentType,
      text: await metrics.registry.metrics(),
    }),
  });
});
afterAll(async () => {
  await server?.close();
  await h?.close();
  await database?.close();
});

/** The scrape, as Prometheus reads it: `name{labels} value` lines. */
async function scrape(): Promise<{
  contentType: string | null;
  samples: Map<string, number>;
}> {
  const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(response.status).toBe(200);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return { contentType: response.headers.get('content-type'), samples };
}

/** The sum of every series of `name` whose labels include each of `having`. */
function total(samples: Map<string, number>, name: string, having: string[] = []): number {
  let sum = 0;
  for (const [series, value] of samples)
    if ((series === name || series.startsWith(`${name}{`)) && having.every((label) => series.includes(label))) sum += value;
  return sum;
}

describe('/metrics', () => {
  it('counts every move of a game, times first answers by kind, and shows the live games, REST, database and workers', async () => {
    const s = await Server.open(h, { users: 2 });
    const [host, guest] = s.users as [(typeof s.users)[0], (typeof s.users)[0]];
    const { game } = await s.startGame(host, [guest]);
    const table = new Table(s.harness(), 41, game.threadId!);
    for (let decisions = 0; decisions < 6; decisions++) await table.playDecision();

    const during = (await scrape()).samples;
    expect(total(during, 'acquire_games', ['status="active"', 'shard="0"'])).toBe(1);
    expect(total(during, 'acquire_worker_threads')).toBeGreaterThanOrEqual(2);

    for (let decisions = 0; await table.playDecision(); decisions++) {
      if (decisions > 1500) throw new Error('the game did not end');
    }
    await h.bot.context.locks.idle();
    expect((await getGame(h.database.prisma, game.id))!.status).toBe('finished');

    const { contentType, samples } = await scrape();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    // Every move of the game's log was counted once, all of them the players'.
    const moves = (await getActionLog(h.database.prisma, game.id)).length;
    expect(moves).toBeGreaterThan(30);
    expect(total(samples, 'acquire_moves_total', ['shard="0"'])).toBe(moves);
    expect(total(samples, 'acquire_moves_total', ['by="player"'])).toBe(moves);
    // A first answer for each click, the tiles' among them, all within Discord's 3 s.
    const answered = total(samples, 'acquire_first_answer_seconds_count');
    expect(answered).toBeGreaterThan(moves);
    expect(total(samples, 'acquire_first_answer_seconds_count', ['kind="tile"'])).toBeGreaterThan(5);
    expect(total(samples, 'acquire_first_answer_seconds_bucket', ['le="3"'])).toBe(answered);
    expect(total(samples, 'acquire_first_answer_seconds_count', ['kind="/acquire start"'])).toBe(1);
    // Requests on both queues, none refused; the database's statements; nothing live any more.
    expect(total(samples, 'acquire_rest_requests_total', ['queue="answers"'])).toBeGreaterThan(moves);
    expect(total(samples, 'acquire_rest_requests_total', ['queue="channels"'])).toBeGreaterThan(0);
    expect(samples.get('acquire_rest_429_total{queue="channels",shard="0"}') ?? 0).toBe(0);
    expect(samples.get('acquire_rest_429_total{queue="answers",shard="0"}') ?? 0).toBe(0);
    expect(total(samples, 'acquire_db_statement_seconds_count')).toBeGreaterThan(moves);
    expect(total(samples, 'acquire_games', ['status="active"'])).toBe(0);
    expect(total(samples, 'acquire_turn_clock_due')).toBe(0);
    // Node's own: the event loop's delay.
    expect(samples.has('nodejs_eventloop_lag_p99_seconds{shard="0"}')).toBe(true);
  }, 300_000);
});
