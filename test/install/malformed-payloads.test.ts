/**
 * A real bot process (`tsx src/main.ts`, embedded database) fed interactions of shapes Discord
 * does not document, built from real ones and then damaged: forms whose `components` is null or
 * a string, clicks with no message or no data, no member and no user, unknown types, huge and
 * non-string ids. The process stays up, each interaction that can be answered is answered
 * privately with a clear sentence, and a game is then played to its end on the same process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REST, Routes } from 'discord.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/acquire.js';
import { buttonsOf, type Harness, SETTLE_MS } from '../e2e/harness.js';
import { Table } from '../e2e/players.js';
import { DiscordDouble, FAST_TEST_RATE_LIMITS, type GuildFixture, type InteractionHandle, type StoredMessage } from '../support/discord-double/index.js';
import { type BotProcess, isRunning, startBotProcess } from './bot-process.js';
import { REPO_ROOT } from './readme.js';

let double: DiscordDouble;
let guild: GuildFixture;
let bot: BotProcess;
let dataDir: string;

beforeAll(async () => {
  double = new DiscordDouble({ rateLimits: FAST_TEST_RATE_LIMITS });
  await double.start();
  guild = double.createGuild({ users: 2 });
  await new REST({ api: double.restUrl })
    .setToken(double.token)
    .put(Routes.applicationGuildCommands(double.botUser.id, guild.id), { body: commandDefinitions });
  dataDir = mkdtempSync(join(tmpdir(), 'acquire-malformed-'));
  bot = startBotProcess('npx tsx src/main.ts', {
    cwd: REPO_ROOT,
    env: { DISCORD_TOKEN: double.token, DISCORD_API_URL: double.restUrl, DATA_DIR: dataDir, LOG_LEVEL: 'info', COMPUTER_MOVE_DELAY_MS: '0' },
  });
  await bot.waitForLine('bot online', { timeoutMs: 120_000 });
}, 150_000);

afterAll(async () => {
  bot?.kill();
  await double?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Payload = Record<string, unknown>;
const data = (payload: Payload) => payload.data as Payload;

/** Each damage done to a real interaction, and whether the result still has an id and a token to answer. */
const DAMAGES: { name: string; from: 'click' | 'command'; reshape: (payload: Payload) => Payload; answerable: boolean }[] = [
  {
    name: 'a form whose components are null',
    from: 'click',
    reshape: (p) => ({ ...p, type: 5, data: { custom_id: data(p).custom_id, components: null } }),
    answerable: true,
  },
  {
    name: 'a form whose components are a string',
    from: 'click',
    reshape: (p) => ({ ...p, type: 5, data: { custom_id: data(p).custom_id, components: 'x' } }),
    answerable: true,
  },
  { name: 'a form with no custom id', from: 'click', reshape: (p) => ({ ...p, type: 5, data: { components: [] } }), answerable: true },
  { name: 'a click with no message', from: 'click', reshape: ({ message: _message, ...p }) => p, answerable: true },
  { name: 'a click with no data', from: 'click', reshape: ({ data: _data, ...p }) => p, answerable: true },
  { name: 'a click with no member and no user', from: 'click', reshape: ({ member: _member, ...p }) => p, answerable: true },
  { name: 'a click of an unknown component type', from: 'click', reshape: (p) => ({ ...p, data: { ...data(p), component_type: 99 } }), answerable: true },
  { name: 'an interaction of an unknown type', from: 'click', reshape: (p) => ({ ...p, type: 99 }), answerable: true },
  { name: 'a click whose custom id is a number', from: 'click', reshape: (p) => ({ ...p, data: { ...data(p), custom_id: 12345 } }), answerable: true },
  { name: 'a click whose custom id is an object', from: 'click', reshape: (p) => ({ ...p, data: { ...data(p), custom_id: { a: 1 } } }), answerable: true },
  { name: 'a click whose custom id is null', from: 'click', reshape: (p) => ({ ...p, data: { ...data(p), custom_id: null } }), answerable: true },
  {
    name: 'a click whose custom id is 6,000 characters',
    from: 'click',
    reshape: (p) => ({ ...p, data: { ...data(p), custom_id: 'acq:'.repeat(1500) } }),
    answerable: true,
  },
  { name: 'a click whose message is a string', from: 'click', reshape: (p) => ({ ...p, message: 'hello' }), answerable: true },
  { name: 'a command with no data', from: 'command', reshape: ({ data: _data, ...p }) => p, answerable: true },
  { name: 'a command whose options are a string', from: 'command', reshape: (p) => ({ ...p, data: { ...data(p), options: 'start' } }), answerable: true },
  { name: 'a command with no subcommand', from: 'command', reshape: (p) => ({ ...p, data: { ...data(p), options: [] } }), answerable: true },
  { name: 'a command with no member and no user', from: 'command', reshape: ({ member: _member, ...p }) => p, answerable: true },
  { name: 'a command whose id is huge', from: 'command', reshape: (p) => ({ ...p, id: '9'.repeat(5000) }), answerable: false },
  { name: 'a command whose id is a number', from: 'command', reshape: (p) => ({ ...p, id: 12 }), answerable: false },
  { name: 'an interaction with no channel', from: 'click', reshape: ({ channel: _channel, channel_id: _channelId, ...p }) => p, answerable: true },
];

it('drops or refuses every malformed interaction, stays up, then plays a whole game', async () => {
  const [host, guest] = guild.users as [GuildFixture['users'][number], GuildFixture['users'][number]];
  const start = await double
    .slashCommand({ guildId: guild.id, channelId: guild.channelId, user: host, name: 'acquire', subcommand: 'start' })
    .settled({ timeoutMs: SETTLE_MS });
  const lobby: StoredMessage = start.original!;
  const join = buttonsOf(lobby).find((button) => button.kind === 'join')!;

  const sent: { name: string; handle: InteractionHandle; answerable: boolean }[] = [];
  for (const damage of DAMAGES) {
    const handle = double.malformed(damage.reshape, (d) =>
      damage.from === 'click'
        ? d.forgedClick({ message: lobby, customId: join.customId, user: guest })
        : d.slashCommand({ guildId: guild.id, channelId: guild.channelId, user: guest, name: 'acquire', subcommand: 'status' }),
    );
    sent.push({ name: damage.name, handle, answerable: damage.answerable });
  }
  for (const { name, handle, answerable } of sent) {
    if (!answerable) continue;
    const callback = await handle.response(SETTLE_MS).catch(() => null);
    expect(callback, `${name} is answered`).not.toBeNull();
    expect(callback!.ephemeral, `${name} is answered privately`).toBe(true);
    // A clear refusal (not "Something went wrong"), which says that nothing changed.
    expect(String(callback!.data.content), name).toMatch(/nothing was changed\.$/);
  }
  // Those discord.js could not build were logged, one line each, without their payload; the process is up.
  const dropped = bot.lines.filter((line) => line.msg === 'interaction of an unknown shape dropped');
  expect(dropped.length).toBeGreaterThanOrEqual(6);
  for (const { handle } of sent) expect(JSON.stringify(dropped)).not.toContain(handle.token);
  expect(isRunning(bot.lines.find((line) => line.msg === 'bot online')!.pid!)).toBe(true);
  expect(bot.lines.filter((line) => line.level === 'fatal' || line.msg === 'unexpected error outside any handler; serving on')).toEqual([]);
  expect(
    bot.lines.filter((line) => line.msg === 'interaction failed'),
    'no malformed interaction reached "Something went wrong"',
  ).toEqual([]);

  // The lobby is as it was: no one joined, and a game is then played to its end.
  await double.clickButton({ message: lobby, customId: join.customId, user: guest }).settled({ timeoutMs: SETTLE_MS });
  await double
    .clickButton({ message: lobby, customId: buttonsOf(double.message(lobby.id)).find((button) => button.kind === 'start')!.customId, user: host })
    .settled({ timeoutMs: SETTLE_MS });
  const table = new Table({ double, guild } as unknown as Harness, 5);
  let decisions = 0;
  while (await table.playDecision()) if (++decisions > 1500) throw new Error('the game did not end');
  expect(decisions).toBeGreaterThan(20);
  expect(double.channelMessages(table.channel()).some((message) => /wins|won/i.test(message.content + JSON.stringify(message.components)))).toBe(true);
}, 600_000);
