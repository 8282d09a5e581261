/**
 * Shards spread over two machines: two `npm start` processes with disjoint SHARD_IDS of one
 * SHARD_COUNT on one PostgreSQL database. Each answers the clicks of its own servers, and each
 * overdue deadline is acted on exactly once, by the process whose shard serves the game's server.
 */
import { REST, Routes } from 'discord.js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/acquire.js';
import { buttonsOf, SETTLE_MS } from '../e2e/harness.js';
import { serverDatabases, type TestDatabase } from '../store/databases.js';
import { DiscordDouble, FAST_TEST_RATE_LIMITS, type GuildFixture } from '../support/discord-double/index.js';
import { startBotProcess, type BotProcess } from './bot-process.js';
import { quickStart, REPO_ROOT } from './readme.js';
import { until } from '../support/until.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const shardOf = (guildId: string, shards: number) => Number((BigInt(guildId) >> 22n) % BigInt(shards));

describe.skipIf(!serverUrl)('shards on two machines (skipped without TEST_DATABASE_URL: needs a PostgreSQL server)', () => {
  let database: TestDatabase | undefined;
  let double: DiscordDouble | undefined;
  const machines: BotProcess[] = [];

  afterAll(async () => {
    for (const machine of machines) machine.kill();
    await double?.stop();
    await database?.close();
  });

  it('handles each server on its own machine, and each deadline once, by the right one', async () => {
    database = await serverDatabases(serverUrl!).open();
    double = new DiscordDouble({ rateLimits: FAST_TEST_RATE_LIMITS });
    await double.start();
    // Two servers on each shard.
    const guilds: GuildFixture[] = [];
    while ([0, 1].some((shard) => guilds.filter((guild) => shardOf(guild.id, 2) === shard).length < 2)) {
      const guild = double.createGuild({ users: 2 });
      if (guilds.filter((other) => shardOf(other.id, 2) === shardOf(guild.id, 2)).length < 2) guilds.push(guild);
    }
    const rest = new REST({ api: double.restUrl }).setToken(double.token);
    for (const guild of guilds) await rest.put(Routes.applicationGuildCommands(double.botUser.id, guild.id), { body: commandDefinitions });

    for (const shard of [0, 1]) {
      machines.push(
        startBotProcess(quickStart().start, {
          cwd: REPO_ROOT,
          env: { DISCORD_TOKEN: double.token, DISCORD_API_URL: double.restUrl, DATABASE_URL: database.url!, SHARD_IDS: String(shard), SHARD_COUNT: '2' },
        }),
      );
    }
    await Promise.all(machines.map((machine) => machine.waitForLine('bot online', { timeoutMs: 120_000 })));
    const sessionOfShard = (shard: number) => double!.identifications.find((identification) => identification.shard[0] === shard)!.sessionId;
    expect(double.identifications.map((identification) => identification.shard).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);

    // A game with a turn limit in every server; every click reaches only its shard's machine.
    const gameOf = new Map<string, string>();
    for (const guild of guilds) {
      const [host, guest] = guild.users as [never, never];
      const start = double.slashCommand({
        guildId: guild.id,
        channelId: guild.channelId,
        user: host,
        name: 'acquire',
        subcommand: 'start',
        options: { turn_limit: 120 },
      });
      expect(start.deliveredTo).toEqual([sessionOfShard(shardOf(guild.id, 2))]);
      const lobby = (await start.settled({ timeoutMs: SETTLE_MS })).original!;
      const join = buttonsOf(double.message(lobby.id)).find((button) => button.kind === 'join')!;
      await double.clickButton({ message: lobby, customId: join.customId, user: guest }).settled({ timeoutMs: SETTLE_MS });
      const begin = buttonsOf(double.message(lobby.id)).find((button) => button.kind === 'start')!;
      const click = double.clickButton({ message: lobby, customId: begin.customId, user: host });
      expect(click.deliveredTo).toEqual([sessionOfShard(shardOf(guild.id, 2))]);
      await click.settled({ timeoutMs: SETTLE_MS });
      const row = await database.prisma.game.findFirstOrThrow({ where: { guildId: guild.id, status: 'active' } });
      gameOf.set(guild.id, row.id);
    }

    // Every deadline passes at once; each machine's next tick acts on its own servers' games.
    // Twice: the second time, each machine has ticked again since the first round was over
    // (its own games' second deadline shows it did), with the other's games overdue as well,
    // so a second, wrong-handed attempt would have shown up by then.
    const client = new pg.Client({ connectionString: database.url! });
    await client.connect();
    const timedOut = () =>
      machines.flatMap((machine, shard) =>
        machine.lines.filter((line) => line.msg === 'decision timed out').map((line) => ({ shard, gameId: line.gameId as string })),
      );
    const actionsOf = async (guild: GuildFixture) => database!.prisma.gameAction.count({ where: { gameId: gameOf.get(guild.id)! } });
    for (const round of [1, 2]) {
      await client.query(`UPDATE games SET deadline_at = now() - interval '1 second' WHERE status = 'active'`);
      await until(async () => timedOut().length >= guilds.length * round && (await Promise.all(guilds.map(actionsOf))).every((count) => count >= round), {
        timeoutMs: 60_000,
        everyMs: 200,
        description: `round ${round}'s deadlines acted on`,
      }).catch(() => undefined);
      const handled = timedOut();
      expect(handled).toHaveLength(guilds.length * round);
      for (const guild of guilds) {
        expect(handled.filter((entry) => entry.gameId === gameOf.get(guild.id))).toEqual(
          Array.from({ length: round }, () => ({ shard: shardOf(guild.id, 2), gameId: gameOf.get(guild.id) })),
        );
        // One default move a deadline, and they are the only actions in the log.
        expect(await actionsOf(guild)).toBe(round);
      }
    }
    await client.end();
  }, 240_000);
});
