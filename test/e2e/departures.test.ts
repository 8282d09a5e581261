/**
 * Games the bot can no longer reach are closed, not left active for ever: a server that
 * removed the bot, a deleted channel, and a server that removed the bot while it was offline
 * (found by the turn clock). The channel is free again afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../src/store/index.js';
import { tick } from '../../src/bot/turn-clock.js';
import { startHarness, type Harness } from './harness.js';
import { Server } from './session.js';

let h: Harness;
let now = new Date();

beforeAll(async () => {
  h = await startHarness({ users: 1, now: () => now });
});
afterAll(async () => {
  await h?.close();
});

async function waitForStatus(gameId: string, status: string): Promise<void> {
  const until = Date.now() + 10_000;
  while ((await getGame(h.database.prisma, gameId))?.status !== status) {
    if (Date.now() > until) throw new Error(`game ${gameId} is not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('games the bot can no longer reach', () => {
  it('closes the games of a server that removed the bot, lobbies included', async () => {
    const server = await Server.open(h, { users: 3, channels: ['one', 'two'] });
    const [ann, bob, cat] = server.users as [never, never, never];
    const { game } = await server.startGame(ann, [bob]);
    await server.openLobby(cat, [], {}, server.channel(1));
    const lobby = await server.liveGame(server.channel(1));
    h.double.removeBotFromGuild(server.guild.id);
    await waitForStatus(game.id, 'cancelled');
    await waitForStatus(lobby!.id, 'cancelled');
  });

  it('closes the game of a deleted channel and leaves the others alone', async () => {
    const server = await Server.open(h, { users: 2, channels: ['doomed', 'kept'] });
    const [ann, bob] = server.users as [never, never];
    const { game: doomed } = await server.startGame(ann, [bob], {}, server.channel(0));
    const { game: kept } = await server.startGame(ann, [bob], {}, server.channel(1));
    h.double.deleteChannel(server.channel(0));
    await waitForStatus(doomed.id, 'cancelled');
    expect((await getGame(h.database.prisma, kept.id))?.status).toBe('active');
  });

  it('closes, at the next tick, an overdue game of a server the bot left while it was away', async () => {
    const server = await Server.open(h, { users: 2 });
    const [ann, bob] = server.users as [never, never];
    const { game } = await server.startGame(ann, [bob], { turn_limit: 120 });
    // The server forgets the bot without the bot hearing of it (it was offline): only the
    // client's cache changes, as after a restart that no longer receives that server.
    h.bot.context.client.guilds.cache.delete(server.guild.id);
    now = new Date(now.getTime() + 120_000);
    await tick(h.bot.context);
    expect((await getGame(h.database.prisma, game.id))?.status).toBe('cancelled');
  });
});
