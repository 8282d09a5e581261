/**
 * What the table says besides the turns: direct-message reminders for slow decisions
 * (`/acquire notify on|off`, said once in the thread when a player's direct messages are
 * closed), and a trade offer the other player could never accept, refused when it is made.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { messageUrl } from '../../src/bot/refusals.js';
import { tick } from '../../src/bot/turn-clock.js';
import { decidingSeat } from '../../src/engine/index.js';
import { getGame, notifyWanted, type StoredGame } from '../../src/store/index.js';
import { Routes, type APIUser } from 'discord.js';
import { SETTLE_MS, answerOf, backgroundSettled, buttonsOf, latestPublicWithButtons, messageText, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function startGame(h: Harness, options: Record<string, string | boolean> = {}): Promise<StoredGame> {
  const [host, guest] = h.guild.users as [APIUser, APIUser];
  const lobby = (
    await h.double
      .slashCommand({ guildId: h.guild.id, channelId: h.guild.channelId, user: host, name: 'acquire', subcommand: 'start', options })
      .settled({ timeoutMs: SETTLE_MS })
  ).original!;
  await h.double
    .clickButton({ message: lobby, customId: buttonsOf(lobby).find((button) => button.kind === 'join')!.customId, user: guest })
    .settled({ timeoutMs: SETTLE_MS });
  await h.double
    .clickButton({ message: lobby, customId: buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'start')!.customId, user: host })
    .settled({ timeoutMs: SETTLE_MS });
  await h.bot.context.locks.idle();
  const row = await h.database.prisma.game.findFirstOrThrow({ where: { status: 'active' } });
  return (await getGame(h.database.prisma, row.id))!;
}

async function notify(h: Harness, user: APIUser, reminders: 'on' | 'off'): Promise<string> {
  const answer = await answerOf(
    h.double.slashCommand({ guildId: h.guild.id, channelId: h.guild.channelId, user, name: 'acquire', subcommand: 'notify', options: { reminders } }),
  );
  expect(answer?.ephemeral).toBe(true);
  return answer?.content ?? '';
}

describe('direct-message reminders', () => {
  it('reach a player whose decision waits more than a minute, once per decision, until they turn them off; closed DMs are said once in the thread', async () => {
    // The decision's wait, added to the real time the game's writes are stamped with.
    let waited = 0;
    harness = await startHarness({ users: 2, now: () => new Date(Date.now() + waited) });
    const h = harness;
    const [ann, bob] = h.guild.users as [APIUser, APIUser];
    expect(await notify(h, ann, 'on')).toMatch(/Reminders are \*\*on\*\*/);
    expect(await notify(h, bob, 'on')).toMatch(/Reminders are \*\*on\*\*/);
    expect(await notifyWanted(h.database.prisma, ann.id)).toBe(true);
    h.double.closeDirectMessages(bob);
    const game = await startGame(h);
    const thread = game.threadId!;
    const table = new Table(h, 7, thread);
    const closedNotices = () => h.double.channelMessages(thread).filter((message) => message.content.includes('cannot send them any'));
    let annWaited = 0;
    let bobWaited = 0;
    for (let decisions = 0; (annWaited < 2 || bobWaited < 2) && decisions < 30; decisions++) {
      const current = (await getGame(h.database.prisma, game.id))!;
      const decider = current.state!.players[decidingSeat(current.state!)!]!.id;
      // Under a minute: nothing yet.
      waited = 30_000;
      await tick(h.bot.context);
      expect(h.double.directMessages(ann)).toHaveLength(annWaited);
      // Past a minute: one reminder, however many ticks.
      waited = 61_000;
      await tick(h.bot.context);
      await tick(h.bot.context);
      if (decider === ann.id) annWaited++;
      else bobWaited++;
      expect(h.double.directMessages(ann)).toHaveLength(annWaited);
      expect(closedNotices()).toHaveLength(bobWaited > 0 ? 1 : 0);
      waited = 0;
      expect(await table.playDecision()).toBe(true);
    }
    const reminder = h.double.directMessages(ann)[0]!;
    // A link to a message of the game's thread, written by the bot's one link builder.
    const linked = /\/channels\/(\d+)\/(\d+)\/(\d+)/.exec(reminder.content);
    expect(linked?.slice(1, 3)).toEqual([h.guild.id, thread]);
    expect(h.double.message(linked![3]!)?.channelId).toBe(thread);
    expect(reminder.content).toContain(messageUrl({ guildId: h.guild.id, channelId: game.channelId, status: 'active', threadId: thread }, linked![3]!));
    expect(reminder.content).toContain('/acquire notify off');
    expect(closedNotices()[0]!.content).toContain(`<@${bob.id}>`);
    expect(closedNotices()[0]!.pinged).toEqual([]);

    // Off: no more direct messages.
    expect(await notify(h, ann, 'off')).toMatch(/Reminders are \*\*off\*\*/);
    for (let decisions = 0; decisions < 4; decisions++) {
      waited = 61_000;
      await tick(h.bot.context);
      waited = 0;
      if (!(await table.playDecision())) break;
    }
    expect(h.double.directMessages(ann)).toHaveLength(annWaited);
  }, 120_000);
});

describe('direct-message reminders under a turn limit', () => {
  it('reach the deciding player before the default move with a 2-minute limit, though the half-time reminder rewrote the game at one minute', async () => {
    // The real clock (the ticks are the test's): time passes by moving the game's times back.
    harness = await startHarness({ users: 2, now: () => new Date() });
    const h = harness;
    const [ann, bob] = h.guild.users as [APIUser, APIUser];
    await notify(h, ann, 'on');
    await notify(h, bob, 'on');
    const game = await startGame(h, { turn_limit: 120 } as unknown as Record<string, string>);
    expect(game.turnLimitSeconds).toBe(120);
    const decider = h.guild.users.find((user) => user.id === game.state!.players[decidingSeat(game.state!)!]!.id)!;
    const pass = (seconds: number) =>
      h.database.prisma.$executeRawUnsafe(
        `UPDATE games SET deadline_at = deadline_at - interval '${seconds} seconds', reminder_at = reminder_at - interval '${seconds} seconds', updated_at = updated_at - interval '${seconds} seconds' WHERE id = $1`,
        game.id,
      );
    await pass(30);
    await tick(h.bot.context);
    expect(h.double.directMessages(decider)).toHaveLength(0);
    // Half time: the thread's reminder, which writes the game's row again; then the direct message.
    await pass(31);
    await tick(h.bot.context);
    expect(h.double.channelMessages(game.threadId!).some((message) => /left before a default move/.test(message.content))).toBe(true);
    await pass(1);
    await tick(h.bot.context);
    expect(h.double.directMessages(decider)).toHaveLength(1);
    // Still the same decision: the reminder came before the default move, and only once.
    expect((await getGame(h.database.prisma, game.id))!.state!.stateId).toBe(game.state!.stateId);
    await pass(30);
    await tick(h.bot.context);
    expect(h.double.directMessages(decider)).toHaveLength(1);
  }, 60_000);
});

describe('hidden holdings: a merger’s holders', () => {
  it('are told by direct message when their decision comes, and one who presses early hears how many decide before them', async () => {
    harness = await startHarness({ users: 4, gameSeed: () => 11 });
    const h = harness;
    for (const user of h.guild.users) await notify(h, user, 'on');
    const [host, ...others] = h.guild.users as APIUser[];
    const lobby = (
      await h.double
        .slashCommand({ guildId: h.guild.id, channelId: h.guild.channelId, user: host!, name: 'acquire', subcommand: 'start', options: { holdings: 'hidden' } })
        .settled({ timeoutMs: SETTLE_MS })
    ).original!;
    for (const user of others)
      await h.double
        .clickButton({ message: lobby, customId: buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'join')!.customId, user })
        .settled({ timeoutMs: SETTLE_MS });
    await h.double
      .clickButton({ message: lobby, customId: buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'start')!.customId, user: host! })
      .settled({ timeoutMs: SETTLE_MS });
    await h.bot.context.locks.idle();
    const row = await h.database.prisma.game.findFirstOrThrow({ where: { status: 'active' } });
    const table = new Table(h, 23, row.threadId!);
    const userOf = (seat: number, state: NonNullable<StoredGame['state']>) => h.guild.users.find((user) => user.id === state.players[seat]!.id)!;
    // Who decided before: the one who made the move that starts a holder's decision has their panel
    // before them already, and is not told again.
    let previousDecider: string | null = null;
    for (let decisions = 0; decisions < 400; decisions++) {
      await backgroundSettled(h);
      const state = (await getGame(h.database.prisma, row.id))!.state!;
      const current = state.phase.kind === 'merger' ? state.phase.merger.current : null;
      const decider = state.players[decidingSeat(state) ?? 0]!.id;
      if (current && current.holdersToDecide.length >= 2 && decider !== previousDecider) {
        const [first, second] = current.holdersToDecide as [number, number];
        const chain = state.chains[current.chain]!.name;
        // The one deciding now was told privately (the direct message goes out once the table shows the move).
        await h.double.waitFor(() => h.double.directMessages(userOf(first, state)).length > 0, { timeoutMs: SETTLE_MS, description: 'the first holder told' });
        const told = h.double.directMessages(userOf(first, state));
        expect(told.at(-1)?.content).toContain(`sell, trade or keep your ${chain} shares`);
        const waiting = h.double.directMessages(userOf(second, state)).length;
        const message = latestPublicWithButtons(h, row.threadId!)!;
        const early = await answerOf(
          h.double.clickButton({ message, customId: buttonsOf(message).find((button) => button.kind === 'decide')!.customId, user: userOf(second, state) }),
        );
        expect(early?.ephemeral).toBe(true);
        expect(early?.content).toContain(`1 other holder of ${chain} decides before you`);
        // Once the first has decided, the second is told.
        expect(await table.playDecision()).toBe(true);
        await h.double.waitFor(() => h.double.directMessages(userOf(second, state)).length > waiting, {
          timeoutMs: SETTLE_MS,
          description: 'the second holder told',
        });
        await backgroundSettled(h);
        expect(h.double.directMessages(userOf(second, state)).length).toBe(waiting + 1);
        expect(h.double.directMessages(userOf(second, state)).at(-1)?.content).toContain(`your ${chain} shares`);
        return;
      }
      previousDecider = decider;
      if (!(await table.playDecision())) break;
    }
    throw new Error('no hidden merger with two holders in 400 decisions');
  }, 300_000);
});

describe('trade offers', () => {
  it('refuses, in an open game, an offer asking for shares the other player does not have, saying why', async () => {
    harness = await startHarness({ users: 2 });
    const h = harness;
    const game = await startGame(h, { trades: true });
    const table = new Table(h, 3, game.threadId!);
    const { message, userId } = table.current()!;
    const user = h.guild.users.find((candidate) => candidate.id === userId)!;
    const other = game.state!.players.find((player) => player.id !== userId)!;
    const panel = await answerOf(h.double.clickButton({ message, customId: buttonsOf(message).find((button) => button.kind === 'hand')!.customId, user }));
    const offer = buttonsOf(panel).find((button) => button.kind === 'offer')!;
    const opened = h.double.clickButton({ message: panel!, customId: offer.customId, user });
    await opened.response();
    const refused = await answerOf(h.double.submitModal({ modalOf: opened, values: { giveShares: '', giveCash: '100', getShares: '2 Tower', getCash: '' } }));
    expect(refused?.ephemeral).toBe(true);
    // The engine says why (no one else holds the shares asked for).
    expect(refused?.content).toMatch(/0 Tower shares/);
    expect((await getGame(h.database.prisma, game.id))!.state!.stateId).toBe(game.state!.stateId);
    // A fair offer goes through, and the table gives its terms.
    const fair = h.double.clickButton({ message: panel!, customId: offer.customId, user });
    await fair.response();
    await h.double.submitModal({ modalOf: fair, values: { giveShares: '', giveCash: '100', getShares: '', getCash: '' } }).settled({ timeoutMs: SETTLE_MS });
    await h.bot.context.locks.idle();
    expect(h.double.channelMessages(game.threadId!).map(messageText).join('\n')).toContain(`offered **${other.name}** $100 for nothing.`);
    // The recipient is mentioned in one short message, without a picture.
    const mention = h.double.channelMessages(game.threadId!).at(-1)!;
    expect(mention.pinged).toEqual([other.id]);
    expect(mention.attachments).toEqual([]);
    expect(mention.content).toContain('offers you $100 for nothing');
  });
});

describe('the REST queues', () => {
  it('answer a move before the bot’s own queued channel requests go out', async () => {
    harness = await startHarness({ users: 2 });
    const h = harness;
    const game = await startGame(h);
    const table = new Table(h, 5, game.threadId!);
    // Six seconds' worth of requests at Discord's global limit, queued by the bot with its token.
    const total = 300;
    let done = 0;
    const flood = Promise.all(Array.from({ length: total }, () => h.bot.context.transport.channels.get(Routes.channel(h.guild.channelId)).then(() => done++)));
    // A whole decision (panel, choice, the player's answer) goes through meanwhile.
    expect(await table.playDecision()).toBe(true);
    expect(done, 'the answer did not wait for the queued requests').toBeLessThan(total / 2);
    // The queued requests all go out in the end (discord.js waits out any 429 the pacing misses).
    await flood;
    expect(done).toBe(total);
  }, 60_000);
});

describe('a table message deleted by a moderator', () => {
  it('does not stop the game: the turn goes on in a new message', async () => {
    harness = await startHarness({ users: 2 });
    const h = harness;
    const game = await startGame(h);
    const thread = game.threadId!;
    const table = new Table(h, 9, thread);
    const { message, userId } = table.current()!;
    await h.bot.context.transport.channels.delete(Routes.channelMessage(thread, message.id));
    expect(table.current()).toBeNull();
    // The player in turn plays from /acquire hand in the thread.
    const user = h.guild.users.find((candidate) => candidate.id === userId)!;
    const panel = await answerOf(h.double.slashCommand({ guildId: h.guild.id, channelId: thread, user, name: 'acquire', subcommand: 'hand', options: {} }));
    const tile = buttonsOf(panel).find((button) => button.kind === 'tile')!;
    await h.double.clickButton({ message: panel!, customId: tile.customId, user }).settled({ timeoutMs: SETTLE_MS });
    await h.bot.context.locks.idle();
    expect(messageText(table.current()?.message)).toContain(`placed **${tile.arg}**`);
    for (let decisions = 0; decisions < 3; decisions++) expect(await table.playDecision()).toBe(true);
  });
});
