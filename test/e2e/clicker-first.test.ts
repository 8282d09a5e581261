/**
 * The clicker first: a move that passes the turn shows its result on the clicker’s own panel as
 * soon as it is stored, before the table's new turn message (with its board picture) goes out;
 * a panel that offers the clicker's next move waits for the table (answered earlier, its next
 * click could reach another process before this one has recorded the table: see game-flow.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SETTLE_MS, answerOf, buttonsOf, openGame, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ users: 2, gameSeed: () => 3 });
  await openGame(harness);
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

it('edits the clicker’s panel before it posts the next turn’s table message', async () => {
  const table = new Table(harness, 9);
  for (let decisions = 0; decisions < 60; decisions++) {
    const { message, userId } = table.current()!;
    const user = harness.guild.users.find((candidate) => candidate.id === userId)!;
    const decide = buttonsOf(message).find((button) => button.kind === 'decide' && button.label === 'Buy shares');
    if (!decide) {
      await table.playDecision();
      continue;
    }
    // Buying nothing ends the turn: the table posts the next turn's message, picture and all.
    const panel = (await answerOf(harness.double.clickButton({ message, customId: decide.customId, user })))!;
    const done = buttonsOf(panel).find((button) => button.kind === 'buyOk')!;
    const from = harness.double.calls.length;
    const click = harness.double.clickButton({ message: panel, customId: done.customId, user });
    await click.settled({ timeoutMs: SETTLE_MS });
    await harness.bot.context.locks.idle();
    const calls = harness.double.calls.slice(from);
    const panelEdit = calls.findIndex((call) => call.method === 'PATCH' && call.path.includes(click.token) && call.path.endsWith('/messages/@original'));
    const nextTurn = calls.findIndex((call) => call.method === 'POST' && call.files.some((file) => file.filename === 'board.png'));
    expect(panelEdit).toBeGreaterThanOrEqual(0);
    expect(nextTurn).toBeGreaterThanOrEqual(0);
    expect(panelEdit).toBeLessThan(nextTurn);
    // And the panel says what happened.
    expect(harness.double.message(panel.id)!.content).toMatch(/^Done\./);
    return;
  }
  throw new Error('no purchase was offered in 60 decisions');
}, 180_000);

it('answers a panel that offers the clicker’s next move only after the table shows the move', async () => {
  const table = new Table(harness, 11);
  for (let decisions = 0; decisions < 60; decisions++) {
    const { message, userId } = table.current()!;
    const user = harness.guild.users.find((candidate) => candidate.id === userId)!;
    const hand = buttonsOf(message).find((button) => button.kind === 'hand');
    if (!hand) {
      await table.playDecision();
      continue;
    }
    const panel = (await answerOf(harness.double.clickButton({ message, customId: hand.customId, user })))!;
    const tile = buttonsOf(panel).find((button) => button.kind === 'tile');
    if (!tile) {
      await table.playDecision();
      continue;
    }
    const from = harness.double.calls.length;
    // The table's edits made slow, as a busy Discord makes them: the panel must still wait for them.
    const transport = harness.bot.context.transport as unknown as Record<'edit' | 'editFollowUp', (...args: unknown[]) => Promise<void>>;
    const restore = (['edit', 'editFollowUp'] as const).map((key) => {
      const original = transport[key];
      transport[key] = async (...args) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return original.apply(transport, args);
      };
      return () => {
        transport[key] = original;
      };
    });
    const click = harness.double.clickButton({ message: panel, customId: tile.customId, user });
    await click.settled({ timeoutMs: SETTLE_MS }).finally(() => restore.forEach((undo) => undo()));
    await harness.bot.context.locks.idle();
    const answered = harness.double.message(panel.id)!;
    // A tile that founds, merges or leaves shares to buy keeps the decision with the clicker.
    if (buttonsOf(answered).length === 0) continue;
    const calls = harness.double.calls.slice(from);
    const panelEdit = calls.findIndex((call) => call.method === 'PATCH' && call.path.includes(click.token) && call.path.endsWith('/messages/@original'));
    const tableShown = calls.findIndex((call) => call.path.endsWith(`/messages/${message.id}`) || (call.method === 'POST' && call.files.length > 0));
    expect(tableShown).toBeGreaterThanOrEqual(0);
    expect(panelEdit).toBeGreaterThan(tableShown);
    return;
  }
  throw new Error('no tile in 60 decisions left its player a decision');
}, 180_000);
