/**
 * Whole games of Acquire through the real discord.js client and the local Discord double, from
 * `/acquire start` to the results, played by simulated users who click only what they are shown.
 * Each game is played in a thread of its own, and the table is counted per game: one message per
 * turn (plus the short mentions and the final result), the board uploaded only when it changed,
 * pings only when the decision moves to someone else, and the REST requests the bot spends.
 * Every game is dealt from a fixed seed (`SEED=` replays another: ./seed.ts), and the simulated
 * players choose from fixed seeds of their own, so each test plays the same games in every run.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_TILES, apply, createGame, replay, type GameState } from '../../src/engine/index.js';
import { findLiveGame, getActionLog, getGame, setupOf, type StoredGame } from '../../src/store/index.js';
import type { StoredMessage } from '../support/discord-double/index.js';
import { answerOf, buttonsOf, latestPublicWithButtons, messageText, openGame, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';
import { dealsFrom } from './seed.js';
import { HOLDINGS_GIVEN, publicLines, rebuild } from './holdings-reader.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Opens a lobby in `channelId`, seats `players` users, and starts; returns the game and its lobby message. */
async function playToTheEnd(h: Harness, table: Table, gameId: string): Promise<StoredGame> {
  for (let decisions = 0; await table.playDecision(); decisions++) {
    if (decisions > 1500) throw new Error('the game did not end');
  }
  return finishedGame(h, gameId);
}

/** The game, checked to be finished, and whole. */
async function finishedGame(h: Harness, gameId: string): Promise<StoredGame> {
  await h.bot.context.locks.idle();
  const game = await getGame(h.database.prisma, gameId);
  expect(game?.status).toBe('finished');
  // A whole game: every seat placed tiles over many turns. The simulated players declare the end
  // as soon as it is offered, so the rules may offer it early (every chain on the board safe):
  // then it must indeed have been declarable.
  const state = game!.state!;
  expect(state.turn).toBeGreaterThan(10);
  if (state.result?.reason === 'declared') {
    const onBoard = state.chains.filter((chain) => chain.headquarters !== null);
    expect(onBoard.length > 0 && (onBoard.every((chain) => chain.size >= 11) || onBoard.some((chain) => chain.size >= 41))).toBe(true);
  } else {
    expect(state.turn).toBeGreaterThan(30);
  }
  return game!;
}

const GAME_TIMEOUT_MS = 240_000;

const TILE_NAME = new RegExp(`\\b(${ALL_TILES.join('|')})\\b`);

const isTableMessage = (message: StoredMessage): boolean =>
  /^### Turn \d+/m.test(messageText(message)) && message.attachments.some((attachment) => attachment.filename === 'board.png');
const isFinalMessage = (message: StoredMessage): boolean => messageText(message).includes('### Game over');
const isMention = (message: StoredMessage): boolean => message.attachments.length === 0 && message.content.includes('Use the buttons of the table message');

/**
 * Checks every message the bot sent during a game for what players are entitled to see.
 * `restartedInTurn`: the turn (as the table numbers it) in which the bot was restarted, if it was.
 */
function checkMessages(h: Harness, game: StoredGame, table: Table, where: string, restartedInTurn?: number): void {
  const messages = h.double.channelMessages(where);
  const tableMessages = messages.filter(isTableMessage);
  // One table message a turn, every turn of the game, in order. The one exception: the turn in
  // which the bot restarted may show in two messages, one after the other. A process with no
  // record of a turn's message (the new one) closes it and posts the turn again at the next
  // move (src/bot/table/publish.ts, `closeTurn` and `postTurn`).
  const turnsShown = tableMessages.map((message) => Number(/^### Turn (\d+)/m.exec(messageText(message))?.[1]));
  const once = turnsShown.filter((turn, index) => !(turn === restartedInTurn && turnsShown[index - 1] === turn));
  expect(once).toEqual(once.map((_, index) => index + 1));
  expect(once.length).toBeGreaterThanOrEqual(game.state!.turn);
  for (const message of tableMessages) {
    const board = message.attachments.find((attachment) => attachment.filename === 'board.png');
    expect(board!.data.subarray(1, 4).toString('latin1'), 'every table message carries the board picture').toBe('PNG');
  }
  // Tiles in hands only ever show in ephemeral panels answering that player.
  for (const { userId, message } of table.panels) {
    expect(message.ephemeral).toBe(true);
    expect(message.visibleTo).toBe(userId);
  }
  const tileButtonMessages = [...messages, ...table.panels.map((panel) => panel.message)].filter((message) =>
    buttonsOf(message).some((button) => button.kind === 'tile'),
  );
  for (const message of tileButtonMessages) expect(message.ephemeral, 'tile buttons are only in private panels').toBe(true);
  // No public message names a tile that was still in a hand when it was sent: every tile a
  // public message names is on the board or set aside face up in the final state.
  const faceUp = new Set([...ALL_TILES.filter((_, index) => game.state!.board[index] !== null), ...game.state!.discarded]);
  for (const message of [...messages, ...h.double.channelMessages(h.guild.channelId)]) {
    const text = [messageText(message), ...message.embeds.map((embed) => JSON.stringify(embed))].join(' ');
    for (const match of text.matchAll(new RegExp(TILE_NAME, 'g'))) expect(faceUp.has(match[0]), `public message names ${match[0]}`).toBe(true);
  }
  // No log line names a tile at all.
  for (const line of h.logLines) expect(JSON.stringify(line)).not.toMatch(TILE_NAME);
}

async function checkFinalStandings(h: Harness, game: StoredGame, where: string): Promise<void> {
  await h.bot.context.locks.idle();
  const log = await getActionLog(h.database.prisma, game.id);
  const replayed = replay(
    setupOf(game),
    log.map((entry) => entry.action),
  );
  expect(replayed).toEqual(game.state);
  const final = h.double
    .channelMessages(where)
    .filter((message) => !message.ephemeral)
    .at(-1)!;
  expect(messageText(final)).toContain('Game over');
  expect(final.attachments.map((attachment) => attachment.filename)).toEqual(['board.png', 'networth.png', 'summary.gif']);
  for (const standing of replayed.result!.standings) {
    expect(messageText(final)).toContain(`**${standing.name}** $${standing.cash.toLocaleString('en-US')}`);
    const seat = game.seats.find((candidate) => candidate.userId === standing.playerId)!;
    expect(seat.finalCash).toBe(standing.cash);
    expect(seat.finalPlace).toBe(standing.place);
  }
  // Only a rematch is left to click.
  expect(buttonsOf(final).map((button) => button.kind)).toEqual(['rematch']);
}

/** Every state of a finished game, from its setup, with the events that led to it. */
async function history(h: Harness, game: StoredGame): Promise<{ states: GameState[]; founded: number; merged: number }> {
  let state = createGame(setupOf(game));
  const states = [state];
  let founded = 0;
  let merged = 0;
  for (const { action } of await getActionLog(h.database.prisma, game.id)) {
    const result = apply(state, action);
    if (!result.ok) throw new Error(result.message);
    founded += result.events.filter((event) => event.type === 'chainFounded').length;
    merged += result.events.filter((event) => event.type === 'chainDefunct').length;
    state = result.state;
    states.push(state);
  }
  return { states, founded, merged };
}

interface TableCounts {
  turns: number;
  moves: number;
  messages: number;
  tableMessages: number;
  mentions: number;
  images: number;
  pings: number;
  globalRequests: number;
}

/**
 * Counts one game's table the way its readers feel it, and checks the table's promises: one
 * message per turn, a short text mention for a decider who is not the player in turn, the final
 * message, nothing else; the board uploaded when a turn starts and again only when chains
 * changed; nobody pinged twice in a row; the channel keeps one message (the summary).
 */
async function countTable(h: Harness, game: StoredGame, where: string, firstCall: number): Promise<TableCounts> {
  await h.bot.context.locks.idle();
  const finished = (await getGame(h.database.prisma, game.id))!;
  const { states, founded, merged } = await history(h, finished);
  const messages = h.double.channelMessages(where);
  const activity = h.double.channelActivity(where);
  const tableMessages = messages.filter(isTableMessage);
  const mentions = messages.filter(isMention);
  expect(messages.filter(isFinalMessage)).toHaveLength(1);
  expect(activity.messagesPosted, 'every message is a turn, a mention or the result').toBe(tableMessages.length + mentions.length + 1);
  // One message per turn: as many as the turns played, each turn's title once.
  const turnsPlayed = new Set(states.filter((state) => !state.result).map((state) => state.turn)).size;
  expect(tableMessages).toHaveLength(turnsPlayed);
  expect(new Set(tableMessages.map((message) => /### Turn (\d+)/.exec(messageText(message))![1])).size).toBe(turnsPlayed);
  // The board: once per turn, again only when a chain was founded or acquired, and three
  // pictures at the end (the board, the net-worth chart, the board turn by turn).
  expect(activity.imagesUploaded).toBeGreaterThanOrEqual(turnsPlayed + 3);
  expect(activity.imagesUploaded).toBeLessThanOrEqual(turnsPlayed + founded + merged + 3);
  for (const mention of mentions) expect(mention.pinged, 'a mention pings one person').toHaveLength(1);
  // Pings: never the same person twice in a row, only players, and each turn's player hears of it.
  const seated = new Set(finished.seats.map((seat) => seat.userId));
  for (const [index, ping] of activity.pings.entries()) {
    expect(seated.has(ping.userId)).toBe(true);
    if (index > 0) expect(ping.userId, `ping ${index} repeats the one before`).not.toBe(activity.pings[index - 1]!.userId);
  }
  expect(activity.pings.length).toBeGreaterThanOrEqual(Math.floor(turnsPlayed * 0.8));
  // The channel: the lobby, kept as the game's summary, pinging no one.
  const channel = h.double.channelActivity(h.guild.channelId);
  if (where !== h.guild.channelId) {
    expect(channel.pings).toEqual([]);
    const summary = h.double.message(finished.summaryMessageId!)!;
    expect(summary.embeds[0]!.title).toBe('Acquire: game over');
    expect(summary.embeds[0]!.fields!.find((field) => field.name === 'Result')!.value).toContain(
      `$${finished.state!.result!.standings[0]!.cash.toLocaleString('en-US')}`,
    );
  }
  const globalRequests = h.double.calls.slice(firstCall).filter((call) => call.countsGlobally).length;
  return {
    turns: turnsPlayed,
    moves: finished.state!.stateId,
    messages: activity.messagesPosted,
    tableMessages: tableMessages.length,
    mentions: mentions.length,
    images: activity.imagesUploaded,
    pings: activity.pings.length,
    globalRequests,
  };
}

function report(name: string, counts: TableCounts): void {
  console.log(`table counts, ${name}: ${JSON.stringify({ ...counts, globalRequestsPerMove: +(counts.globalRequests / counts.moves).toFixed(2) })}`);
}

describe('whole games through Discord, each in a thread', () => {
  it(
    'the channel’s summary follows the turns at most once a window, shows the newest turn, and is brought up to date when the bot stops',
    async () => {
      // Long enough that a turn (a few clicks) fits in it on a busy CI machine.
      const windowMs = 5_000;
      const h = await startHarness({ users: 2, summaryEditMs: windowMs, gameSeed: dealsFrom(7) });
      harness = h;
      const { game, lobby } = await openGame(h, 2);
      const summaryEdits = () =>
        h.double.calls.filter((call) => call.method === 'PATCH' && call.path === `/channels/${h.guild.channelId}/messages/${lobby.id}`).length;
      const nowField = () => h.double.message(lobby.id)!.embeds[0]!.fields!.find((field) => field.name === 'Now')!.value;
      const shows = (state: GameState) => `Turn ${state.turn + 1}: <@${state.players[state.currentPlayer]!.id}>`;
      const table = new Table(h, 7, game.threadId!);
      /** Plays until the turn passes `turn`; the game as it then stands. */
      const playPast = async (turn: number): Promise<StoredGame> => {
        for (;;) {
          expect(await table.playDecision()).toBe(true);
          await h.bot.context.locks.idle();
          const now = (await getGame(h.database.prisma, game.id))!;
          if (now.state!.turn > turn) return now;
        }
      };
      const started = Date.now();
      let current = game;
      while (current.state!.turn < game.state!.turn + 6) current = await playPast(current.state!.turn);
      const elapsed = Date.now() - started;
      // Six turns, edited at most once a window: the first at once, then one at each window's end.
      expect(summaryEdits()).toBeLessThanOrEqual(2 + Math.floor(elapsed / windowMs));
      expect(summaryEdits()).toBeLessThan(6);
      // The window's end shows the newest turn.
      await h.double.waitFor(() => nowField().startsWith(shows(current.state!)), {
        timeoutMs: 3 * windowMs,
        description: 'the summary showing the newest turn',
      });
      // The next turn, within the window that edit opened, waits; the bot stopping sends it.
      const editsBefore = summaryEdits();
      const last = await playPast(current.state!.turn);
      expect(summaryEdits()).toBe(editsBefore);
      await h.bot.stop();
      expect(summaryEdits()).toBe(editsBefore + 1);
      expect(nowField()).toContain(shows(last.state!));
      await h.restart();
    },
    GAME_TIMEOUT_MS,
  );

  it(
    'three players in a tycoon game with trades on, with the bot restarted mid-game',
    async () => {
      harness = await startHarness({ users: 3, gameSeed: dealsFrom(23) });
      const { game } = await openGame(harness, 3, { bonus: 'tycoon', trades: true });
      const table = new Table(harness, 23, game.threadId!);
      for (let decisions = 0; decisions < 40; decisions++) expect(await table.playDecision()).toBe(true);
      await harness.bot.context.locks.idle();
      const posted = harness.double.channelActivity(game.threadId!).messagesPosted;
      // A bot that stops writes down what its tables show.
      await harness.bot.stop();
      const before = await getGame(harness.database.prisma, game.id);
      expect(before!.publicStateId).toBe(before!.state!.stateId);
      await harness.restart();
      // The new process carries on from the same table message and the same state: it brings the
      // message up to date in place rather than posting another.
      expect((await getGame(harness.database.prisma, game.id))!.state!.stateId).toBe(before!.state!.stateId);
      expect(harness.double.channelActivity(game.threadId!).messagesPosted).toBe(posted);
      expect(latestPublicWithButtons(harness, game.threadId!)?.id).toBe(before!.publicMessageId);
      const finished = await playToTheEnd(harness, table, game.id);
      expect(finished.state!.stateId).toBeGreaterThan(before!.state!.stateId);
      const actions = (await getActionLog(harness.database.prisma, game.id)).map((entry) => entry.action.type);
      expect(actions).toContain('offerTrade');
      expect(actions).toContain('answerTrade');
      // Trade offers give their terms in an open game.
      expect(harness.double.channelMessages(game.threadId!).map(messageText).join('\n')).toMatch(/offered \*\*[^*]+\*\* \$100 for nothing/);
      checkMessages(harness, finished, table, game.threadId!, before!.state!.turn + 1);
      await checkFinalStandings(harness, finished, game.threadId!);
    },
    GAME_TIMEOUT_MS,
  );

  it(
    'six players with hidden holdings: no public message shows anyone’s cash or shares',
    async () => {
      harness = await startHarness({ users: 6, gameSeed: dealsFrom(5) });
      const firstCall = harness.double.calls.length;
      const { game } = await openGame(harness, 6, { holdings: 'hidden' });
      const table = new Table(harness, 5, game.threadId!);
      const finished = await playToTheEnd(harness, table, game.id);
      checkMessages(harness, finished, table, game.threadId!);
      await checkFinalStandings(harness, finished, game.threadId!);
      const counts = await countTable(harness, finished, game.threadId!, firstCall);
      expect(counts.globalRequests).toBeLessThanOrEqual(counts.moves);
      // A merger's holders are neither named nor pinged while holdings are hidden (it would tell who holds the chain).
      expect(counts.mentions).toBe(0);
      report('6 players, hidden holdings', counts);
      // Before the end: every message but the last turn's (closed once holdings are revealed) and the result.
      const messages = harness.double.channelMessages(game.threadId!);
      const lastTurn = messages.filter(isTableMessage).at(-1)!;
      const publicBeforeTheEnd = messages.filter((message) => message !== lastTurn && !isFinalMessage(message));
      for (const message of publicBeforeTheEnd) {
        // Bonuses are paid in public; nobody's cash or shares are shown.
        for (const line of messageText(message)
          .split('\n')
          .filter((text) => !/^(Final bonuses|Bonuses) for/.test(text)))
          expect(line).not.toMatch(/\$\d/);
      }
      // The reader that rebuilds an open game's holdings from its thread (the two-games test) fails
      // here for every player, and no line gives a bank's count of a chain or a player's cash.
      const lines = publicLines(publicBeforeTheEnd);
      const rebuilt = rebuild(
        lines,
        finished.state!.players.map((player) => player.name),
      );
      finished.state!.players.forEach((player, seat) => expect(rebuilt[seat], `${player.name}'s shares rebuilt from public lines`).not.toEqual(player.shares));
      expect(lines.filter((line) => HOLDINGS_GIVEN.test(line))).toEqual([]);
    },
    GAME_TIMEOUT_MS,
  );

  it(
    'two games of two players in one channel at once, each in its lobby’s thread, from /acquire start to the results',
    async () => {
      harness = await startHarness({ users: 4, gameSeed: dealsFrom(1) });
      const firstCall = harness.double.calls.length;
      const [a, b, c, d] = harness.guild.users as [
        (typeof harness.guild.users)[0],
        (typeof harness.guild.users)[0],
        (typeof harness.guild.users)[0],
        (typeof harness.guild.users)[0],
      ];
      const first = await openGame(harness, 2, {}, [a, b]);
      expect(first.game.threadId).toBe(first.lobby.id);
      expect(harness.double.threads(harness.guild.channelId).map((thread) => thread.name)).toEqual(['Acquire: player1 vs player2']);
      // The channel is free for the next lobby as soon as the first game moved into its thread.
      const second = await openGame(harness, 2, {}, [c, d]);
      expect(second.game.threadId).toBe(second.lobby.id);
      expect(
        harness.double
          .threads(harness.guild.channelId)
          .map((thread) => thread.id)
          .sort(),
      ).toEqual([first.lobby.id, second.lobby.id].sort());
      const tables = [new Table(harness, 21, first.game.threadId!), new Table(harness, 42, second.game.threadId!)];
      // The first game's thread as it reads after each of its decisions, and the shares then.
      const snapshots: { lines: string[]; shares: number[][] }[] = [];
      let names: string[] = [];
      // Interleaved: a decision in one game, then in the other.
      let playing = [true, true];
      for (let round = 0; playing.some(Boolean) && round < 3000; round++) {
        playing = await Promise.all(tables.map((table, index) => (playing[index] ? table.playDecision() : Promise.resolve(false))));
        const now = (await getGame(harness.database.prisma, first.game.id))!;
        if (!playing[0] || now.status !== 'active') continue;
        names = now.state.players.map((player) => player.name);
        snapshots.push({
          lines: publicLines(harness.double.channelMessages(first.game.threadId!)),
          shares: now.state.players.map((player) => player.shares.slice()),
        });
      }
      // An open game's holdings can be rebuilt from its thread alone, move after move (the same
      // reader fails in a hidden game: the six-player test).
      expect(snapshots.length).toBeGreaterThan(30);
      for (const snapshot of snapshots) expect(rebuild(snapshot.lines, names)).toEqual(snapshot.shares);
      const counts: TableCounts[] = [];
      for (const [index, { game }] of [first, second].entries()) {
        const finished = await finishedGame(harness, game.id);
        // Each thread holds only its own game's messages.
        const seated = new Set(finished.seats.map((seat) => seat.userId));
        for (const ping of harness.double.channelActivity(game.threadId!).pings) expect(seated.has(ping.userId)).toBe(true);
        checkMessages(harness, finished, tables[index]!, game.threadId!);
        await checkFinalStandings(harness, finished, game.threadId!);
        counts.push(await countTable(harness, finished, game.threadId!, firstCall));
      }
      // Both games' requests since the harness started (countTable counts them all).
      const both = {
        ...counts[0]!,
        ...Object.fromEntries(
          (['turns', 'moves', 'messages', 'tableMessages', 'mentions', 'images', 'pings'] as const).map((key) => [key, counts[0]![key] + counts[1]![key]]),
        ),
      };
      report('2 players, two games at once', both);
      // At most one request per move counted against Discord's global limit.
      expect(both.globalRequests).toBeLessThanOrEqual(both.moves);
      // The channel: the two summaries, nothing else.
      expect(harness.double.channelActivity(harness.guild.channelId).messagesPosted).toBe(2);
      expect(await findLiveGame(harness.database.prisma, harness.guild.channelId)).toBeNull();
      // Moves are logged at debug (the harness logs everything): a bot at the default level, info,
      // writes a few lines a game (started, ...), not one a move.
      const moveLines = harness.logLines.filter((line) => line.msg === 'move applied');
      expect(moveLines.length).toBeGreaterThan(60);
      expect(new Set(moveLines.map((line) => line.level))).toEqual(new Set(['debug']));
      expect(harness.logLines.filter((line) => line.level === 'info').length).toBeLessThan(2 * 5);
    },
    GAME_TIMEOUT_MS * 2,
  );

  it(
    'without the permission to open threads, the game plays in the channel and says once how to allow threads',
    async () => {
      harness = await startHarness({ users: 2, gameSeed: dealsFrom(13) });
      harness.double.revokeBotPermissions(harness.guild.id, PermissionFlagsBits.CreatePublicThreads);
      const { game } = await openGame(harness, 2);
      expect(game.threadId).toBeNull();
      expect(harness.double.threads(harness.guild.channelId)).toEqual([]);
      const table = new Table(harness, 13, harness.guild.channelId);
      const finished = await playToTheEnd(harness, table, game.id);
      const texts = harness.double.channelMessages(harness.guild.channelId).map(messageText);
      expect(texts.filter((text) => text.includes('Create Public Threads'))).toHaveLength(1);
      checkMessages(harness, finished, table, harness.guild.channelId);
      await checkFinalStandings(harness, finished, harness.guild.channelId);
      // Every refused request would have shown here: none was made without the permission.
      expect(harness.double.calls.filter((call) => call.status >= 400).map((call) => `${call.method} ${call.path}`)).toEqual([]);
    },
    GAME_TIMEOUT_MS,
  );
});

describe('bad clicks change nothing', () => {
  it('refuses stale, foreign and forged clicks with an ephemeral message', async () => {
    harness = await startHarness({ users: 3, gameSeed: dealsFrom(3) });
    const { game } = await openGame(harness, 3);
    const table = new Table(harness, 3, game.threadId!);
    const firstTurn = table.current()!;
    const staleOpener = buttonsOf(firstTurn.message).find((button) => button.kind === 'hand')!;
    for (let decisions = 0; decisions < 6; decisions++) await table.playDecision();
    const { message, userId } = table.current()!;
    await harness.bot.context.locks.idle();
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
    for (const forged of [
      'hello',
      'acq:tile',
      `acq:tile:${game.id}:${stateId}:13Z`,
      `acq:found:${game.id}:${stateId}:9`,
      `acq:buyOk:${game.id}:${stateId}:0000`,
      `acq:nuke:${game.id}:${stateId}:`,
      `acq:tile:not-a-game:${stateId}:1A`,
      'x'.repeat(100),
    ]) {
      await tryClick(forged, decider);
    }
    // A trade form in a game without trades.
    await tryClick(`acq:offer:${game.id}:${stateId}:${(game.seats.findIndex((seat) => seat.userId === userId) + 1) % 3}`, decider);
    // The decider placing a tile they do not hold.
    const hand = (await getGame(harness.database.prisma, game.id))!.state!.players.find((player) => player.id === userId)!.hand;
    const notHeld = ALL_TILES.find((tile) => !hand.includes(tile))!;
    await tryClick(`acq:tile:${game.id}:${stateId}:${notHeld}`, decider);
    // A rematch before the end.
    await tryClick(`acq:rematch:${game.id}:${stateId}:`, decider);

    for (const [customId, answer] of attempts) {
      expect(answer, `an answer to ${customId}`).not.toBeNull();
      expect(answer!.ephemeral, `the answer to ${customId} is ephemeral`).toBe(true);
      expect(answer!.content?.length ?? 0).toBeGreaterThan(10);
    }
    expect((await getGame(harness.database.prisma, game.id))!.state!.stateId).toBe(version);
    // The game still goes on normally afterwards.
    expect(await table.playDecision()).toBe(true);
    expect((await getGame(harness.database.prisma, game.id))!.state!.stateId).toBeGreaterThan(version);
    expect(latestPublicWithButtons(harness, game.threadId!)).toBeDefined();
  });
});
