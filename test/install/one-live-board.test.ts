/**
 * One live board per game, whatever happens to the processes: two real bot processes on one
 * PostgreSQL database serving the same games (clicks handed to them in turn, then every click
 * delivered to both, as an overlapping rolling restart does), and a process killed with SIGKILL
 * under load and started again, three times. After each, every game's thread has exactly one
 * public message whose buttons act. Needs TEST_DATABASE_URL.
 */
import { afterEach, expect, it } from 'vitest';
import { decodeEnvelope } from '../../src/bot/components.js';
import { SETTLE_MS, buttonsOf, gameChannelOf, type Harness } from '../e2e/harness.js';
import { Table } from '../e2e/players.js';
import { serverDatabases, type TestDatabase } from '../store/databases.js';
import { DiscordDouble, FAST_TEST_RATE_LIMITS, type GuildFixture, type InteractionDelivery } from '../support/discord-double/index.js';
import { startBotProcess, type BotProcess } from './bot-process.js';
import { REPO_ROOT } from './readme.js';

const serverUrl = process.env.TEST_DATABASE_URL;

let double: DiscordDouble | undefined;
let database: TestDatabase | undefined;
let processes: BotProcess[] = [];

afterEach(async () => {
  for (const bot of processes) bot.kill();
  processes = [];
  await double?.stop();
  await database?.close();
  double = undefined;
  database = undefined;
});

function startBot(): BotProcess {
  const bot = startBotProcess('npx tsx src/main.ts', {
    cwd: REPO_ROOT,
    env: {
      DISCORD_TOKEN: double!.token,
      DISCORD_API_URL: double!.restUrl,
      DATABASE_URL: database!.url!,
      LOG_LEVEL: process.env.BOT_LOG_LEVEL ?? 'info',
      COMPUTER_MOVE_DELAY_MS: '0',
    },
  });
  processes.push(bot);
  return bot;
}

async function setUp(delivery: InteractionDelivery, games: number): Promise<{ guild: GuildFixture; channels: string[] }> {
  database = await serverDatabases(serverUrl!).open();
  double = new DiscordDouble({ rateLimits: FAST_TEST_RATE_LIMITS, interactionDelivery: delivery });
  await double.start();
  const guild = double.createGuild({ users: games * 2, channels: Array.from({ length: games }, (_, index) => `table-${index + 1}`) });
  return { guild, channels: guild.channels.map((channel) => channel.id) };
}

async function openGame(guild: GuildFixture, channelId: string, host: number, guest: number): Promise<void> {
  const [hostUser, guestUser] = [guild.users[host]!, guild.users[guest]!];
  const lobby = (
    await double!
      .slashCommand({ guildId: guild.id, channelId, user: hostUser, name: 'acquire', subcommand: 'start', options: {} })
      .settled({ timeoutMs: SETTLE_MS })
  ).original!;
  await double!
    .clickButton({ message: lobby, customId: buttonsOf(lobby).find((b) => b.kind === 'join')!.customId, user: guestUser })
    .settled({ timeoutMs: SETTLE_MS });
  // The first board of a process starts its worker threads: on a busy machine, longer than a click's usual answer.
  await double!
    .clickButton({ message: lobby, customId: buttonsOf(double!.message(lobby.id)).find((b) => b.kind === 'start')!.customId, user: hostUser })
    .settled({ timeoutMs: 90_000 });
}

/** A view of one channel's game, as the simulated players need it. */
function tableOf(guild: GuildFixture, channelId: string, seed: number): Table {
  return new Table({ double: double!, guild: { ...guild, channelId } } as unknown as Harness, seed);
}

/** Public messages of the game played from `channelId` whose buttons act on a game in progress (its thread's). */
function liveBoards(guild: GuildFixture, channelId: string): string[] {
  const where = gameChannelOf({ double: double!, guild: { ...guild, channelId } } as unknown as Harness, channelId);
  return double!
    .channelMessages(where)
    .filter(
      (message) =>
        !message.ephemeral &&
        buttonsOf(message).some((button) => ['hand', 'decide', 'withdraw', 'declareEnd'].includes(decodeEnvelope(button.customId)?.kind ?? '')),
    )
    .map((message) => message.id);
}

/** Waits (a few seconds at most) until each game shows as many live boards as `expected` says (by default one), and returns how many each shows. */
async function boardsPerGame(guild: GuildFixture, channels: readonly string[], expected: readonly number[] = channels.map(() => 1)): Promise<number[]> {
  await double!
    .waitFor(() => channels.every((channelId, index) => liveBoards(guild, channelId).length === expected[index]), {
      timeoutMs: 5_000,
      description: 'one live board per game',
    })
    .catch(() => undefined);
  return channels.map((channelId) => liveBoards(guild, channelId).length);
}

/** One live board for a game in progress, none for one that ended (its final message offers a rematch only). */
async function expectedBoards(channels: readonly string[]): Promise<number[]> {
  const games = await database!.prisma.game.findMany({ where: { channelId: { in: [...channels] } }, select: { channelId: true, status: true } });
  return channels.map((channelId) => (games.find((game) => game.channelId === channelId)?.status === 'active' ? 1 : 0));
}

/** Every table plays as fast as it can, `decisions` decisions in all, round-robin over the tables. */
async function playRoundRobin(tables: readonly Table[], decisions: number): Promise<void> {
  for (let decision = 0; decision < decisions; decision++) await tables[decision % tables.length]!.playDecision();
}

const DELIVERIES: { delivery: InteractionDelivery; how: string; seed: number }[] = [
  { delivery: 'round-robin', how: 'clicks handed to them in turn', seed: 40 },
  { delivery: 'every-session', how: 'each receiving every click', seed: 60 },
];

it.skipIf(!serverUrl).each(DELIVERIES)(
  'two processes serving the same games, $how: one live board per game after 50 decisions',
  async ({ delivery, how, seed }) => {
    const { guild, channels } = await setUp(delivery, 2);
    await Promise.all([startBot(), startBot()].map((bot) => bot.waitForLine('bot online', { timeoutMs: 120_000 })));
    for (const [index, channelId] of channels.entries()) await openGame(guild, channelId, index * 2, index * 2 + 1);
    const tables = channels.map((channelId, index) => tableOf(guild, channelId, seed + index));
    await playRoundRobin(tables, 50);
    const boards = await boardsPerGame(guild, channels);
    console.log(`two processes, ${how}: live boards per game after 50 decisions: ${boards.join(', ')}`);
    expect(boards).toEqual(channels.map(() => 1));
  },
  600_000,
);

it.skipIf(!serverUrl)(
  'a process killed with SIGKILL under load and started again, three times: one live board per game each time',
  async () => {
    const { guild, channels } = await setUp('every-session', 4);
    let bot = startBot();
    await bot.waitForLine('bot online', { timeoutMs: 120_000 });
    for (const [index, channelId] of channels.entries()) await openGame(guild, channelId, index * 2, index * 2 + 1);
    const counts: number[][] = [];
    for (let round = 0; round < 3; round++) {
      // Every table plays as fast as it can; the process is killed while they do, and its players
      // stop waiting for what the dead process will not answer. The games go on as long as the
      // rules let them (one may still end: then it has no live board).
      const tables = channels.map((channelId, index) => tableOf(guild, channelId, 80 + 10 * round + index));
      for (const table of tables) table.declaresEnd = false;
      let killed = false;
      const playing = tables.map(async (table) => {
        while (!killed) {
          try {
            if (!(await table.playDecision())) return;
          } catch (error) {
            if (killed) return; // a click the dead process never answered
            throw error;
          }
        }
      });
      // Killed a moment after play starts: long enough for every table to be mid-move, short enough that most games outlast three rounds.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      killed = true;
      for (const table of tables) table.stop();
      bot.kill();
      expect(await bot.exited).toBeNull();
      await Promise.all(playing);
      bot = startBot();
      await bot.waitForLine('bot online', { timeoutMs: 120_000 });
      const expected = await expectedBoards(channels);
      const boards = await boardsPerGame(guild, channels, expected);
      counts.push(boards);
      // On a failure, what the database has on record beside what the threads show.
      const onRecord = boards.some((count, index) => count !== expected[index])
        ? JSON.stringify(
            await database!.prisma.game.findMany({ select: { id: true, status: true, stateId: true, publicMessageId: true, publicStateId: true } }),
          )
        : '';
      expect(boards, `after restart ${round + 1} ${onRecord}`).toEqual(expected);
    }
    console.log(`SIGKILL and restart under load: live boards per game after each restart: ${counts.map((boards) => boards.join(', ')).join(' | ')}`);
    // No restart closed a game (a game may end by the rules: the bag empty and no tile playable).
    const statuses = await database!.prisma.game.findMany({ select: { status: true, stateId: true } });
    console.log(`the games after the third restart: ${statuses.map((game) => `${game.status} at state ${game.stateId}`).join(', ')}`);
    for (const game of statuses) expect(['active', 'finished']).toContain(game.status);
    // And the games in progress go on from the one board.
    const running = (await expectedBoards(channels)).flatMap((boards, index) => (boards === 1 ? [tableOf(guild, channels[index]!, 120 + index)] : []));
    for (const table of running) expect(await table.playDecision()).toBe(true);
  },
  600_000,
);
