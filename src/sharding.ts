/**
 * Sharding for large bots (SHARDS=auto or a number): discord.js's ShardingManager spawns one
 * process per shard, each running this same entry point as an ordinary bot on the same
 * database (every write to a game is version-guarded, so several processes stay correct).
 * This process only supervises: it passes the token and the environment on, serves the
 * health endpoint for all shards, and on SIGTERM or SIGINT stops the shards and waits for them.
 */
import { once } from 'node:events';
import { REST, Routes, ShardingManager, type RESTGetAPIGatewayBotResult } from 'discord.js';
import type { Config } from './bot/config.js';
import { startHealthServer } from './bot/health.js';
import { shardsMetrics } from './bot/metrics.js';
import type { Logger } from './bot/logger.js';

/** Discord's recommendation, asked where the shards will connect (DISCORD_API_URL included). */
async function recommendedShardCount(config: Config): Promise<number> {
  const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(config.DISCORD_TOKEN);
  const gateway = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
  return gateway.shards;
}

/**
 * Runs the shards until a signal stops them; `entry` is the script each shard runs. With SHARDS
 * every shard runs here; with SHARD_IDS and SHARD_COUNT only those, the others on other machines.
 */
export async function runShardingManager(config: Config, log: Logger, entry: string): Promise<void> {
  const totalShards = config.SHARD_COUNT ?? (typeof config.SHARDS === 'number' ? config.SHARDS : await recommendedShardCount(config));
  const shardList = config.SHARD_IDS ?? Array.from({ length: totalShards }, (_, id) => id);
  const manager = new ShardingManager(entry, {
    totalShards,
    shardList,
    token: config.DISCORD_TOKEN,
    // The shards run under the same loader as this process (tsx for `npm start`, none for the
    // compiled image). Each shard's environment is this one plus the manager's shard settings.
    execArgv: process.execArgv,
  });
  manager.on('shardCreate', (shard) => {
    // The manager respawns a shard that dies, unless it is stopping.
    shard.on('death', () => log.warn({ shard: shard.id }, 'shard exited'));
  });

  const health = config.HEALTH_PORT
    ? await startHealthServer(config.HEALTH_PORT, async () => manager.shards.size === shardList.length && manager.shards.every((shard) => shard.ready), {
        host: config.HEALTH_HOST,
        // Each shard's own metrics, labelled with its shard (src/bot/metrics.ts).
        metrics: () => shardsMetrics(manager),
      })
    : null;

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the shards');
    // Each shard shuts down as a lone bot would on SIGTERM (finishing the clicks in flight);
    // the manager must not respawn the ones that exit.
    manager.respawn = false;
    const exits = [...manager.shards.values()].flatMap((shard) => {
      const child = shard.process;
      if (!child || child.exitCode !== null) return [];
      const exited = once(child, 'exit') as Promise<[number | null]>;
      child.kill('SIGTERM');
      return [exited];
    });
    const codes = (await Promise.all(exits)).map(([code]) => code);
    await health?.close();
    process.exit(codes.every((code) => code === 0) ? 0 : 1);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  log.info({ shards: shardList, totalShards }, 'spawning shards');
  // One shard at a time, 5.5 s apart (discord.js's default): Discord lets a bot identify once
  // per 5 s. A shard has a minute to come online, migrations and all.
  try {
    await manager.spawn({ amount: totalShards, timeout: 60_000 });
  } catch (error) {
    // A signal during start-up stops shards that were still coming online: not a failure.
    if (stopping) return;
    throw error;
  }
  log.info({ shards: shardList, totalShards }, 'all shards online');
}
