/**
 * A whole two-player game through Discord, for what only a finished game shows: the server's
 * leaderboard, and that old public messages lost their buttons at every moment of the game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../src/store/index.js';
import { startHarness, type Harness } from './harness.js';
import { Table } from './players.js';
import { Server, allButtons, expectAtMostOneButtonedMessage, textOf } from './session.js';

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
    const [host, guest, onlooker] = s.users as [typeof s.users[0], typeof s.users[0], typeof s.users[0]];

    const before = await s.command(onlooker, 'stats');
    expect(before.message?.ephemeral).toBe(true);
    expect(before.message?.content).toMatch(/No finished games on this server yet/);

    const channelId = s.channel();
    const { game } = await s.startGame(host, [guest]);
    const table = new Table(s.harness(), 29);
    for (let decisions = 0; await table.playDecision(); decisions++) {
      expectAtMostOneButtonedMessage(h, channelId);
      if (decisions > 1500) throw new Error('the game did not end');
    }
    const finished = (await getGame(h.database.prisma, game.id))!;
    expect(finished.status).toBe('finished');
    const final = s.publicMessages().at(-1)!;
    expect(final.content).toContain('Game over');
    expect(s.publicMessages().filter((message) => message.components.length > 0)).toEqual([]);

    const after = await s.command(onlooker, 'stats');
    expect(after.message?.ephemeral).toBe(false);
    expect(after.message?.embeds[0]?.title).toBe('Acquire leaderboard');
    const lines = (after.message?.embeds[0]?.description ?? '').split('\n');
    const standings = finished.state!.result!.standings;
    expect(lines).toHaveLength(2);
    for (const standing of standings) {
      const line = lines.find((candidate) => candidate.includes(`<@${standing.playerId}>`));
      const money = `$${standing.cash.toLocaleString('en-US')}`;
      if (standing.place === 1) expect(line).toContain(': 1 win in 1 game');
      else expect(line).toContain(': 0 wins in 1 game');
      expect(line).toContain(`best ${money}`);
      expect(line).toContain(`average ${money}`);
    }
    // The winner is listed first, and the leaderboard pings no one.
    const winner = standings.find((standing) => standing.place === 1)!;
    expect(lines[0]).toMatch(new RegExp(`^1\\. <@${winner.playerId}>`));
    expect(textOf(after.message)).not.toContain(onlooker.id);
    expect((after.view.callback!.data as { allowed_mentions?: { users?: string[] } }).allowed_mentions?.users).toEqual([]);

    // After the end the channel has no game: commands say so, and a new one may start.
    const status = await s.command(host, 'status');
    expect(status.message?.content).toMatch(/no game in this channel/);
    const next = await s.openLobby(guest);
    expect(allButtons(next).map((button) => button.kind)).toContain('join');

    s.expectEverythingAnswered();
  });
});
