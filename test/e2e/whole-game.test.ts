/**
 * Whole games of Acquire through the real discord.js client and the local Discord double, from
 * `/acquire start` to the results, played by simulated users who click only what they are shown.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_TILES, replay } from '../../src/engine/index.js';
import { findLiveGame, getActionLog, getGame, setupOf, type StoredGame } from '../../src/store/index.js';
import type { StoredMessage } from '../support/discord-double/index.js';
import { SETTLE_MS, answerOf, buttonsOf, latestPublicWithButtons, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function openGame(h: Harness, players: number, options: Record<string, string | boolean | number> = {}): Promise<StoredGame> {
  const [host, ...others] = h.guild.users;
  const start = await h.double.slashCommand({ guildId: h.guild.id, channelId: h.guild.channelId, user: host!, name: 'acquire', subcommand: 'start', options }).settled({ timeoutMs: SETTLE_MS });
  const lobby = start.original!;
  expect(lobby.ephemeral).toBe(false);
  for (const user of others.slice(0, players - 1)) {
    const join = buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'join')!;
    await h.double.clickButton({ message: lobby, customId: join.customId, user }).settled({ timeoutMs: SETTLE_MS });
  }
  const startButton = buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'start')!;
  await h.double.clickButton({ message: lobby, customId: startButton.customId, user: host! }).settled({ timeoutMs: SETTLE_MS });
  const game = await findLiveGame(h.database.prisma, h.guild.channelId);
  expect(game?.status).toBe('active');
  expect(game?.seats).toHaveLength(players);
  return game!;
}

async function playToTheEnd(h: Harness, table: Table, gameId: string): Promise<StoredGame> {
  for (let decisions = 0; await table.playDecision(); decisions++) {
    if (decisions > 1500) throw new Error('the game did not end');
  }
  const game = await getGame(h.database.prisma, gameId);
  expect(game?.status).toBe('finished');
  // A whole game: every seat placed tiles over many turns.
  expect(game!.state!.turn).toBeGreaterThan(30);
  return game!;
}

const GAME_TIMEOUT_MS = 180_000;

const TILE_NAME = new RegExp(`\\b(${ALL_TILES.join('|')})\\b`);

/** Checks every message the bot sent during a game for what players are entitled to see. */
function checkMessages(h: Harness, game: StoredGame, table: Table): void {
  // Pings only when the decision passes to another person: never the same person twice in a row.
  const pings = h.double.channelActivity(h.guild.channelId).pings.map((ping) => ping.userId);
  expect(pings.length).toBeGreaterThan(10);
  const repeated = pings.filter((userId, index) => index > 0 && userId === pings[index - 1]);
  expect(repeated, 'the same person pinged twice in a row').toEqual([]);
  const channel = h.double.channelMessages(h.guild.channelId);
  const publicGameMessages = channel.filter((message) => !message.ephemeral && message.embeds.some((embed) => embed.image?.url === 'attachment://board.png'));
  expect(publicGameMessages.length).toBeGreaterThan(20);
  for (const message of publicGameMessages) {
    const board = message.attachments.find((attachment) => attachment.filename === 'board.png');
    expect(board, 'every board message carries the board picture').toBeDefined();
    expect(board!.data.subarray(1, 4).toString('latin1')).toBe('PNG');
  }
  // Tiles in hands only ever show in ephemeral panels answering that player.
  for (const { userId, message } of table.panels) {
    expect(message.ephemeral).toBe(true);
    expect(message.visibleTo).toBe(userId);
  }
  const tileButtonMessages = [...h.double.channelMessages(h.guild.channelId), ...table.panels.map((panel) => panel.message)].filter((message) => buttonsOf(message).some((button) => button.kind === 'tile'));
  for (const message of tileButtonMessages) expect(message.ephemeral, 'tile buttons are only in private panels').toBe(true);
  // No public message names a tile that was still in a hand when it was sent: every tile a
  // public message names is on the board or set aside face up in the final state.
  const faceUp = new Set([...ALL_TILES.filter((_, index) => game.state!.board[index] !== null), ...game.state!.discarded]);
  for (const message of channel.filter((candidate) => !candidate.ephemeral)) {
    const text = [message.content ?? '', ...message.embeds.map((embed) => JSON.stringify(embed))].join(' ');
    for (const match of text.matchAll(new RegExp(TILE_NAME, 'g'))) expect(faceUp.has(match[0]), `public message names ${match[0]}`).toBe(true);
  }
  // No log line names a tile at all.
  for (const line of h.logLines) expect(JSON.stringify(line)).not.toMatch(TILE_NAME);
}

async function checkFinalStandings(h: Harness, game: StoredGame): Promise<void> {
  const log = await getActionLog(h.database.prisma, game.id);
  const replayed = replay(setupOf(game), log.map((entry) => entry.action));
  expect(replayed).toEqual(game.state);
  const final = h.double.channelMessages(h.guild.channelId).filter((message) => !message.ephemeral).at(-1)!;
  expect(final.content).toContain('Game over');
  expect(final.attachments.map((attachment) => attachment.filename)).toContain('networth.png');
  const standingsText = final.embeds.map((embed) => embed.description ?? '').join('\n');
  for (const standing of replayed.result!.standings) {
    expect(standingsText).toContain(`**${standing.name}** $${standing.cash.toLocaleString('en-US')}`);
    const seat = game.seats.find((candidate) => candidate.userId === standing.playerId)!;
    expect(seat.finalCash).toBe(standing.cash);
    expect(seat.finalPlace).toBe(standing.place);
  }
}

describe('whole games through Discord', () => {
  it('two players, from /acquire start to the results', async () => {
    harness = await startHarness({ users: 2 });
    const game = await openGame(harness, 2);
    const table = new Table(harness, 11);
    const finished = await playToTheEnd(harness, table, game.id);
    checkMessages(harness, finished, table);
    await checkFinalStandings(harness, finished);
  }, GAME_TIMEOUT_MS);

  it('three players in a tycoon game with trades on, with the bot restarted mid-game', async () => {
    harness = await startHarness({ users: 3 });
    const game = await openGame(harness, 3, { bonus: 'tycoon', trades: true });
    const table = new Table(harness, 23);
    for (let decisions = 0; decisions < 40; decisions++) expect(await table.playDecision()).toBe(true);
    const before = await getGame(harness.database.prisma, game.id);
    await harness.bot.stop();
    await harness.restart();
    // The new process carries on from the same public message and the same state.
    expect((await getGame(harness.database.prisma, game.id))?.state!.stateId).toBe(before?.state!.stateId);
    const finished = await playToTheEnd(harness, table, game.id);
    expect(finished.state!.stateId).toBeGreaterThan(before!.state!.stateId);
    const actions = (await getActionLog(harness.database.prisma, game.id)).map((entry) => entry.action.type);
    expect(actions).toContain('offerTrade');
    expect(actions).toContain('answerTrade');
    checkMessages(harness, finished, table);
    await checkFinalStandings(harness, finished);
  }, GAME_TIMEOUT_MS);

  it('six players with hidden holdings: no public message shows anyone’s cash or shares', async () => {
    harness = await startHarness({ users: 6 });
    const game = await openGame(harness, 6, { holdings: 'hidden' });
    const table = new Table(harness, 5);
    const finished = await playToTheEnd(harness, table, game.id);
    checkMessages(harness, finished, table);
    await checkFinalStandings(harness, finished);
    const publicBeforeTheEnd = harness.double.channelMessages(harness.guild.channelId).filter((message) => !message.ephemeral).slice(0, -1);
    for (const message of publicBeforeTheEnd) {
      const players = message.embeds.flatMap((embed) => embed.fields ?? []).find((field) => field.name === 'Players');
      if (players) expect(players.value).not.toMatch(/\$\d/);
    }
  }, GAME_TIMEOUT_MS);
});

describe('bad clicks change nothing', () => {
  it('refuses stale, foreign and forged clicks with an ephemeral message', async () => {
    harness = await startHarness({ users: 3 });
    const game = await openGame(harness, 3);
    const table = new Table(harness, 3);
    const firstTurn = table.current()!;
    const staleOpener = buttonsOf(firstTurn.message).find((button) => button.kind === 'hand')!;
    for (let decisions = 0; decisions < 6; decisions++) await table.playDecision();
    const { message, userId } = table.current()!;
    const version = (await getGame(harness.database.prisma, game.id))!.state!.stateId;
    const someoneElse = harness.guild.users.find((user) => user.id !== userId)!;
    const decider = harness.guild.users.find((user) => user.id === userId)!;
    const outsider = harness.double.createUser('Outsider');
    harness.double.addMember(harness.guild.id, outsider);

    const attempts: [string, StoredMessage | null][] = [];
    const tryClick = async (customId: string, user: typeof decider): Promise<void> => {
      attempts.push([customId, await answerOf(harness!.double.forgedClick({ message, customId, user }))]);
    };
    // A button from an earlier moment of the game.
    await tryClick(staleOpener.customId, decider);
    // A move by someone whose decision it is not, with the current state id.
    const stateId = (await getGame(harness.database.prisma, game.id))!.state!.stateId;
    await tryClick(`acq:skip:${game.id}:${stateId}:`, someoneElse);
    await tryClick(`acq:buyOk:${game.id}:${stateId}:000`, someoneElse);
    // Someone not in the game.
    await tryClick(`acq:tile:${game.id}:${stateId}:1A`, outsider);
    // Forged and damaged ids.
    for (const forged of ['hello', 'acq:tile', `acq:tile:${game.id}:${stateId}:13Z`, `acq:found:${game.id}:${stateId}:9`, `acq:buyOk:${game.id}:${stateId}:0000`, `acq:nuke:${game.id}:${stateId}:`, `acq:tile:not-a-game:${stateId}:1A`, 'x'.repeat(100)]) {
      await tryClick(forged, decider);
    }
    // A trade form in a game without trades.
    await tryClick(`acq:offer:${game.id}:${stateId}:${(game.seats.findIndex((seat) => seat.userId === userId) + 1) % 3}`, decider);
    // The decider placing a tile they do not hold.
    const hand = (await getGame(harness.database.prisma, game.id))!.state!.players.find((player) => player.id === userId)!.hand;
    const notHeld = ALL_TILES.find((tile) => !hand.includes(tile))!;
    await tryClick(`acq:tile:${game.id}:${stateId}:${notHeld}`, decider);

    for (const [customId, answer] of attempts) {
      expect(answer, `an answer to ${customId}`).not.toBeNull();
      expect(answer!.ephemeral, `the answer to ${customId} is ephemeral`).toBe(true);
      expect(answer!.content?.length ?? 0).toBeGreaterThan(10);
    }
    expect((await getGame(harness.database.prisma, game.id))!.state!.stateId).toBe(version);
    // The game still goes on normally afterwards.
    expect(await table.playDecision()).toBe(true);
    expect((await getGame(harness.database.prisma, game.id))!.state!.stateId).toBeGreaterThan(version);
    expect(latestPublicWithButtons(harness)).toBeDefined();
  });
});
