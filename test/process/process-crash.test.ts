/**
 * The bot as a real process (`tsx src/main.ts`) on PostgreSQL, killed with SIGKILL in the middle
 * of several games under load, then started again: every move a player was told about is in
 * its game, and the games go on. Also a clean SIGTERM. Needs TEST_DATABASE_URL.
 */
import { afterAll, expect, it } from 'vitest';
import { replay } from '../../src/engine/index.js';
import { getActionLog, getGame, setupOf } from '../../src/store/index.js';
import { serverDatabases, type TestDatabase } from '../store/databases.js';
import { DiscordDouble, FAST_TEST_RATE_LIMITS, type GuildFixture } from '../support/discord-double/index.js';
import { startBotProcess, type BotProcess } from '../install/bot-process.js';
import { SETTLE_MS, buttonsOf, type Harness } from '../e2e/harness.js';
import { Table } from '../e2e/players.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const repo = new URL('../..', import.meta.url).pathname;
const CHANNELS = 3;

let double: DiscordDouble | undefined;
let database: TestDatabase | undefined;
const processes: BotProcess[] = [];

afterAll(async () => {
  for (const bot of processes) bot.kill();
  await double?.stop();
  await database?.close();
});

function startBot(url: string): BotProcess {
  const bot = startBotProcess('npx tsx src/main.ts', {
    cwd: repo,
    env: { DISCORD_TOKEN: double!.token, DISCORD_API_URL: double!.restUrl, DATABASE_URL: url, LOG_LEVEL: 'info' },
  });
  processes.push(bot);
  return bot;
}

/** A view of one channel of the guild, as the simulated players need it. */
function channelTable(guild: GuildFixture, channelId: string, seed: number): Table {
  return new Table({ double: double!, guild: { ...guild, channelId } } as unknown as Harness, seed);
}

async function openGame(guild: GuildFixture, channelId: string, host: number, guest: number): Promise<void> {
  const [hostUser, guestUser] = [guild.users[host]!, guild.users[guest]!];
  const start = await double!
    .slashCommand({ guildId: guild.id, channelId, user: hostUser, name: 'acquire', subcommand: 'start', options: {} })
    .settled({ timeoutMs: SETTLE_MS });
  const lobby = start.original!;
  await double!
    .clickButton({ message: lobby, customId: buttonsOf(lobby).find((b) => b.kind === 'join')!.customId, user: guestUser })
    .settled({ timeoutMs: SETTLE_MS });
  await double!
    .clickButton({ message: lobby, customId: buttonsOf(double!.message(lobby.id)).find((b) => b.kind === 'start')!.customId, user: hostUser })
    .settled({ timeoutMs: SETTLE_MS });
}

it.skipIf(!serverUrl)(
  'loses no acknowledged move when killed with SIGKILL under load, and the games go on',
  async () => {
    database = await serverDatabases(serverUrl!).open();
    double = new DiscordDouble({ rateLimits: FAST_TEST_RATE_LIMITS });
    await double.start();
    const guild = double.createGuild({ users: CHANNELS * 2, channels: Array.from({ length: CHANNELS }, (_, index) => `table-${index + 1}`) });
    const channels = guild.channels.map((channel) => channel.id);

    const first = startBot(database.url!);
    await first.waitForLine('bot online');
    for (const [index, channelId] of channels.entries()) await openGame(guild, channelId, index * 2, index * 2 + 1);
    const tables = channels.map((channelId, index) => channelTable(guild, channelId, 100 + index));

    // Every table plays as fast as it can; the process is killed while they do.
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
    // Killed once the tables have made more moves than the check below needs, in mid-play.
    const moved = () => tables.reduce((sum, table) => sum + table.moves, 0);
    await double.waitFor(() => moved() > CHANNELS * 4, { timeoutMs: 60_000, description: 'the tables making moves' });
    killed = true;
    first.kill();
    expect(await first.exited).toBeNull();
    // What the players were still waiting for cannot come: they stop waiting (a move is counted
    // once its answer has arrived, so the counts are final once play stops).
    for (const table of tables) table.stop();
    await Promise.all(playing);
    const playedOn = channels.map((channelId, index) => channelTable(guild, channelId, 200 + index));

    const games = await database.prisma.game.findMany({ where: { status: { in: ['active', 'finished'] } }, orderBy: { channelId: 'asc' } });
    expect(games).toHaveLength(CHANNELS);
    for (const [index, channelId] of channels.entries()) {
      const game = games.find((candidate) => candidate.channelId === channelId)!;
      const log = await getActionLog(database.prisma, game.id);
      // Every acknowledged move is in the log; at most the one in flight when the process died
      // was written without its acknowledgement.
      expect(log.length).toBeGreaterThanOrEqual(tables[index]!.moves);
      expect(log.length).toBeLessThanOrEqual(tables[index]!.moves + 1);
      expect(log.map((entry) => entry.sequence)).toEqual(log.map((_, position) => position + 1));
    }
    expect(moved()).toBeGreaterThan(CHANNELS * 3);

    // A new process picks the games up where they stand.
    const second = startBot(database.url!);
    const online = await second.waitForLine('bot online');
    for (const [index, channelId] of channels.entries()) {
      const game = games.find((candidate) => candidate.channelId === channelId)!;
      const before = (await getGame(database.prisma, game.id))!;
      if (before.status !== 'active') continue;
      for (let decisions = 0; decisions < 5; decisions++) {
        if (!(await playedOn[index]!.playDecision())) break;
      }
      const after = (await getGame(database.prisma, game.id))!;
      expect(after.state!.stateId, `the game in ${channelId} moves on`).toBeGreaterThan(before.state!.stateId);
      const log = await getActionLog(database.prisma, game.id);
      expect(
        replay(
          setupOf(after),
          log.map((entry) => entry.action),
        ),
      ).toEqual(after.state);
    }

    // SIGTERM: in-flight work finishes, the database is closed, the process exits cleanly.
    process.kill(online.pid!, 'SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.lines.some((line) => line.msg === 'shutting down')).toBe(true);
  },
  240_000,
);
