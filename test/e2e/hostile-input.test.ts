/**
 * Every input a client can send, at its most hostile: for every command option, every custom id
 * and every field of the trade form, values of the wrong type, empty, huge (6,000 characters),
 * with backticks and mentions. Each gets a clear private answer that fits Discord's limits (no
 * "Something went wrong", nothing echoed past a few dozen characters), and nothing changes.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { START_OPTIONS } from '../../commands/options.js';
import { encodeComponentId } from '../../src/bot/components.js';
import { offerForm } from '../../src/bot/features/trades.js';
import { getGame, liveGamesIn, type ActiveGame } from '../../src/store/index.js';
import type { InteractionHandle, StoredMessage } from '../support/discord-double/index.js';
import { answerOf, buttonsOf, gameChannelOf, latestPublicWithButtons, openGame, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';

let harness: Harness;
let game: ActiveGame;
/** A channel with no game, where a start that went through would open a lobby. */
let quietChannel: string;

const HUGE = 'x'.repeat(6000);
const HOSTILE_TEXT = [HUGE, '', ' ', '`@everyone`', '<@&1>', '💥'.repeat(50), 'classic\u0000', '../../etc/passwd', "'; drop table game; --"];
/** Values of another type than the option's own, as Discord sends them (type and value). */
const WRONG_TYPES = [
  { type: ApplicationCommandOptionType.Integer, value: 42 },
  { type: ApplicationCommandOptionType.Boolean, value: true },
  { type: ApplicationCommandOptionType.String, value: HUGE },
  { type: ApplicationCommandOptionType.Number, value: 1e308 },
  { type: ApplicationCommandOptionType.User, value: '1'.repeat(30) },
];

beforeAll(async () => {
  harness = await startHarness({ users: 2, channels: ['acquire', 'quiet'] });
  quietChannel = harness.guild.channels[1]!.id;
  await openGame(harness, 2, { trades: true });
  game = (await liveGamesIn(harness.database.prisma, harness.guild.channelId))[0] as ActiveGame;
  expect(game.status).toBe('active');
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

/** The answer is private, says something, fits Discord's 2,000 characters and is not the generic error. */
async function expectClearRefusal(handle: InteractionHandle, what: string): Promise<void> {
  const answer = await answerOf(handle);
  expect(answer, what).not.toBeNull();
  expect(answer!.ephemeral, what).toBe(true);
  expect(answer!.content.length, what).toBeGreaterThan(10);
  expect(answer!.content.length, what).toBeLessThanOrEqual(300);
  expect(answer!.content, what).not.toMatch(/Something went wrong/);
  expect(answer!.content, what).not.toContain('x'.repeat(50));
}

async function stateNow(): Promise<number> {
  return ((await getGame(harness.database.prisma, game.id)) as ActiveGame).state.stateId;
}

it('refuses every hostile value of every option of /acquire start, clearly, starting nothing', async () => {
  const user = harness.guild.users[1]!;
  for (const option of Object.keys(START_OPTIONS)) {
    for (const value of [...HOSTILE_TEXT.map((text) => ({ type: ApplicationCommandOptionType.String, value: text })), ...WRONG_TYPES]) {
      const spec = START_OPTIONS[option as keyof typeof START_OPTIONS];
      // A boolean option given a boolean is a legitimate start: not hostile.
      if (spec.type === 'boolean' && value.type === ApplicationCommandOptionType.Boolean) continue;
      const handle = harness.double.slashCommand({
        guildId: harness.guild.id,
        channelId: quietChannel,
        user,
        name: 'acquire',
        subcommand: 'start',
        options: { [option]: value },
      });
      await expectClearRefusal(handle, `start ${option}=${String(value.value).slice(0, 20)} (type ${value.type})`);
    }
  }
  expect(await liveGamesIn(harness.database.prisma, quietChannel)).toEqual([]);
}, 240_000);

it('refuses hostile values of the other commands’ options clearly', async () => {
  const user = harness.guild.users[1]!;
  for (const value of [
    ...HOSTILE_TEXT.map((text) => ({ type: ApplicationCommandOptionType.String, value: text })),
    ...WRONG_TYPES.filter((wrong) => wrong.type !== ApplicationCommandOptionType.String),
  ]) {
    await expectClearRefusal(
      harness.double.slashCommand({
        guildId: harness.guild.id,
        channelId: quietChannel,
        user,
        name: 'acquire',
        subcommand: 'notify',
        options: { reminders: value },
      }),
      `notify reminders=${String(value.value).slice(0, 20)}`,
    );
  }
  for (const value of WRONG_TYPES.filter((wrong) => wrong.type !== ApplicationCommandOptionType.User)) {
    const handle = harness.double.slashCommand({
      guildId: harness.guild.id,
      channelId: quietChannel,
      user,
      name: 'acquire',
      subcommand: 'profile',
      options: { user: value },
    });
    await expectClearRefusal(handle, `profile user=${String(value.value).slice(0, 20)}`);
  }
}, 120_000);

it('answers every hostile custom id on the table with "not one this bot understands", changing nothing', async () => {
  const table = latestPublicWithButtons(harness, gameChannelOf(harness))!;
  const user = harness.guild.users[0]!;
  const before = await stateNow();
  const state = before;
  const strings = [
    HUGE,
    '',
    ':',
    'acq',
    'acq::::',
    `acq:tile:${game.id}:${state}:${'A'.repeat(80)}`,
    `acq:hand:${game.id}:${'9'.repeat(90)}:`,
    `acq:${'k'.repeat(95)}`,
    '\u0000',
    '💥'.repeat(40),
    `acq:hand:${game.id}:${state}::${'1'.repeat(3)}`,
  ];
  for (const customId of strings) {
    const handle = harness.double.forgedClick({ message: table, customId, user });
    await expectClearRefusal(handle, `custom id ${customId.slice(0, 30)}`);
    expect((await answerOf(handle))!.content).toMatch(/not one this bot understands/);
  }
  for (const customId of [12345, null, true, [], { a: 1 }, 1e308]) {
    const handle = harness.double.malformed(
      (payload) => ({ ...payload, data: { ...(payload.data as object), custom_id: customId } }),
      (double) => double.forgedClick({ message: table, customId: 'placeholder', user }),
    );
    await expectClearRefusal(handle, `custom id ${JSON.stringify(customId)}`);
    expect((await answerOf(handle))!.content).toMatch(/not one this bot understands/);
  }
  expect(await stateNow()).toBe(before);
}, 120_000);

it('refuses every hostile value of every field of the trade form clearly, offering nothing', async () => {
  const { message: table, userId } = new Table(harness, 1).current()!;
  const decider = harness.guild.users.find((user) => user.id === userId)!;
  const panel: StoredMessage = (await answerOf(
    harness.double.clickButton({ message: table, customId: buttonsOf(table).find((b) => b.kind === 'hand' || b.kind === 'decide')!.customId, user: decider }),
  ))!;
  expect(buttonsOf(panel).some((b) => b.kind === 'offer')).toBe(true);
  const before = await stateNow();
  const seat = game.seats.findIndex((s) => s.userId !== decider.id);
  const formId = encodeComponentId(offerForm, game.id, before, seat);
  const fields = ['giveShares', 'giveCash', 'getShares', 'getCash'];
  const submit = (values: Record<string, unknown>) =>
    harness.double.malformed(
      (payload) => ({
        ...payload,
        type: 5,
        data: { custom_id: formId, components: Object.entries(values).map(([id, value]) => ({ type: 1, components: [{ type: 4, custom_id: id, value }] })) },
      }),
      (double) => double.forgedClick({ message: panel, customId: 'placeholder', user: decider }),
    );
  const hostile = [...HOSTILE_TEXT.filter((text) => text.trim() !== ''), '-1', '1e9', '99999999', '$', ',,,', '2 Nowhere', '999 x Tower and', '0x10'];
  for (const field of fields) {
    for (const value of hostile) {
      await expectClearRefusal(submit(Object.fromEntries(fields.map((name) => [name, name === field ? value : '']))), `form ${field}=${value.slice(0, 20)}`);
    }
    // A field missing, or of another type than text.
    await expectClearRefusal(submit(Object.fromEntries(fields.filter((name) => name !== field).map((name) => [name, '']))), `form without ${field}`);
    await expectClearRefusal(submit(Object.fromEntries(fields.map((name) => [name, name === field ? 12 : '']))), `form ${field} a number`);
  }
  expect(await stateNow()).toBe(before);
}, 240_000);
