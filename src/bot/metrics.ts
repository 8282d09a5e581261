/**
 * What an operator watches of a running bot, in Prometheus's format (prom-client), served at
 * `GET /metrics` beside `/health` (src/bot/health.ts). One registry per process, every series
 * labelled with the shards the process serves (`shard`), so that the processes of one bot can be
 * told apart and summed. Counted where it happens: moves (game-flow.ts), first answers (router's
 * caller, client.ts), REST requests and 429s (each REST queue's responses), database statements
 * (the store's adapter, given `observeStatement`); read at each scrape: live games and due turn
 * clocks (the database, this process's shards only), the worker pool, and Node's own figures
 * (event-loop delay, memory, CPU) from prom-client's default metrics.
 */
import type { Client, Interaction, REST, ShardingManager } from 'discord.js';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, type MetricObjectWithValues, type MetricValue, Registry } from 'prom-client';
import type { WorkerPool } from '../ai/pool.js';
import { countDueClocks, countLiveGames, type PrismaClient, type ShardFilter } from '../store/index.js';
import type { Mover } from './clock-policy.js';
import { decodeEnvelope } from './components.js';

/** Seconds: a click is answered in a few ms on a quiet machine; Discord gives up after 3 s. */
const ANSWER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 15];
const STATEMENT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export interface BotMetrics {
  registry: Registry;
  moves: Counter<'by'>;
  firstAnswer: Histogram<'kind'>;
  restRequests: Counter<'queue'>;
  restRateLimited: Counter<'queue'>;
  statementSeconds: Histogram;
  /** Interactions refused because the process could not keep up (src/bot/overload.ts). */
  shed: Counter;
}

/**
 * The shards this process serves, as a label: a shard spawned by the ShardingManager is told
 * its ids in SHARDS (as discord.js's client reads them); a lone process is shard 0.
 */
export function shardLabel(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SHARDING_MANAGER !== 'true' || !env.SHARDS) return '0';
  try {
    const ids = JSON.parse(env.SHARDS) as unknown;
    return Array.isArray(ids) ? ids.join(',') : String(ids);
  } catch {
    return env.SHARDS;
  }
}

export function createMetrics(shard = shardLabel()): BotMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ shard });
  // Event-loop delay (nodejs_eventloop_lag_*), heap, CPU, handles: read at each scrape.
  collectDefaultMetrics({
    register: registry,
    eventLoopMonitoringPrecision: 10,
  });
  return {
    registry,
    moves: new Counter({
      name: 'acquire_moves_total',
      help: 'Moves applied (written) by this process, by who made them',
      labelNames: ['by'],
      registers: [registry],
    }),
    firstAnswer: new Histogram({
      name: 'acquire_first_answer_seconds',
      help: "From an interaction's creation to this process's first answer to it (reply, deferral, update or form), by click kind or command",
      labelNames: ['kind'],
      buckets: ANSWER_BUCKETS,
      registers: [registry],
    }),
    restRequests: new Counter({
      name: 'acquire_rest_requests_total',
      help: 'Requests sent to Discord, by REST queue (answers: interaction callbacks and webhooks; channels: bot-token requests)',
      labelNames: ['queue'],
      registers: [registry],
    }),
    restRateLimited: new Counter({
      name: 'acquire_rest_429_total',
      help: 'Requests Discord answered 429 (rate limited), by REST queue',
      labelNames: ['queue'],
      registers: [registry],
    }),
    statementSeconds: new Histogram({
      name: 'acquire_db_statement_seconds',
      help: 'Database statement latency, as the driver adapter saw it',
      buckets: STATEMENT_BUCKETS,
      registers: [registry],
    }),
    shed: new Counter({
      name: 'acquire_interactions_refused_busy_total',
      help: 'Interactions refused at once because the process could not keep up (the table is busy)',
      registers: [registry],
    }),
  };
}

/** Counts a queue's requests and 429s. */
export function countRequests(metrics: BotMetrics, rest: REST, queue: 'answers' | 'channels'): void {
  rest.on('response', (_request, response) => {
    metrics.restRequests.inc({ queue });
    if (response.status === 429) metrics.restRateLimited.inc({ queue });
  });
}

export function countMove(metrics: BotMetrics, by: Mover['by']): void {
  metrics.moves.inc({ by });
}

/** The kind a first answer is counted under: the button's kind, or the command and its subcommand. */
export function interactionKind(interaction: Interaction): string {
  if (interaction.isChatInputCommand()) {
    const sub = interaction.options.getSubcommand(false);
    return `/${interaction.commandName}${sub ? ` ${sub}` : ''}`;
  }
  if (interaction.isButton() || interaction.isModalSubmit()) return decodeEnvelope(interaction.customId)?.kind ?? 'other';
  return 'other';
}

const FIRST_ANSWERS = ['reply', 'deferReply', 'update', 'deferUpdate', 'showModal'] as const;

/**
 * Times the interaction's first answer, whichever it is, from its creation (Discord's clock,
 * in its id: what counts against the 3 s). Call before anything else wraps its answers.
 */
export function timeFirstAnswer(metrics: BotMetrics, interaction: Interaction): void {
  if (!interaction.isRepliable()) return;
  const kind = interactionKind(interaction);
  let timed = false;
  const target = interaction as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of FIRST_ANSWERS) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = (...args: unknown[]) => {
      const sent = original.apply(interaction, args);
      if (!timed) {
        timed = true;
        // Refused too (Discord's 10062 for an answer past 3 s): a late answer is what an operator looks for.
        const observe = () => metrics.firstAnswer.observe({ kind }, Math.max(0, Date.now() - interaction.createdTimestamp) / 1000);
        void sent.then(observe, observe);
      }
      return sent;
    };
  }
}

/** The gauges read at each scrape: this process's live games and due clocks, and its worker threads. */
export interface Watched {
  db: PrismaClient;
  workers: WorkerPool;
  now: () => Date;
  /** The shards this process serves (null: all). */
  shards: () => ShardFilter | null;
}

export function watchBot(metrics: BotMetrics, context: Watched): void {
  const { registry } = metrics;
  const { shards } = context;
  new Gauge({
    name: 'acquire_games',
    help: "Live games of this process's servers, by status (lobby, active)",
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await countLiveGames(context.db, {
        shards: shards(),
      }).catch(() => null);
      if (!counts) return;
      for (const status of ['lobby', 'active'] as const) this.set({ status }, counts[status]);
    },
  });
  new Gauge({
    name: 'acquire_turn_clock_due',
    help: "Turn clocks of this process's games that are due (deadline or reminder passed) and not yet acted on: the turn clock's backlog",
    registers: [registry],
    async collect() {
      const due = await countDueClocks(context.db, context.now(), {
        shards: shards(),
      }).catch(() => null);
      if (due !== null) this.set(due);
    },
  });
  const pool = (name: string, help: string, read: (load: ReturnType<WorkerPool['load']>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(context.workers.load()));
      },
    });
  pool('acquire_worker_threads', 'Worker threads (computer players, pictures)', (load) => load.threads);
  pool('acquire_worker_threads_busy', 'Worker threads running a task now', (load) => load.busy);
  pool('acquire_worker_queue', 'Tasks waiting for a worker thread', (load) => load.queued);
}

/** Lets the ShardingManager of this shard read its metrics (see `shardsMetrics`). */
export function offerToManager(client: Client, metrics: BotMetrics): void {
  // Under Symbol.for('acquire.metrics'), which `shardsMetrics` names in the shard.
  Object.assign(client, {
    [Symbol.for('acquire.metrics')]: () => metrics.registry.getMetricsAsJSON(),
  });
}

/**
 * Every shard's metrics, asked of each shard process by the manager, as one text: each shard's
 * series keep their `shard` label, so nothing is summed across processes.
 */
export async function shardsMetrics(manager: ShardingManager): Promise<{ contentType: string; text: string }> {
  type Metrics = MetricObjectWithValues<MetricValue<string>>[];
  // The function runs in each shard, stringified: it may name nothing from this module.
  const sets = await manager.broadcastEval(
    (client) => (client as unknown as Record<symbol, (() => Promise<Metrics>) | undefined>)[Symbol.for('acquire.metrics')]?.() ?? [],
  );
  const registry = AggregatorRegistry.aggregate(sets as Metrics[]);
  return { contentType: registry.contentType, text: await registry.metrics() };
}
