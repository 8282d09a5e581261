/**
 * Turn clocks with several shards and with servers the bot has left: each process claims only
 * its own servers' due games, in the query, so games it cannot act on never starve the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGamesOf, dueClocks, shardOfGuild } from '../../src/store/clock.js';
import { migrate } from '../../src/store/migrate.js';
import { databaseKinds, type TestDatabase } from './databases.js';

/** A snowflake-shaped guild id that Discord's rule puts on `shard` of `count`. */
const guildOn = (shard: number, count: number, n: number) => String(((BigInt(n * count + shard) + 1_000_000n) << 22n) + 7n);

describe.each(databaseKinds)('due turn clocks on $name', (kind) => {
  let database: TestDatabase;
  const past = new Date(Date.now() - 60_000);
  const now = new Date();

  beforeAll(async () => {
    database = await kind.open();
    await migrate(database.prisma);
  });
  afterAll(() => database.close());

  async function overdueGames(guildId: string, count: number, channelPrefix = 'c', since = past): Promise<void> {
    await database.prisma.game.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        guildId,
        channelId: `${channelPrefix}-${guildId}-${i}`,
        createdBy: '1',
        status: 'active' as const,
        deadlineAt: new Date(since.getTime() + i),
      })),
    });
  }

  it('gives each of two shards only its own servers, however many the other has overdue', async () => {
    // 100 overdue games: 80 in servers of shard 0, 20 in servers of shard 1.
    for (let n = 0; n < 8; n++) await overdueGames(guildOn(0, 2, n), 10);
    for (let n = 0; n < 2; n++) await overdueGames(guildOn(1, 2, n), 10);
    const shard0 = await dueClocks(database.prisma, now, { shards: { ids: [0], count: 2 } });
    const shard1 = await dueClocks(database.prisma, now, { shards: { ids: [1], count: 2 } });
    expect(shard0).toHaveLength(50); // the limit
    expect(shard1).toHaveLength(20); // all of its own, though 80 older ones belong to shard 0
    expect(shard0.every((game) => shardOfGuild(game.guildId, 2) === 0)).toBe(true);
    expect(shard1.every((game) => shardOfGuild(game.guildId, 2) === 1)).toBe(true);
    const both = await dueClocks(database.prisma, now, { shards: { ids: [0, 1], count: 2 }, limit: 200 });
    expect(both).toHaveLength(100);
    // One process without shards sees everything, as before.
    expect(await dueClocks(database.prisma, now, { limit: 200 })).toHaveLength(100);
  });

  it('closes the games of a server the bot left, so the games of the others fire again', async () => {
    const left = guildOn(0, 1, 500);
    const stayed = guildOn(0, 1, 501);
    await overdueGames(left, 60, 'left');
    await overdueGames(stayed, 1, 'stayed', new Date(now.getTime() - 1_000)); // due after all the others
    const before = await dueClocks(database.prisma, now, { limit: 50 });
    expect(before.some((game) => game.guildId === stayed)).toBe(false); // starved behind the 60 (and older ones)
    const closed = await closeGamesOf(database.prisma, { guildId: left });
    expect(closed).toHaveLength(60);
    // The first test's servers are gone too, server by server.
    for (let n = 0; n < 8; n++) await closeGamesOf(database.prisma, { guildId: guildOn(0, 2, n) });
    for (let n = 0; n < 2; n++) await closeGamesOf(database.prisma, { guildId: guildOn(1, 2, n) });
    const after = await dueClocks(database.prisma, now, { limit: 50 });
    expect(after.map((game) => game.guildId)).toEqual([stayed]);
    const row = await database.prisma.game.findFirst({ where: { guildId: left } });
    expect(row).toMatchObject({ status: 'cancelled', deadlineAt: null });
  });

  it('closes the game of a deleted channel and nothing else', async () => {
    const guild = guildOn(0, 1, 900);
    await overdueGames(guild, 3, 'deleted');
    const [first] = await database.prisma.game.findMany({ where: { guildId: guild }, orderBy: { channelId: 'asc' } });
    const closed = await closeGamesOf(database.prisma, { channelId: first!.channelId });
    expect(closed.map((game) => game.id)).toEqual([first!.id]);
    expect(await database.prisma.game.count({ where: { guildId: guild, status: 'active' } })).toBe(2);
  });
});
