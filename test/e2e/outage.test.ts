/**
 * The database goes away mid-game and comes back: players are told the game is temporarily
 * unavailable and that nothing changed, the bot keeps running, and play resumes by itself.
 * Needs a PostgreSQL server (TEST_DATABASE_URL); the embedded database cannot go away.
 */
import { afterAll, expect, it } from 'vitest';
import { openDatabase, getGame, type Database } from '../../src/store/index.js';
import { serverDatabases } from '../store/databases.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { answerOf, buttonsOf, openGame, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';

const serverUrl = process.env.TEST_DATABASE_URL;
let harness: Harness | undefined;
let proxy: TcpProxy | undefined;
let created: Database | undefined;
let proxied: Database | undefined;

afterAll(async () => {
  await harness?.close();
  await proxied?.close();
  await proxy?.stop();
  await created?.close();
});

it.skipIf(!serverUrl)(
  'tells players the game is temporarily unavailable while PostgreSQL is unreachable, then carries on',
  async () => {
    const fresh = await serverDatabases(serverUrl!).open();
    created = fresh;
    const direct = new URL(fresh.url!);
    proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start();
    const viaProxy = new URL(fresh.url!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    proxied = await openDatabase({ kind: 'postgres', url: viaProxy.href });
    harness = await startHarness({ users: 2, database: proxied });

    await openGame(harness);
    const table = new Table(harness, 9);
    for (let decisions = 0; decisions < 8; decisions++) await table.playDecision();
    const gameId = (await fresh.prisma.game.findFirstOrThrow({ where: { status: 'active' } })).id;
    const versionBefore = (await getGame(fresh.prisma, gameId))!.state!.stateId;

    // Cut between moves: the last one's table posted and recorded (a panel may answer before the
    // table does; a cut in between leaves the table to the catch-up, which announce-retry tests).
    await harness.bot.context.locks.idle();
    await proxy.cut();
    const { message, userId } = table.current()!;
    const user = harness.guild.users.find((candidate) => candidate.id === userId)!;
    const opener = buttonsOf(message)[0]!;
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await answerOf(harness.double.clickButton({ message, customId: opener.customId, user }));
      expect(answer?.ephemeral).toBe(true);
      expect(answer?.content).toContain('temporarily unavailable');
      expect(answer?.content).toContain('nothing was changed');
    }
    const status = await answerOf(
      harness.double.slashCommand({
        guildId: harness.guild.id,
        channelId: harness.guild.channelId,
        user: user,
        name: 'acquire',
        subcommand: 'status',
        options: {},
      }),
    );
    expect(status?.content).toContain('temporarily unavailable');

    await proxy.restore();
    expect((await getGame(fresh.prisma, gameId))!.state!.stateId).toBe(versionBefore);
    // The same bot, with no restart, serves the game again.
    for (let decisions = 0; decisions < 6; decisions++) expect(await table.playDecision()).toBe(true);
    expect((await getGame(fresh.prisma, gameId))!.state!.stateId).toBeGreaterThan(versionBefore);
  },
  120_000,
);
