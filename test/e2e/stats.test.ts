/**
 * A whole two-player game through Discord, for what only a finished game shows: the server's
 * leaderboard, and that old public messages lost their buttons at every moment of the game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../src/store/index.js';
import { startHarness, type Harness } from './harness.js';
import { Table } from './players.js';
import { hasButtons } from './harness.js';
import { importRecord } from '../../src/replay/record.js';
import { Server, allButtons, buttonOf, expectAtMostOneButtonedMessage, textOf } from './session.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ users: 1 });
});
afterAll(async () => {
  await h?.close();
});

describe('a finished game', () => {
  it('puts the winner on the leaderboard; after every click at most one public message had buttons', async () => {
    const s = await Server.open(h, { users: 3 });
    const [host, guest, onlooker] = s.users as [(typeof s.users)[0], (typeof s.users)[0], (typeof s.users)[0]];

    const before = await s.command(onlooker, 'stats');
    expect(before.message?.ephemeral).toBe(true);
    expect(before.message?.content).toMatch(/No finished games on this server yet/);

    const { game } = await s.startGame(host, [guest], { holdings: 'hidden', trades: true });
    const thread = game.threadId!;
    const table = new Table(s.harness(), 29, thread);
    for (let decisions = 0; await table.playDecision(); decisions++) {
      expectAtMostOneButtonedMessage(h, thread);
      if (decisions > 1500) throw new Error('the game did not end');
    }
    await h.bot.context.locks.idle();
    const finished = (await getGame(h.database.prisma, game.id))!;
    expect(finished.status).toBe('finished');
    const final = s.publicMessages(thread).at(-1)!;
    expect(textOf(final)).toContain('Game over');
    // Only the final message has a button left: the rematch.
    expect(s.publicMessages(thread).filter(hasButtons)).toEqual([final]);
    // The final post carries the board turn by turn, beside the net-worth chart.
    expect(final.attachments.map((attachment) => attachment.filename).sort()).toEqual(['board.png', 'networth.png', 'summary.gif']);
    expect(
      final.attachments
        .find((attachment) => attachment.filename === 'summary.gif')!
        .data.subarray(0, 6)
        .toString('latin1'),
    ).toBe('GIF89a');

    const after = await s.command(onlooker, 'stats');
    expect(after.message?.ephemeral).toBe(false);
    expect(after.message?.embeds[0]?.title).toBe('Acquire leaderboard');
    const lines = (after.message?.embeds[0]?.description ?? '').split('\n');
    const standings = finished.state!.result!.standings;
    expect(lines).toHaveLength(2);
    for (const standing of standings) {
      const line = lines.find((candidate) => candidate.includes(`<@${standing.playerId}>`));
      const money = `$${standing.cash.toLocaleString('en-US')}`;
      if (standing.place === 1) expect(line).toContain(' · 1 win in 1 game · average place 1.0');
      else expect(line).toContain(` · 0 wins in 1 game · average place ${standing.place}.0`);
      expect(line).toContain(`best ${money}`);
    }
    // Ratings moved: the winner's is above the other's, both from the same start.
    const rating = (line: string) => Number(/rating \*\*(-?\d+)\*\*/.exec(line)?.[1]);
    expect(rating(lines[0]!)).toBeGreaterThan(rating(lines[1]!));
    // Counted once: a repeated click on the finished game and a restart change nothing.
    const ratingsBefore = await h.database.prisma.rating.findMany({ orderBy: { playerId: 'asc' } });
    expect(ratingsBefore.map((row) => row.games)).toEqual([1, 1]);
    const lastPanel = s.publicMessages().at(-1)!;
    await h.bot.stop();
    await h.restart();
    expect(await h.database.prisma.rating.findMany({ orderBy: { playerId: 'asc' } })).toEqual(ratingsBefore);
    expect(lastPanel.components).toEqual([]);
    // A profile: rating, record, best score and recent games, privately.
    const mine = await s.command(onlooker, 'profile', { user: winner0(standings).playerId });
    expect(mine.message?.ephemeral).toBe(true);
    expect(textOf(mine.message)).toMatch(/Rating \*\*\d+\*\*/);
    expect(textOf(mine.message)).toContain('1 win in 1 game');
    expect(textOf(mine.message)).toMatch(/place 1 of 2/);

    // History lists the game; its replay opens at the end and steps back to the opening position.
    const history = await s.command(onlooker, 'history');
    expect(history.message?.ephemeral).toBe(true);
    const open = allButtons(history.message).find((button) => button.kind === 'replayOpen')!;
    const viewer = (await s.click(history.message!, open.customId, onlooker)).message!;
    expect(viewer.ephemeral).toBe(true);
    expect(viewer.content).toMatch(/Replay\*\*: the end/);
    expect(viewer.attachments.some((attachment) => attachment.filename === 'board.png')).toBe(true);
    const first = await s.click(viewer, allButtons(viewer).find((button) => button.label === '⏮')!.customId, onlooker);
    expect(s.message(viewer.id).content).toMatch(/the opening position · step 0 of (\d+)/);
    await s.click(s.message(viewer.id), allButtons(s.message(viewer.id)).find((button) => button.label === '▶')!.customId, onlooker);
    expect(s.message(viewer.id).content).toMatch(/after turn 1 · step 1 of/);
    expect(first.view.callback).not.toBeNull();

    // Export: the setup and every move as JSON, which the engine replays to the same end; from
    // the game's thread as from its channel.
    for (const where of [s.channel(), thread]) {
      const exported = await s.command(host, 'export', {}, where);
      const file = exported.message?.attachments.find((attachment) => attachment.filename.endsWith('.json'));
      expect(file, `export in ${where}`).toBeDefined();
      const { final: rebuilt } = importRecord(JSON.parse(file!.data.toString('utf8')));
      expect(rebuilt).toEqual(finished.state);
    }
    // The winner is listed first, and the leaderboard pings no one.
    const winner = standings.find((standing) => standing.place === 1)!;
    expect(lines[0]).toMatch(new RegExp(`^1\\. <@${winner.playerId}>`));
    expect(textOf(after.message)).not.toContain(onlooker.id);
    expect((after.view.callback!.data as { allowed_mentions?: { users?: string[] } }).allowed_mentions?.users).toEqual([]);

    // After the end, /acquire status shows the result of the last game, in the channel and in its thread.
    for (const where of [s.channel(), thread]) {
      const status = await s.command(onlooker, 'status', {}, where);
      expect(status.message?.ephemeral).toBe(true);
      expect(textOf(status.message)).toContain('### Game over');
      for (const standing of finished.state!.result!.standings) expect(textOf(status.message)).toContain(`$${standing.cash.toLocaleString('en-US')}`);
      expect(status.message?.attachments.map((attachment) => attachment.filename)).toEqual(['board.png', 'networth.png']);
    }
    // The hand of a finished game: there is none.
    const hand = await s.command(host, 'hand', {}, thread);
    expect(hand.message?.content).toMatch(/no game in this channel/);

    // Rematch: a lobby in the channel with the same options, the clicker hosting; the other
    // player is invited by name and joins with one click.
    const outsiderClick = await s.click(final, buttonOf(final, 'rematch').customId, onlooker);
    expect(outsiderClick.message?.content).toMatch(/not playing in this game/);
    const rematch = await s.click(final, buttonOf(final, 'rematch').customId, guest);
    expect(rematch.message?.ephemeral).toBe(true);
    expect(rematch.message?.content).toMatch(/rematch lobby is open/);
    const lobby = s.publicMessages().at(-1)!;
    expect(lobby.content).toContain(`<@${host.id}>`);
    expect(lobby.pinged).toEqual([host.id]);
    expect(rematch.message?.content).toContain(lobby.id);
    const next = (await s.liveGame())!;
    expect(next.status).toBe('lobby');
    expect(next.createdBy).toBe(guest.id);
    expect(next.options).toEqual(finished.options);
    await s.click(lobby, buttonOf(lobby, 'join').customId, host);
    expect((await getGame(h.database.prisma, next.id))!.seats.map((seat) => seat.userId)).toEqual([guest.id, host.id]);
    // A second press points at the lobby already open.
    const again = await s.click(final, buttonOf(final, 'rematch').customId, host);
    expect(again.message?.content).toContain(lobby.id);

    s.expectEverythingAnswered();
  }, 240_000); // a whole game: 9 s here on a quiet machine, over 30 s under other work
});

function winner0(standings: { place: number; playerId: string }[]) {
  return standings.find((standing) => standing.place === 1)!;
}
