/**
 * One REST budget for a bot run in three processes: `npm run rest-proxy` (discord.js's
 * @discordjs/proxy) in front of the Discord double, and three bot processes on one PostgreSQL
 * database sending their bot-token requests through it (DISCORD_REST_PROXY). Sixty games start
 * at once, twenty in each process: each start opens a thread and posts the table in it with the
 * bot's token, forty requests a process, four seconds' worth at one process's own pace (nine
 * tenths of the limit). Together they stay within the global limit in every one-second window,
 * and the double answers none of them 429; without the proxy the three together would send
 * nearly three times the limit.
 */
import { REST, Routes, type APIUser } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/acquire.js';
import { buttonsOf, gameChannelOf, latestPublicWithButtons } from '../e2e/harness.js';
import { serverDatabases, type TestDatabase } from '../store/databases.js';
import { DiscordDouble, FAST_TEST_RATE_LIMITS, type GuildFixture, type StoredMessage } from '../support/discord-double/index.js';
import { startBotProcess, type BotProcess } from './bot-process.js';
import { quickStart, REPO_ROOT } from './readme.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const PROCESSES = 3;
const GAMES = 60;
/**
 * The global limit, the double's and the bot's alike: ten a second rather than Discord's default
 * fifty (DISCORD_GLOBAL_REST_LIMIT is what Discord granted the bot), so that a load this machine
 * can make takes each process alone to its limit.
 */
const LIMIT = 10;
const SETTLE = { timeoutMs: 120_000 };

/**
 * The most requests among `times` (ms) in one of Discord's one-second windows, counted as
 * Discord (and the double, and discord.js's own limiter) count them: a window opens with the
 * first request after the last one closed, and lasts a second.
 */
function busiestSecond(times: number[]): number {
  let most = 0;
  let opened = -Infinity;
  let count = 0;
  for (const at of [...times].sort((a, b) => a - b)) {
    if (at - opened >= 1000) [opened, count] = [at, 0];
    most = Math.max(most, ++count);
  }
  return most;
}

describe.skipIf(!serverUrl)('three bot processes behind one REST proxy (skipped without TEST_DATABASE_URL: needs a PostgreSQL server)', () => {
  let database: TestDatabase;
  let double: DiscordDouble;
  let guild: GuildFixture;
  let proxy: BotProcess;
  let bots: BotProcess[] = [];

  beforeAll(async () => {
    database = await serverDatabases(serverUrl!).open();
    // Discord's global limit as it is; the 3 s an interaction may wait for its answer lengthened,
    // since what is measured here is the REST budget of five processes sharing the machine
    // (answers in time under load are test/e2e/overload.test.ts's and bench:load's).
    double = new DiscordDouble({
      interactionDelivery: 'round-robin',
      rateLimits: { ...FAST_TEST_RATE_LIMITS, globalPerSecond: LIMIT },
      interactionDeadlineMs: 30_000,
    });
    await double.start();
    guild = double.createGuild({ users: 2 * GAMES, channels: Array.from({ length: GAMES }, (_, index) => `table-${index + 1}`) });
    await new REST({ api: double.restUrl })
      .setToken(double.token)
      .put(Routes.applicationGuildCommands(double.botUser.id, guild.id), { body: commandDefinitions });
    proxy = startBotProcess('npm run --silent rest-proxy', {
      cwd: REPO_ROOT,
      env: { DISCORD_API_URL: double.restUrl, REST_PROXY_PORT: '0', DISCORD_GLOBAL_REST_LIMIT: String(LIMIT) },
    });
    const listening = await proxy.waitForLine('rest proxy listening');
    const env = {
      DISCORD_TOKEN: double.token,
      DISCORD_API_URL: double.restUrl,
      DATABASE_URL: database.url!,
      DISCORD_REST_PROXY: `http://127.0.0.1:${String(listening.port)}`,
      DISCORD_GLOBAL_REST_LIMIT: String(LIMIT),
    };
    bots = Array.from({ length: PROCESSES }, () => startBotProcess(quickStart().start, { cwd: REPO_ROOT, env }));
    await Promise.all(bots.map((bot) => bot.waitForLine('bot online', { timeoutMs: 120_000 })));
  }, 180_000);

  afterAll(async () => {
    for (const bot of [...bots, proxy]) bot?.kill();
    await double?.stop();
    await database?.close();
  });

  it('keeps the bot-token requests of all three within the global limit in every second, with no 429', async () => {
    // Every lobby opened and joined, a few at a time (interaction answers only: not counted against the limit).
    const lobbies: { lobby: StoredMessage; host: APIUser }[] = [];
    for (let from = 0; from < GAMES; from += PROCESSES) {
      const opened = guild.channels.slice(from, from + PROCESSES).map(async (channel, offset) => {
        const [host, guest] = [guild.users[2 * (from + offset)]!, guild.users[2 * (from + offset) + 1]!];
        const lobby = (
          await double.slashCommand({ guildId: guild.id, channelId: channel.id, user: host, name: 'acquire', subcommand: 'start', options: {} }).settled(SETTLE)
        ).original!;
        await double
          .clickButton({ message: lobby, customId: buttonsOf(lobby).find((button) => button.kind === 'join')!.customId, user: guest })
          .settled(SETTLE);
        return { lobby, host };
      });
      lobbies.push(...(await Promise.all(opened)));
    }
    const from = double.calls.length;
    // Then every game started at once, a third of them in each process.
    const starts = lobbies.map(({ lobby, host }) =>
      double.clickButton({ message: lobby, customId: buttonsOf(double.message(lobby.id)).find((button) => button.kind === 'start')!.customId, user: host }),
    );
    expect(new Set(starts.map((start) => start.deliveredTo[0])).size).toBe(PROCESSES);
    await Promise.all(starts.map((start) => start.settled(SETTLE)));
    // Each game's table is up in its thread: every request went through, waits and all.
    const venue = { double, guild };
    const tableUp = (channelId: string) => latestPublicWithButtons(venue, gameChannelOf(venue, channelId)) !== undefined;
    await double
      .waitFor(() => guild.channels.every((channel) => tableUp(channel.id)), { timeoutMs: 120_000, description: 'every game’s table in its thread' })
      .catch((error: unknown) => {
        const missing = guild.channels.filter((channel) => !tableUp(channel.id));
        const first = missing[0]!;
        const threads = double.threads(first.id);
        throw new Error(
          `${String(error)}; ${missing.length} without a table; the first has ${threads.length} threads, ${threads.map((thread) => JSON.stringify(double.channelMessages(thread.id).map((message) => message.components))).join(' ')}`,
        );
      });
    expect(await database.prisma.game.count({ where: { status: 'active' } })).toBe(GAMES);

    const calls = double.calls.slice(from);
    const botToken = calls.filter((call) => call.countsGlobally);
    // Every bot-token request sent (those the double refused with 429 included) within the limit in each window, and none refused.
    expect(busiestSecond(calls.filter((call) => call.countsGlobally || call.status === 429).map((call) => call.at))).toBeLessThanOrEqual(LIMIT);
    expect(calls.filter((call) => call.status === 429)).toEqual([]);
    // The load: in each process, more bot-token requests than it alone may send in a second (nine tenths of the limit).
    expect(botToken.length).toBeGreaterThan(PROCESSES * LIMIT);
    // Each process served its share of the starts.
    for (const bot of bots) expect(bot.lines.filter((line) => line.msg === 'bot online')).toHaveLength(1);
    const sessions = starts.map((start) => start.deliveredTo[0]);
    for (const session of new Set(sessions)) expect(sessions.filter((delivered) => delivered === session)).toHaveLength(GAMES / PROCESSES);
    for (const bot of [...bots, proxy]) expect(bot.otherLines).toEqual([]);
  }, 300_000);
});
