/**
 * A committed move is always announced. Two things can go wrong after a move is written:
 * - Discord does not take the table's messages: the player is told the move was made (not
 *   "nothing was changed"), the running bot shows the game as soon as Discord takes messages
 *   again (no restart), the game stays playable, and with a turn limit the deadline still fires;
 * - the database goes away: the table shows the move all the same (what a table shows is
 *   written down at the tick, in one statement for every table, not by the move, whether the
 *   move edits the turn's message or posts the next turn's), and the record follows once the
 *   database is back.
 * On both databases.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeEnvelope } from '../../src/bot/components.js';
import { tick } from '../../src/bot/turn-clock.js';
import { decidingSeat } from '../../src/engine/index.js';
import { getGame, migrate, type Database } from '../../src/store/index.js';
import { databaseKinds } from '../store/databases.js';
import { buttonsOf, latestPublicWithButtons, openGame, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';

let harness: Harness | undefined;
let database: Database | undefined;
afterEach(async () => {
  await harness?.close();
  await database?.close();
  harness = undefined;
  database = undefined;
});

/** What PostgreSQL says when an administrator stops it (57P01). */
function shutdownError(): Error {
  return Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
}

/** Until `restore` is called, Discord refuses every message the table posts or edits. */
function refuseTableMessages(h: Harness): { restore(): void } {
  const transport = h.bot.context.transport;
  const originals = { post: transport.post, edit: transport.edit, followUp: transport.followUp, editFollowUp: transport.editFollowUp };
  const refuse = () => Promise.reject(Object.assign(new Error('Internal Server Error'), { status: 500 }));
  Object.assign(transport, { post: refuse, edit: refuse, followUp: refuse, editFollowUp: refuse });
  return { restore: () => Object.assign(transport, originals) };
}

/** Until `restore` is called, the writes of what the tables show fail as if the database were gone. */
function dropTableRecords(db: Database): { restore(): void } {
  const client = db.prisma as unknown as { $executeRaw: (...args: unknown[]) => Promise<unknown> };
  const original = client.$executeRaw;
  client.$executeRaw = () => Promise.reject(shutdownError());
  return { restore: () => (client.$executeRaw = original) };
}

async function openTwoPlayerGame(kind: (typeof databaseKinds)[number], limit: number, time: () => number): Promise<{ gameId: string; table: Table }> {
  database = await kind.open();
  await migrate(database.prisma);
  // The bot waits this long before showing a game left behind (10 s by default; short here).
  harness = await startHarness({ users: 2, database, now: () => new Date(time()), catchUpAfterMs: 200 });
  const { game } = await openGame(harness, 2, { turn_limit: limit });
  const gameId = game.id;
  const table = new Table(harness, 5);
  for (let decision = 0; decision < 3; decision++) await table.playDecision();
  return { gameId, table };
}

/** The state id the table's current message offers (its buttons carry it). */
function stateShown(h: Harness): number {
  const ids = buttonsOf(latestPublicWithButtons(h)).map((button) => decodeEnvelope(button.customId)?.stateId ?? -1);
  return Math.max(...ids);
}

describe.each(databaseKinds)('a move written but not shown, on $name', (kind) => {
  it.each([0, 120])(
    'is reported as made and shown once Discord takes messages again (turn limit %i s)',
    async (limit) => {
      let time = Date.parse('2026-11-24T12:00:00Z');
      const { gameId, table } = await openTwoPlayerGame(kind, limit, () => time);
      const h = harness!;

      // Discord refuses the table's messages between the move's write and its announcement.
      const before = (await getGame(database!.prisma, gameId))!;
      const outage = refuseTableMessages(h);
      const panels = table.panels.length;
      table.tableDown = true;
      expect(await table.playDecision()).toBe(true);
      table.tableDown = false;
      await tick(h.bot.context);
      const written = (await getGame(database!.prisma, gameId))!;
      expect(written.state!.stateId).toBeGreaterThan(before.state!.stateId);
      expect(written.publicStateId).toBeLessThan(written.state!.stateId);
      // The player was told the truth: made, and the table will follow.
      const told = [
        ...table.panels.slice(panels).map((panel) => panel.message.content),
        ...h.double.channelMessages(h.guild.channelId).map((message) => message.content),
      ];
      const answers = [...h.double.calls].filter((call) => call.path.includes('/webhooks/')).map((call) => JSON.stringify(call.body));
      expect(answers.some((body) => body.includes('Your move was made'))).toBe(true);
      expect(answers.some((body) => body.includes('nothing was changed'))).toBe(false);
      expect(told.join('\n')).not.toContain('nothing was changed');
      if (limit > 0) expect(written.deadlineAt).not.toBeNull();

      // Still refused: the tick tries, fails quietly, and tries again later.
      await new Promise((resolve) => setTimeout(resolve, 250));
      await tick(h.bot.context);
      expect((await getGame(database!.prisma, gameId))!.publicStateId).toBe(written.publicStateId);

      // Discord takes messages again: the next tick shows the game, with no restart, and the one
      // after writes down that it does.
      outage.restore();
      const back = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 250));
      await tick(h.bot.context);
      const caughtUpMs = performance.now() - back;
      expect(stateShown(h)).toBe(written.state!.stateId);
      await tick(h.bot.context);
      const shown = (await getGame(database!.prisma, gameId))!;
      expect(shown.publicStateId).toBe(shown.state!.stateId);
      expect(caughtUpMs).toBeLessThan(5_000);
      console.log(`caught up ${caughtUpMs.toFixed(0)} ms after Discord came back (${kind.name}, limit ${limit})`);

      // And it plays on.
      for (let decision = 0; decision < 3; decision++) expect(await table.playDecision()).toBe(true);
      if (limit > 0) {
        // The deadline still fires.
        const waiting = (await getGame(database!.prisma, gameId))!;
        const seat = decidingSeat(waiting.state!);
        time += (limit + 1) * 1000;
        await tick(h.bot.context);
        const after = (await getGame(database!.prisma, gameId))!;
        expect(after.state!.stateId).toBeGreaterThan(waiting.state!.stateId);
        expect(after.clock.missedInARow[seat!]).toBe(1);
      }
    },
    120_000,
  );

  it('is shown at once when the database goes away after the write, and written down once it is back', async () => {
    const time = Date.parse('2026-11-24T12:00:00Z');
    const { gameId, table } = await openTwoPlayerGame(kind, 0, () => time);
    const h = harness!;
    await tick(h.bot.context);
    const recorded = (await getGame(database!.prisma, gameId))!;
    expect(recorded.publicStateId).toBe(recorded.state!.stateId);
    expect(latestPublicWithButtons(h)?.id).toBe(recorded.publicMessageId);

    // The database refuses the tick's writes of what the tables show. A step within the turn,
    // edited into the turn's message, does not write it itself (such a move is one write); a move
    // that passes the turn records the new message at once (the next turn's message is never
    // left unrecorded, so that no process can lose track of its buttons). Play until the turn has passed.
    const outage = dropTableRecords(database!);
    // The clicker's panel comes first (once the move is stored), the table's message and its
    // record after it: read the game once the bot's work on it is done.
    const settledGame = async () => {
      await h.bot.context.locks.idle();
      return (await getGame(database!.prisma, gameId))!;
    };
    let written = recorded;
    for (let decision = 0; decision < 100 && latestPublicWithButtons(h)?.id === recorded.publicMessageId; decision++) {
      expect(await table.playDecision()).toBe(true);
      written = await settledGame();
      // The table shows the move either way.
      expect(stateShown(h)).toBe(written.state!.stateId);
      if (latestPublicWithButtons(h)?.id !== recorded.publicMessageId) break;
      expect(written.publicMessageId).toBe(recorded.publicMessageId);
      expect(written.publicStateId).toBe(recorded.publicStateId);
    }
    const newTurn = latestPublicWithButtons(h)!;
    expect(newTurn.id).not.toBe(recorded.publicMessageId);
    expect(written.publicMessageId).toBe(newTurn.id);
    // Play on until a step within a turn is shown but not written down.
    for (let decision = 0; decision < 100; decision++) {
      expect(await table.playDecision()).toBe(true);
      written = await settledGame();
      expect(stateShown(h)).toBe(written.state!.stateId);
      if (written.publicStateId !== written.state!.stateId) break;
    }
    expect(written.publicStateId).toBeLessThan(written.state!.stateId);
    expect(written.publicMessageId).toBe(latestPublicWithButtons(h)!.id);
    // The tick cannot write it down yet; it says so in the log and carries on.
    await tick(h.bot.context);
    expect((await getGame(database!.prisma, gameId))!.publicStateId).toBe(written.publicStateId);
    expect(h.logLines.some((line) => line.msg === 'could not write down what the tables show')).toBe(true);

    // Back: the next tick writes it down, and shows nothing twice.
    outage.restore();
    const posted = h.double.channelActivity(h.guild.channelId).messagesPosted;
    await tick(h.bot.context);
    const back = (await getGame(database!.prisma, gameId))!;
    expect(back.publicStateId).toBe(back.state!.stateId);
    expect(back.publicMessageId).toBe(latestPublicWithButtons(h)?.id);
    expect(h.double.channelActivity(h.guild.channelId).messagesPosted).toBe(posted);
    expect(await table.playDecision()).toBe(true);
  }, 120_000);
});
