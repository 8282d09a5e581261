/**
 * Clicks the bot must survive: the same button clicked 50 times at once, and thousands of
 * random, malformed and out-of-turn clicks and command options against live games.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextInt } from '../../src/engine/rng.js';
import { ALL_TILES } from '../../src/engine/index.js';
import { getActionLog, getGame, type StoredGame } from '../../src/store/index.js';
import type { InteractionHandle, StoredMessage } from '../support/discord-double/index.js';
import { SETTLE_MS, answerOf, buttonsOf, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';

let harness: Harness;
let game: StoredGame;
let table: Table;

// A known deal. With a seed drawn at random the first affordable purchase came after 24 to 58 of
// the buy test's decisions (seeds 2-9) and, once in CI, after more than its 60: the suite failed
// by chance. With this one it comes after 36, every run.
const GAME_SEED = 1;

beforeAll(async () => {
  harness = await startHarness({ users: 3, gameSeed: () => GAME_SEED });
  const [host, ...others] = harness.guild.users;
  const start = await harness.double
    .slashCommand({ guildId: harness.guild.id, channelId: harness.guild.channelId, user: host!, name: 'acquire', subcommand: 'start', options: {} })
    .settled({ timeoutMs: SETTLE_MS });
  const lobby = start.original!;
  for (const user of others)
    await harness.double
      .clickButton({ message: lobby, customId: buttonsOf(harness.double.message(lobby.id)).find((b) => b.kind === 'join')!.customId, user })
      .settled({ timeoutMs: SETTLE_MS });
  await harness.double
    .clickButton({ message: lobby, customId: buttonsOf(harness.double.message(lobby.id)).find((b) => b.kind === 'start')!.customId, user: host! })
    .settled({ timeoutMs: SETTLE_MS });
  await harness.bot.context.locks.idle();
  game = (await harness.database.prisma.game.findFirstOrThrow({ where: { status: 'active' } })) as unknown as StoredGame;
  expect(game.threadId).not.toBeNull();
  table = new Table(harness, 17);
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

async function version(): Promise<number> {
  return (await getGame(harness.database.prisma, game.id))!.state!.stateId;
}

function expectNoGapsOrDuplicates(sequences: number[], last: number): void {
  expect(sequences).toEqual(Array.from({ length: last }, (_, index) => index + 1));
}

it('applies a tile button clicked 50 times at once exactly once; every other click is told', async () => {
  const { message, userId } = table.current()!;
  const user = harness.guild.users.find((candidate) => candidate.id === userId)!;
  const opener = buttonsOf(message).find((button) => button.kind === 'hand')!;
  const panel = (await answerOf(harness.double.clickButton({ message, customId: opener.customId, user })))!;
  const tile = buttonsOf(panel).find((button) => button.kind === 'tile')!;
  const before = await version();
  const clicks: InteractionHandle[] = Array.from({ length: 50 }, () => harness.double.clickButton({ message: panel, customId: tile.customId, user }));
  const views = await Promise.all(clicks.map((click) => click.settled({ timeoutMs: 60_000 })));
  expect(await version()).toBe(before + 1);
  const refusals = views.filter((view) => view.followUps.some((followUp) => followUp.ephemeral && /moved on|earlier moment/.test(followUp.content ?? '')));
  expect(refusals).toHaveLength(49);
  const log = await getActionLog(harness.database.prisma, game.id);
  expectNoGapsOrDuplicates(
    log.map((entry) => entry.sequence),
    before + 1,
  );
}, 120_000);

it('applies a buy button clicked 50 times at once exactly once', async () => {
  // Play on until someone is offered a purchase they can afford.
  for (let decisions = 0; decisions < 60; decisions++) {
    const { message, userId } = table.current()!;
    const decide = buttonsOf(message).find((button) => button.kind === 'decide');
    if (decide?.label === 'Buy shares') {
      const user = harness.guild.users.find((candidate) => candidate.id === userId)!;
      const panel = (await answerOf(harness.double.clickButton({ message, customId: decide.customId, user })))!;
      const add = buttonsOf(panel).find((button) => button.kind === 'cart' && !/Remove|Clear/.test(button.label));
      if (add) {
        await harness.double.clickButton({ message: panel, customId: add.customId, user }).settled({ timeoutMs: SETTLE_MS });
        const confirm = buttonsOf(harness.double.message(panel.id)).find((button) => button.kind === 'buyOk')!;
        const before = await version();
        const cashBefore = (await getGame(harness.database.prisma, game.id))!.state!.players.find((player) => player.id === userId)!.cash;
        const views = await Promise.all(
          Array.from({ length: 50 }, () => harness.double.clickButton({ message: panel, customId: confirm.customId, user }).settled({ timeoutMs: 60_000 })),
        );
        const after = (await getGame(harness.database.prisma, game.id))!;
        expect(after.state!.stateId).toBe(before + 1);
        // One share bought, paid once.
        expect(after.state!.players.find((player) => player.id === userId)!.cash).toBeLessThan(cashBefore);
        expect(views.filter((view) => view.followUps.some((followUp) => followUp.ephemeral)).length).toBe(49);
        const log = await getActionLog(harness.database.prisma, game.id);
        expectNoGapsOrDuplicates(
          log.map((entry) => entry.sequence),
          after.state!.stateId,
        );
        return;
      }
    }
    await table.playDecision();
  }
  throw new Error('no purchase was offered in 60 decisions');
}, 180_000);

it('answers thousands of random, malformed and out-of-turn clicks ephemerally, changing nothing', async () => {
  let rng = 424242;
  const int = (bound: number): number => {
    const draw = nextInt(rng, bound);
    rng = draw.rng;
    return draw.value;
  };
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const kinds = [
    'join',
    'leave',
    'start',
    'hand',
    'decide',
    'tile',
    'skip',
    'redraw',
    'found',
    'survivor',
    'defunct',
    'dispose',
    'disposeOk',
    'cart',
    'buyOk',
    'declareEnd',
    'offer',
    'offerForm',
    'answer',
    'withdraw',
    'cancel',
    'autopilot',
    'back',
    'nuke',
    '',
  ];
  const args = ['', '0', '6', '7', '-1', '1A', '12I', '13A', 'Z9', '0.0', '25.24', '99.99', '000', '0123', 'yes', 'no', 'ask', '💥', 'a'.repeat(40)];
  const stateNow = (await getGame(harness.database.prisma, game.id))!.state!;
  const outsider = harness.double.createUser('Stranger');
  harness.double.addMember(harness.guild.id, outsider);
  const { message, userId } = table.current()!;
  // Anyone but the player deciding now and the host (who may legitimately cancel the game).
  const notDeciding = [...harness.guild.users.filter((user) => user.id !== userId && user.id !== game.createdBy), outsider];
  const randomId = (): string => {
    switch (int(5)) {
      case 0:
        return Array.from({ length: 1 + int(99) }, () => String.fromCharCode(32 + int(95))).join('');
      case 1:
        return [
          'acq',
          pick(kinds),
          pick([game.id, 'x', '', game.id.toUpperCase()]),
          String(pick([stateNow.stateId, stateNow.stateId - 1, 0, -3, 1e9])),
          pick(args),
        ].join(':');
      case 2:
        return `acq:${pick(kinds)}:${game.id}:${stateNow.stateId}:${pick(args)}:${pick(['1', 'x', ''])}`;
      default:
        // Well-formed and current, but from someone whose decision it is not (or a tile they do not hold).
        return `acq:${pick(['tile', 'skip', 'found', 'buyOk', 'disposeOk', 'declareEnd', 'answer', 'withdraw', 'redraw'])}:${game.id}:${stateNow.stateId}:${pick(['1A', '0', '000', '0.0', 'yes', ...ALL_TILES.slice(0, 3)])}`;
    }
  };
  const before = await version();
  const CLICKS = 2000;
  const batch = 50;
  let answered = 0;
  for (let sent = 0; sent < CLICKS; sent += batch) {
    const handles = Array.from({ length: batch }, () => harness.double.forgedClick({ message, customId: randomId(), user: pick(notDeciding) }));
    const answers = await Promise.all(handles.map((handle) => answerOf(handle)));
    for (const answer of answers) {
      expect(answer?.ephemeral).toBe(true);
      expect((answer?.content ?? '').length).toBeGreaterThan(5);
      answered++;
    }
  }
  // Command options out of range or of the wrong choice.
  const commands: StoredMessage[] = [];
  for (let index = 0; index < 30; index++) {
    const subcommand = pick(['start', 'hand', 'status', 'cancel']);
    const options: Record<string, string | number> =
      subcommand === 'start'
        ? { bonus: pick(['classic', 'tycoon', 'x', '']), chains: pick(['classic', 'set2008', '??']), turn_limit: pick([0, 120, -5, 99999999]) }
        : {};
    // In the game's thread, where a new game cannot start: every answer is private.
    const answer = await answerOf(
      harness.double.slashCommand({ guildId: harness.guild.id, channelId: game.threadId!, user: pick(notDeciding), name: 'acquire', subcommand, options }),
    );
    commands.push(answer!);
  }
  for (const answer of commands) expect(answer.ephemeral).toBe(true);
  expect(answered).toBe(CLICKS);
  expect(await version()).toBe(before);
  expect((await getGame(harness.database.prisma, game.id))!.status).toBe('active');
  expect(harness.logLines.filter((line) => line.level === 'error')).toEqual([]);
  // Still alive and playing.
  expect(await table.playDecision()).toBe(true);
  expect(await version()).toBeGreaterThan(before);
}, 300_000);
