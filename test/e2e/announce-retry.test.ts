/**
 * A committed move is always announced. The database goes away after a move is written and
 * before the table shows it: the player is told the move was made (not "nothing was changed"),
 * the running bot shows the game again as soon as the database is back (no restart), the game
 * stays playable, and with a turn limit the deadline still fires. On both databases.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tick } from '../../src/bot/turn-clock.js';
import { refusals } from '../../src/bot/refusals.js';
import { decidingSeat } from '../../src/engine/index.js';
import { getGame, migrate, type Database } from '../../src/store/index.js';
import { databaseKinds } from '../store/databases.js';
import { SETTLE_MS, buttonsOf, startHarness, type Harness } from './harness.js';
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

/** Until `restore` is called, recording which message shows the game fails as if the database were gone. */
function dropAnnouncementWrites(db: Database): { restore(): void } {
  const delegate = db.prisma.game as unknown as { update: (...args: unknown[]) => Promise<unknown> };
  const original = delegate.update;
  delegate.update = () => Promise.reject(shutdownError());
  return { restore: () => (delegate.update = original) };
}

describe.each(databaseKinds)('a move written but not yet shown, on $name', (kind) => {
  it.each([0, 120])('is reported as made and shown once the database is back (turn limit %i s)', async (limit) => {
    let time = Date.parse('2026-11-24T12:00:00Z');
    database = await kind.open();
    await migrate(database.prisma);
    // The bot waits this long before showing a game left behind (10 s by default; short here).
    harness = await startHarness({ users: 2, database, now: () => new Date(time), catchUpAfterMs: 200 });
    const [host, guest] = harness.guild.users;
    const start = await harness.double.slashCommand({ guildId: harness.guild.id, channelId: harness.guild.channelId, user: host!, name: 'acquire', subcommand: 'start', options: { turn_limit: limit } }).settled({ timeoutMs: SETTLE_MS });
    const lobby = start.original!;
    await harness.double.clickButton({ message: lobby, customId: buttonsOf(lobby).find((button) => button.kind === 'join')!.customId, user: guest! }).settled({ timeoutMs: SETTLE_MS });
    await harness.double.clickButton({ message: lobby, customId: buttonsOf(harness.double.message(lobby.id)).find((button) => button.kind === 'start')!.customId, user: host! }).settled({ timeoutMs: SETTLE_MS });
    const gameId = (await database.prisma.game.findFirstOrThrow({ where: { status: 'active' } })).id;
    const table = new Table(harness, 5);
    for (let decision = 0; decision < 3; decision++) await table.playDecision();

    // The database goes away between the move's write and its announcement.
    const before = (await getGame(database.prisma, gameId))!;
    const outage = dropAnnouncementWrites(database);
    const panels = table.panels.length;
    expect(await table.playDecision()).toBe(true);
    const written = (await getGame(database.prisma, gameId))!;
    expect(written.state!.stateId).toBeGreaterThan(before.state!.stateId);
    expect(written.publicStateId).toBeLessThan(written.state!.stateId);
    // The player was told the truth: made, and the table will follow.
    const told = [...table.panels.slice(panels).map((panel) => panel.message.content), ...harness.double.channelMessages(harness.guild.channelId).map((message) => message.content)];
    const answers = [...harness.double.calls].filter((call) => call.path.includes('/webhooks/')).map((call) => JSON.stringify(call.body));
    expect(answers.some((body) => body.includes('Your move was made'))).toBe(true);
    expect(answers.some((body) => body.includes('nothing was changed'))).toBe(false);
    expect(told.join('\n')).not.toContain('nothing was changed');
    if (limit > 0) expect(written.deadlineAt).not.toBeNull();

    // Still down: the tick tries, fails quietly, and tries again later.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await tick(harness.bot.context);
    expect((await getGame(database.prisma, gameId))!.publicStateId).toBe(written.publicStateId);

    // The database is back: the next tick shows the game, with no restart.
    outage.restore();
    const back = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await tick(harness.bot.context);
    const caughtUpMs = performance.now() - back;
    const shown = (await getGame(database.prisma, gameId))!;
    expect(shown.publicStateId).toBe(shown.state!.stateId);
    expect(caughtUpMs).toBeLessThan(5_000);
    console.log(`caught up ${caughtUpMs.toFixed(0)} ms after the database came back (${kind.name}, limit ${limit})`);

    // And it plays on.
    for (let decision = 0; decision < 3; decision++) expect(await table.playDecision()).toBe(true);
    if (limit > 0) {
      // The deadline still fires.
      const waiting = (await getGame(database.prisma, gameId))!;
      const seat = decidingSeat(waiting.state!);
      time += (limit + 1) * 1000;
      await tick(harness.bot.context);
      const after = (await getGame(database.prisma, gameId))!;
      expect(after.state!.stateId).toBeGreaterThan(waiting.state!.stateId);
      expect(after.clock.missedInARow[seat!]).toBe(1);
    }
  }, 120_000);
});
