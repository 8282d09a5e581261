/**
 * `npm start`: read the configuration, open the database (PostgreSQL with DATABASE_URL, else the
 * embedded one), apply pending migrations, and run the bot until SIGTERM or SIGINT. With SHARDS
 * set, this process supervises shards instead (src/sharding.ts), each running this file.
 */
import 'dotenv/config';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './bot/config.js';
import { COMMAND_HANDLERS } from '../commands/handlers.js';
import { createBot } from './bot/client.js';
import { botHealthCheck, startHealthServer } from './bot/health.js';
import { createMetrics, offerToManager } from './bot/metrics.js';
import { createLogger } from './bot/logger.js';
import { adaptHeapGrowth, limitHeapGrowth, loadAllocatorTrim, trimAllocatorPeriodically } from './heap.js';
import { watchProcessFaults } from './process-faults.js';
import { runShardingManager } from './sharding.js';
import { migrate, openDatabase } from './store/index.js';

/** How often the embedded database's directory is looked for. */
const STORAGE_WATCH_MS = 2_000;

async function main(): Promise<void> {
  limitHeapGrowth();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`Configuration problem: ${problem}`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger({ level: config.LOG_LEVEL });
  const allocatorTrim = loadAllocatorTrim();
  if ('trim' in allocatorTrim) trimAllocatorPeriodically(allocatorTrim.trim);
  else log[allocatorTrim.missed ? 'warn' : 'debug']({ reason: allocatorTrim.reason }, 'memory freed by the C allocator is not given back to the system');
  if (config.SHARDS !== undefined || config.SHARD_IDS !== undefined) {
    await runShardingManager(config, log, fileURLToPath(import.meta.url));
    return;
  }
  const metrics = createMetrics();
  const database = await openDatabase(config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR }, {
    observeStatement: (seconds) => metrics.statementSeconds.observe(seconds),
    embedded: {
      failed: (error) =>
        log.error({ err: error, dataDir: config.DATA_DIR }, 'the embedded database stopped answering; opening it again from its files until it can'),
      reopened: () => log.info({ dataDir: config.DATA_DIR }, 'the embedded database is open again'),
    },
  });
  const report = await migrate(database.prisma);
  log.info({ database: database.target.kind, applied: report.applied }, 'database ready');
  // Two lines a busy spell: how the bot's memory follows its load is worth an admin's seeing.
  adaptHeapGrowth({
    changed: ({ busy, ...figures }) =>
      log.info(figures, busy ? 'busy: the heap may grow further between collections' : 'quiet again: the heap collected and held to its usual growth'),
  });
  const bot = createBot({
    db: database.prisma,
    log,
    commands: COMMAND_HANDLERS,
    computerMoveDelayMs: config.COMPUTER_MOVE_DELAY_MS,
    metrics,
    globalRestLimit: config.DISCORD_GLOBAL_REST_LIMIT,
    ...(config.DISCORD_REST_PROXY ? { restProxy: config.DISCORD_REST_PROXY } : {}),
    clientOptions: config.DISCORD_API_URL ? { rest: { api: config.DISCORD_API_URL } } : {},
  });
  offerToManager(bot.context.client, metrics);
  const health = config.HEALTH_PORT
    ? await startHealthServer(config.HEALTH_PORT, botHealthCheck(bot.context.client, database), {
        host: config.HEALTH_HOST,
        metrics: async () => ({ contentType: metrics.registry.contentType, text: await metrics.registry.metrics() }),
      })
    : null;
  let stopping = false;
  const shutdown = async (signal: string, code = 0): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await bot.stop();
    await health?.close();
    await database.close();
    process.exit(code);
  };
  // The embedded database's directory deleted under a running bot: every query already fails
  // ("nothing was saved"), and the data cannot be reopened, so stop rather than run on empty.
  const storageWatch = setInterval(() => {
    if (database.storagePresent()) return;
    clearInterval(storageWatch);
    log.fatal({ dataDir: config.DATA_DIR }, 'the embedded database directory is gone; stopping');
    void bot.stop().finally(() => process.exit(1));
  }, STORAGE_WATCH_MS);
  storageWatch.unref();
  watchProcessFaults(log, (reason) => {
    log.fatal({ reason }, 'stopping');
    void shutdown('fault', 1).finally(() => process.exit(1));
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await bot.start(config.DISCORD_TOKEN);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
