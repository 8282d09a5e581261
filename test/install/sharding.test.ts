/**
 * `npm start` with SHARDS: discord.js's ShardingManager runs one bot process per shard, each
 * serving its own servers, and SIGTERM to the manager stops them all cleanly.
 */
import { createServer } from 'node:net';
import { REST, Routes } from 'discord.js';
import { afterAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/acquire.js';
import { SETTLE_MS } from '../e2e/harness.js';
import { serverDatabases, type TestDatabase } from '../store/databases.js';
import { DiscordDouble, type GuildFixture } from '../support/discord-double/index.js';
import { isRunning, startBotProcess, type BotProcess } from './bot-process.js';
import { quickStart, REPO_ROOT } from './readme.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Discord's rule for which shard receives a guild's events. */
const shardOf = (guildId: string, shards: number) => Number((BigInt(guildId) >> 22n) % BigInt(shards));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!serverUrl)('sharding (skipped without TEST_DATABASE_URL: shards need a PostgreSQL server)', () => {
  let database: TestDatabase | undefined;
  let double: DiscordDouble | undefined;
  let manager: BotProcess | undefined;

  afterAll(async () => {
    manager?.kill();
    await double?.stop();
    await database?.close();
  });

  it('runs two shards, each answering its own servers, and stops them all on SIGTERM', async () => {
    database = await serverDatabases(serverUrl!).open();
    double = new DiscordDouble();
    await double.start();
    // Servers until each shard has one.
    const guilds: GuildFixture[] = [];
    while (new Set(guilds.map((guild) => shardOf(guild.id, 2))).size < 2) guilds.push(double.createGuild({ users: 1 }));
    const rest = new REST({ api: double.restUrl }).setToken(double.token);
    for (const guild of guilds) await rest.put(Routes.applicationGuildCommands(double.botUser.id, guild.id), { body: commandDefinitions });

    const healthPort = await freePort();
    manager = startBotProcess(quickStart().start, {
      cwd: REPO_ROOT,
      env: { DISCORD_TOKEN: double.token, DISCORD_API_URL: double.restUrl, DATABASE_URL: database.url!, SHARDS: '2', HEALTH_PORT: String(healthPort) },
    });
    const supervisor = await manager.waitForLine('all shards online', { timeoutMs: 120_000 });
    // A shard reports ready to the manager just before it logs `bot online`.
    await manager.waitForLine('bot online', { count: 2 });
    const shardPids = manager.lines.filter((line) => line.msg === 'bot online').map((line) => line.pid!);
    expect(shardPids).toHaveLength(2);
    expect(shardPids).not.toContain(supervisor.pid);
    expect(double.identifications.map((identification) => identification.shard)).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect((await fetch(`http://127.0.0.1:${healthPort}/health`)).status).toBe(200);

    for (const guild of guilds) {
      const handle = double.slashCommand({ guildId: guild.id, channelId: guild.channelId, user: guild.users[0]!, name: 'acquire', subcommand: 'rules' });
      expect(handle.deliveredTo).toEqual([double.identifications[shardOf(guild.id, 2)]!.sessionId]);
      const view = await handle.settled({ timeoutMs: SETTLE_MS });
      expect(view.original ?? view.followUps[0]).toBeTruthy();
    }
    // The manager's /metrics gathers each shard's, labelled by shard: an /acquire rules answered for each of its servers.
    const metrics = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();
    for (const shard of [0, 1]) {
      const answered = guilds.filter((guild) => shardOf(guild.id, 2) === shard).length;
      expect(metrics).toContain(`acquire_first_answer_seconds_count{kind="/acquire rules",shard="${shard}"} ${answered}`);
    }

    process.kill(supervisor.pid!, 'SIGTERM');
    expect(await manager.exited).toBe(0);
    expect(
      manager.lines
        .filter((line) => line.msg === 'shutting down')
        .map((line) => line.pid)
        .sort(),
    ).toEqual([...shardPids].sort());
    for (const pid of shardPids) expect(isRunning(pid)).toBe(false);
    expect(manager.otherLines).toEqual([]);
  }, 180_000);
});
