/**
 * Two bot processes on one PostgreSQL database serving the same channel, as several shards or
 * a rolling restart would: the double hands the channel's interactions to them in turn, and
 * simultaneous clicks race each other. No move may be lost or applied twice, every click gets
 * an answer, and every line either process writes is JSON without any tile of any hand.
 */
import { REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/acquire.js';
import { ALL_TILES, replay } from '../../src/engine/index.js';
import { findLiveGame, getActionLog, getGame, setupOf } from '../../src/store/index.js';
import { buttonsOf, SETTLE_MS } from '../e2e/harness.js';
import { Table } from '../e2e/players.js';
import { serverDatabases, type TestDatabase } from '../store/databases.js';
import { DiscordDouble, FAST_TEST_RATE_LIMITS, type GuildFixture } from '../support/discord-double/index.js';
import { startBotProcess, type BotProcess } from './bot-process.js';
import { quickStart, REPO_ROOT } from './readme.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const TILE_NAME = new RegExp(`\\b(${ALL_TILES.join('|')})\\b`);

describe.skipIf(!serverUrl)('two bot processes sharing one PostgreSQL database (skipped without TEST_DATABASE_URL: needs a PostgreSQL server)', () => {
  let database: TestDatabase;
  let double: DiscordDouble;
  let guild: GuildFixture;
  let bots: BotProcess[] = [];

  beforeAll(async () => {
    database = await serverDatabases(serverUrl!).open();
    double = new DiscordDouble({ interactionDelivery: 'round-robin', rateLimits: FAST_TEST_RATE_LIMITS });
    await double.start();
    guild = double.createGuild({ users: 3 });
    await new REST({ api: double.restUrl })
      .setToken(double.token)
      .put(Routes.applicationGuildCommands(double.botUser.id, guild.id), { body: commandDefinitions });
    // Both start at once, so they also race to apply the migrations to the empty database.
    bots = [0, 1].map(() =>
      startBotProcess(quickStart().start, {
        cwd: REPO_ROOT,
        env: { DISCORD_TOKEN: double.token, DISCORD_API_URL: double.restUrl, DATABASE_URL: database.url!, LOG_LEVEL: 'debug' },
      }),
    );
    await Promise.all(bots.map((bot) => bot.waitForLine('bot online')));
  }, 120_000);

  afterAll(async () => {
    for (const bot of bots) bot.kill();
    await double?.stop();
    await database?.close();
  });

  it('plays a whole game with clicks alternating between the processes, losing and doubling no move', async () => {
    const [host, ...others] = guild.users;
    const session = (index: number) => double.identifications[index]!.sessionId;
    const start = await double
      .slashCommand({ guildId: guild.id, channelId: guild.channelId, user: host!, name: 'acquire', subcommand: 'start' })
      .settled({ timeoutMs: SETTLE_MS });
    const lobby = start.original!;
    for (const user of others) {
      const join = buttonsOf(double.message(lobby.id)).find((button) => button.kind === 'join')!;
      await double.clickButton({ message: lobby, customId: join.customId, user }).settled({ timeoutMs: SETTLE_MS });
    }
    const startButton = buttonsOf(double.message(lobby.id)).find((button) => button.kind === 'start')!;
    await double.clickButton({ message: lobby, customId: startButton.customId, user: host! }).settled({ timeoutMs: SETTLE_MS });
    const game = (await findLiveGame(database.prisma, guild.channelId))!;
    expect(game.status).toBe('active');

    // The first player clicks a tile twice at once: one click reaches each process.
    const table = new Table({ double, guild }, 7);
    const turn = table.current()!;
    const opener = buttonsOf(turn.message).find((button) => button.kind === 'decide' || button.kind === 'hand')!;
    const panel = (await double.clickButton({ message: turn.message, customId: opener.customId, user: turn.userId }).settled({ timeoutMs: SETTLE_MS }))
      .original!;
    const tile = buttonsOf(panel).find((button) => button.kind === 'tile')!;
    const racing = [0, 1].map(() => double.clickButton({ message: panel, customId: tile.customId, user: turn.userId }));
    expect(racing.map((handle) => handle.deliveredTo[0])).toEqual(expect.arrayContaining([session(0), session(1)]));
    const views = await Promise.all(racing.map((handle) => handle.settled({ timeoutMs: SETTLE_MS })));
    // One placed the tile; the other was told the game had moved on.
    expect(views.filter((view) => view.followUps.some((message) => message.ephemeral))).toHaveLength(1);
    const afterRace = await getActionLog(database.prisma, game.id);
    expect(afterRace.filter((entry) => entry.action.type === 'placeTile')).toHaveLength(1);

    for (let decisions = 0; await table.playDecision(); decisions++) {
      if (decisions > 1500) throw new Error('the game did not end');
    }
    const finished = (await getGame(database.prisma, game.id))!;
    expect(finished.status).toBe('finished');
    expect(finished.state!.turn).toBeGreaterThan(30);

    // Both processes served the game.
    const moveLines = bots.map((bot) => bot.lines.filter((line) => line.msg === 'move applied'));
    for (const lines of moveLines) expect(lines.length).toBeGreaterThan(10);
    // No state id was reached twice, and the log has every move once, in order.
    const versions = moveLines.flat().map((line) => line.stateId);
    expect(new Set(versions).size).toBe(versions.length);
    const log = await getActionLog(database.prisma, game.id);
    expect(log.map((entry) => entry.sequence)).toEqual(log.map((_, index) => log[0]!.sequence + index));
    expect(
      replay(
        setupOf(finished),
        log.map((entry) => entry.action),
      ),
    ).toEqual(finished.state);

    // Every stdout line of both processes is JSON, and none names a tile.
    for (const bot of bots) {
      expect(bot.otherLines).toEqual([]);
      for (const line of bot.lines) expect(JSON.stringify(line)).not.toMatch(TILE_NAME);
    }

    // SIGTERM stops each process cleanly.
    for (const bot of bots) process.kill(bot.lines.find((line) => line.msg === 'bot online')!.pid!, 'SIGTERM');
    expect(await Promise.all(bots.map((bot) => bot.exited))).toEqual([0, 0]);
  }, 600_000);
});
