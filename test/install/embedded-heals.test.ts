/**
 * A real bot process (`tsx src/main.ts`, embedded database, HEALTH_PORT) whose data folder is
 * made read-only in the middle of a game: a click then hears "temporarily unavailable, and
 * nothing was changed" and /health answers 503; once the folder may be written again the bot
 * serves again within 30 s, with no restart, the game where it was, and the game is played on
 * to its end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REST, Routes } from 'discord.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/acquire.js';
import { decodeEnvelope } from '../../src/bot/components.js';
import { refusals } from '../../src/bot/refusals.js';
import { say } from '../../src/i18n/index.js';
import { answerOf, buttonsOf, type Harness, latestPublicWithButtons, messageText, SETTLE_MS, tableMovedPast } from '../e2e/harness.js';
import { Table } from '../e2e/players.js';
import { DiscordDouble, FAST_TEST_RATE_LIMITS, type GuildFixture, type StoredMessage } from '../support/discord-double/index.js';
import { makeReadOnly, makeWritable } from '../support/read-only.js';
import { until } from '../support/until.js';
import { type BotProcess, isRunning, startBotProcess } from './bot-process.js';
import { REPO_ROOT } from './readme.js';

let double: DiscordDouble;
let guild: GuildFixture;
let bot: BotProcess;
let workDir: string;
let dataDir: string;
let healthPort: number;
let readOnly = false;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  double = new DiscordDouble({ rateLimits: FAST_TEST_RATE_LIMITS });
  await double.start();
  guild = double.createGuild({ users: 2 });
  await new REST({ api: double.restUrl })
    .setToken(double.token)
    .put(Routes.applicationGuildCommands(double.botUser.id, guild.id), { body: commandDefinitions });
  workDir = mkdtempSync(join(tmpdir(), 'acquire-heals-'));
  dataDir = join(workDir, 'pglite');
  healthPort = await freePort();
  bot = startBotProcess('npx tsx src/main.ts', {
    cwd: REPO_ROOT,
    env: {
      DISCORD_TOKEN: double.token,
      DISCORD_API_URL: double.restUrl,
      DATA_DIR: dataDir,
      HEALTH_PORT: String(healthPort),
      LOG_LEVEL: 'info',
      COMPUTER_MOVE_DELAY_MS: '0',
    },
  });
  await bot.waitForLine('bot online', { timeoutMs: 120_000 });
}, 150_000);

afterAll(async () => {
  if (readOnly) makeWritable(dataDir);
  bot?.kill();
  await double?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const health = () =>
  fetch(`http://127.0.0.1:${healthPort}/health`).then(
    (response) => response.status,
    () => 0,
  );

/** The sentence a player hears when the database cannot be used. */
const UNAVAILABLE = say('en', refusals.unavailable);

it('refuses clicks as temporarily unavailable while its folder is read-only, then serves the same game again without a restart', async () => {
  const [host, guest] = guild.users as [GuildFixture['users'][number], GuildFixture['users'][number]];
  const lobby = (
    await double
      .slashCommand({ guildId: guild.id, channelId: guild.channelId, user: host, name: 'acquire', subcommand: 'start' })
      .settled({ timeoutMs: SETTLE_MS })
  ).original!;
  await double
    .clickButton({ message: lobby, customId: buttonsOf(lobby).find((button) => button.kind === 'join')!.customId, user: guest })
    .settled({ timeoutMs: SETTLE_MS });
  await double
    .clickButton({ message: lobby, customId: buttonsOf(double.message(lobby.id)).find((button) => button.kind === 'start')!.customId, user: host })
    .settled({ timeoutMs: SETTLE_MS });
  const harness = { double, guild } as unknown as Harness;
  const table = new Table(harness, 7);
  for (let decisions = 0; decisions < 6; decisions++) expect(await table.playDecision()).toBe(true);

  // Mid-game, a tile to place: the deciding player's panel, opened while all is well.
  let panel: StoredMessage | null = null;
  let tile: ReturnType<typeof buttonsOf>[number] | undefined;
  let player = host;
  for (let tries = 0; !tile; tries++) {
    if (tries > 0) expect(await table.playDecision()).toBe(true);
    const { message, userId } = table.current()!;
    player = guild.users.find((user) => user.id === userId)!;
    const opener = buttonsOf(message).find((button) => button.kind === 'decide') ?? buttonsOf(message).find((button) => button.kind === 'hand')!;
    panel = await answerOf(double.clickButton({ message, customId: opener.customId, user: player }));
    tile = buttonsOf(panel).find((button) => button.kind === 'tile');
  }
  const channel = table.channel();
  const shown = latestPublicWithButtons(harness, channel)!;
  const messagesBefore = double.channelMessages(channel).length;
  expect(await health()).toBe(200);

  makeReadOnly(dataDir);
  readOnly = true;
  expect(await health()).toBe(503);
  const placed = await answerOf(double.clickButton({ message: panel!, customId: tile.customId, user: player }));
  expect(messageText(placed)).toBe(UNAVAILABLE);
  expect(placed!.ephemeral).toBe(true);
  // Asked again meanwhile, the bot says the same, at once; the table did not move.
  const opener = buttonsOf(shown).find((button) => button.kind === 'decide') ?? buttonsOf(shown).find((button) => button.kind === 'hand')!;
  const reopened = await answerOf(double.clickButton({ message: shown, customId: opener.customId, user: player }));
  expect(messageText(reopened)).toBe(UNAVAILABLE);
  expect(await health()).toBe(503);
  expect(double.channelMessages(channel).length).toBe(messagesBefore);
  expect(latestPublicWithButtons(harness, channel)!.id).toBe(shown.id);

  makeWritable(dataDir);
  readOnly = false;
  const writable = Date.now();
  await until(async () => (await health()) === 200, { timeoutMs: 30_000, everyMs: 250, description: '/health answering 200 again' });
  const resumedMs = Date.now() - writable;
  expect(resumedMs).toBeLessThan(30_000);
  console.log(`the bot served again ${resumedMs} ms after its folder could be written`);

  // The same tile, from the same panel: nothing was changed, so it is still the move to make.
  const stateId = decodeEnvelope(tile.customId)!.stateId;
  const accepted = await double.clickButton({ message: panel!, customId: tile.customId, user: player }).settled({ timeoutMs: SETTLE_MS });
  expect(accepted.followUps.filter((message) => message.ephemeral).map(messageText)).toEqual([]);
  await tableMovedPast(harness, channel, stateId);

  // And the game is played on to its end, on the same process.
  let decisions = 0;
  while (await table.playDecision()) if (++decisions > 1500) throw new Error('the game did not end');
  expect(decisions).toBeGreaterThan(10);
  expect(double.channelMessages(channel).some((message) => /wins|won/i.test(message.content + JSON.stringify(message.components)))).toBe(true);
  expect(isRunning(bot.lines.find((line) => line.msg === 'bot online')!.pid!)).toBe(true);
  expect(bot.lines.filter((line) => line.msg === 'the embedded database is open again')).toHaveLength(1);
  expect(
    bot.lines.filter((line) => line.msg === 'interaction failed'),
    'no click reached "Something went wrong"',
  ).toEqual([]);
}, 600_000);
