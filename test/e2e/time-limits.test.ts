/**
 * Turn time limits with a fake clock: the half-time reminder, the default move on time-out,
 * autopilot after two misses in a row (and coming back), and deadlines that survive a restart.
 */
import { afterEach, expect, it } from 'vitest';
import { tick } from '../../src/bot/turn-clock.js';
import { decidingSeat } from '../../src/engine/index.js';
import { findLiveGame, getGame, type StoredGame } from '../../src/store/index.js';
import {
  SETTLE_MS,
  answerOf,
  backgroundSettled,
  buttonsOf,
  gameChannelOf,
  latestPublicWithButtons,
  messageText,
  startHarness,
  type Harness,
} from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const LIMIT_SECONDS = 120;

class FakeClock {
  private time = Date.parse('2026-11-21T12:00:00Z');
  now = (): Date => new Date(this.time);
  advance(seconds: number): void {
    this.time += seconds * 1000;
  }
}

async function startTimedGame(h: Harness): Promise<StoredGame> {
  const [host, guest] = h.guild.users;
  const start = await h.double
    .slashCommand({
      guildId: h.guild.id,
      channelId: h.guild.channelId,
      user: host!,
      name: 'acquire',
      subcommand: 'start',
      options: { turn_limit: LIMIT_SECONDS },
    })
    .settled({ timeoutMs: SETTLE_MS });
  const lobby = start.original!;
  expect(lobby.embeds[0]?.description).toContain('Turn time limit: **2 min**');
  const join = buttonsOf(lobby).find((button) => button.kind === 'join')!;
  await h.double.clickButton({ message: lobby, customId: join.customId, user: guest! }).settled({ timeoutMs: SETTLE_MS });
  const startButton = buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'start')!;
  await h.double.clickButton({ message: lobby, customId: startButton.customId, user: host! }).settled({ timeoutMs: SETTLE_MS });
  await h.bot.context.locks.idle();
  return (await findLiveGame(h.database.prisma, h.guild.channelId))!;
}

/** What the game's thread says. */
function publicTexts(h: Harness): string[] {
  return h.double.channelMessages(gameChannelOf(h)).map(messageText);
}

async function load(h: Harness, id: string): Promise<StoredGame> {
  return (await getGame(h.database.prisma, id))!;
}

it('reminds at half time, then makes the default move and says so', async () => {
  const clock = new FakeClock();
  harness = await startHarness({ users: 2, now: clock.now });
  const game = await startTimedGame(harness);
  const started = await load(harness, game.id);
  expect(started.deadlineAt?.getTime()).toBe(clock.now().getTime() + LIMIT_SECONDS * 1000);
  const decider = decidingSeat(started.state!)!;
  const deciderId = started.seats[decider]!.userId;

  clock.advance(30);
  await tick(harness.bot.context);
  expect(publicTexts(harness).filter((text) => text.includes('your decision is waiting'))).toHaveLength(0);

  clock.advance(31);
  await tick(harness.bot.context);
  await tick(harness.bot.context);
  const reminders = harness.double.channelMessages(gameChannelOf(harness)).filter((message) => message.content?.includes('your decision is waiting'));
  expect(reminders, 'one reminder, mentioning the player').toHaveLength(1);
  expect(reminders[0]!.content).toContain(`<@${deciderId}>`);
  expect(reminders[0]!.pinged).toEqual([deciderId]);
  expect((await load(harness, game.id)).state!.stateId).toBe(started.state!.stateId);

  clock.advance(60);
  await tick(harness.bot.context);
  const after = await load(harness, game.id);
  expect(after.state!.stateId).toBeGreaterThan(started.state!.stateId);
  expect(after.state!.lastPlacedTile).not.toBeNull();
  expect(publicTexts(harness).some((text) => text.includes(`ran out of time: placed ${after.state!.lastPlacedTile}`))).toBe(true);
  expect(after.clock.missedInARow[decider]).toBe(1);
  // The next decision has a full limit of its own.
  expect(after.deadlineAt?.getTime()).toBe(clock.now().getTime() + LIMIT_SECONDS * 1000);
});

it('after two misses in a row another player may put the absent one on autopilot, until they come back', async () => {
  const clock = new FakeClock();
  harness = await startHarness({ users: 2, now: clock.now });
  const game = await startTimedGame(harness);
  const absentSeat = decidingSeat((await load(harness, game.id)).state!)!;
  let current = await load(harness, game.id);
  // Let the absent player's decisions run out until they have missed two in a row.
  for (let rounds = 0; (current.clock.missedInARow[absentSeat] ?? 0) < 2; rounds++) {
    expect(rounds).toBeLessThan(10);
    clock.advance(LIMIT_SECONDS + 1);
    await tick(harness.bot.context);
    current = await load(harness, game.id);
  }
  const absent = current.seats[absentSeat]!;
  const other = harness.guild.users.find((user) => user.id !== absent.userId)!;
  const message = latestPublicWithButtons(harness)!;
  // The other player may have missed decisions too: take the button for the absent one.
  const offer = buttonsOf(message).find((button) => button.kind === 'autopilot' && button.arg === String(absentSeat))!;
  expect(offer.label).toBe(`Put ${absent.displayName} on autopilot`);
  // The absent player cannot do it to themselves.
  const self = await answerOf(
    harness.double.clickButton({ message, customId: offer.customId, user: harness.guild.users.find((user) => user.id === absent.userId)! }),
  );
  expect(self?.content).toContain('cannot put yourself');
  const answer = await answerOf(harness.double.clickButton({ message, customId: offer.customId, user: other }));
  expect(answer?.ephemeral).toBe(true);
  expect(answer?.content).toContain('on autopilot now');
  await backgroundSettled(harness);
  const onAutopilot = await load(harness, game.id);
  expect(onAutopilot.clock.autopilot).toEqual([absentSeat]);
  // From now on the absent player's decisions are made at once: whenever the game waits, it waits for the other player.
  for (let step = 0; step < 3; step++) {
    const now = await load(harness, game.id);
    if (now.state!.phase.kind === 'gameOver') break;
    expect(decidingSeat(now.state!)).not.toBe(absentSeat);
    clock.advance(LIMIT_SECONDS + 1);
    await tick(harness.bot.context);
    await backgroundSettled(harness);
  }
  expect(publicTexts(harness).some((text) => text.includes(`${absent.displayName} is on autopilot:`))).toBe(true);
  // They come back with one click.
  const latest = latestPublicWithButtons(harness)!;
  const back = buttonsOf(latest).find((button) => button.kind === 'back')!;
  const welcome = await answerOf(
    harness.double.clickButton({ message: latest, customId: back.customId, user: harness.guild.users.find((user) => user.id === absent.userId)! }),
  );
  expect(welcome?.content).toContain('Welcome back');
  expect((await load(harness, game.id)).clock.autopilot).toEqual([]);
});

it('deadlines survive a restart: an overdue decision is made by the new process, once', async () => {
  const clock = new FakeClock();
  harness = await startHarness({ users: 2, now: clock.now });
  const game = await startTimedGame(harness);
  const before = await load(harness, game.id);
  await harness.bot.stop();
  // The bot was down for longer than the limit.
  clock.advance(LIMIT_SECONDS * 3);
  await harness.restart();
  const restartedContext = harness.bot.context;
  await Promise.all([tick(restartedContext), tick(restartedContext)]);
  const after = await load(harness, game.id);
  expect(after.state!.stateId).toBe(before.state!.stateId + 1);
  expect(after.deadlineAt!.getTime()).toBeGreaterThan(clock.now().getTime());
});

it('a game with a limit but no deadline (written by an older process) is armed at start-up', async () => {
  const clock = new FakeClock();
  harness = await startHarness({ users: 2, now: clock.now });
  const game = await startTimedGame(harness);
  await harness.bot.stop();
  await harness.database.prisma.game.update({ where: { id: game.id }, data: { deadlineAt: null, reminderAt: null } });
  await harness.restart();
  const armed = await load(harness, game.id);
  expect(armed.deadlineAt?.getTime()).toBe(clock.now().getTime() + LIMIT_SECONDS * 1000);
});
