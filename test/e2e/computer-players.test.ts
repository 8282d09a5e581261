/**
 * Computer players at the table, through the real discord.js client and the Discord double:
 * the host fills a lobby with five computer players of every level and plays a whole game
 * against them (one hard player: each of its decisions takes its whole second of thought),
 * the computers' moves appearing on the table like anyone's, and the human's clicks answered
 * promptly while the computers think (in the worker pool, off the bot's event loop).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame, guildLeaderboard } from '../../src/store/index.js';
import { SETTLE_MS, buttonsOf, humansTurnOrEnd, latestPublicWithButtons, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ users: 2 });
});
afterAll(async () => {
  await h?.close();
});

describe('a game against computer players', () => {
  it('seats five computers from the lobby and plays a whole game against them', async () => {
    const [host] = h.guild.users as [(typeof h.guild.users)[0]];
    const start = await h.double
      .slashCommand({ guildId: h.guild.id, channelId: h.guild.channelId, user: host, name: 'acquire', subcommand: 'start', options: { hints: true } })
      .settled({ timeoutMs: SETTLE_MS });
    const lobby = start.original!;
    const click = (kind: string, arg?: string) => {
      const found = buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === kind && (arg === undefined || button.arg === arg));
      if (!found) throw new Error(`no ${kind} button on the lobby`);
      return h.double.clickButton({ message: lobby, customId: found.customId, user: host }).settled({ timeoutMs: SETTLE_MS });
    };
    // Only the host seats computers.
    const guest = h.guild.users[1]!;
    const add = buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'addBot')!;
    const refused = await h.double.clickButton({ message: lobby, customId: add.customId, user: guest }).settled({ timeoutMs: SETTLE_MS });
    expect(refused.followUps[0]?.content ?? refused.original?.content).toMatch(/Only the host/);
    for (const level of ['hard', 'medium', 'easy', 'medium', 'easy']) await click('addBot', level);
    // The host takes the last one back and seats another.
    await click('removeBot');
    await click('addBot', 'medium');
    const seated = h.double.message(lobby.id)!.embeds[0]!.fields![0]!.value;
    expect(seated.match(/🤖 Hard bot/g) ?? []).toHaveLength(1);
    expect(seated.match(/🤖 Medium bot/g) ?? []).toHaveLength(3);
    expect(seated.match(/🤖 Easy bot/g) ?? []).toHaveLength(1);
    expect(buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'addBot')).toBeUndefined(); // full: six seats
    await click('start');

    const game = (await getGame(h.database.prisma, (await h.database.prisma.game.findFirstOrThrow({ where: { channelId: h.guild.channelId } })).id))!;
    expect(game.seats.map((seat) => seat.userId.startsWith('ai:'))).toEqual(game.seats.map((seat) => seat.userId !== host.id));
    const table = new Table(h, 11);
    let decisions = 0;
    let suggested = false;
    const firstAnswers: number[] = [];
    for (;;) {
      const now = await humansTurnOrEnd(h, game.id, host.id);
      if (now.status === 'finished') break;
      if (!suggested) {
        // Hints: the panel offers Suggest, answered privately with the hard player's move and a reason.
        const board = latestPublicWithButtons(h)!;
        const opener = buttonsOf(board).find((button) => button.kind === 'decide' || button.kind === 'hand')!;
        const panel = await h.double.clickButton({ message: board, customId: opener.customId, user: host }).settled({ timeoutMs: SETTLE_MS });
        const suggest = buttonsOf(panel.original!).find((button) => button.kind === 'suggest');
        expect(suggest, 'Suggest on the panel').toBeDefined();
        const hint = await h.double.clickButton({ message: panel.original!, customId: suggest!.customId, user: host }).settled({ timeoutMs: SETTLE_MS });
        const text = hint.followUps.at(-1)?.content ?? hint.original?.content ?? '';
        expect(text).toMatch(/^💡 The hard computer player would \*\*.+\*\*: /);
        suggested = true;
      }
      expect(await table.playDecision()).toBe(true);
      decisions++;
      // The computers play now: a click meanwhile (on whatever the table shows) is answered at once.
      const busy = latestPublicWithButtons(h);
      const any = busy && buttonsOf(busy)[0];
      if (busy && any) {
        const started = Date.now();
        await h.double.clickButton({ message: busy, customId: any.customId, user: host }).response(SETTLE_MS);
        firstAnswers.push(Date.now() - started);
      }
      expect(decisions).toBeLessThan(400);
    }
    const finished = (await getGame(h.database.prisma, game.id))!;
    expect(finished.status).toBe('finished');
    expect(finished.state!.turn).toBeGreaterThan(20);
    expect(decisions).toBeGreaterThan(5);
    // Clicks made while the computers played were answered well within Discord's 3 s.
    expect(firstAnswers.length).toBeGreaterThan(5);
    expect(Math.max(...firstAnswers)).toBeLessThan(1000);
    // Computer seats never reach the leaderboard; the human does.
    const board = await guildLeaderboard(h.database.prisma, h.guild.id);
    expect(board.map((entry) => entry.userId)).toEqual([host.id]);
    // No public message ever mentioned a computer player as a Discord user.
    for (const message of h.double.channelMessages(h.guild.channelId)) expect(message.content).not.toMatch(/<@ai:/);
  }, 300_000);
});
