/**
 * The table's public messages as pure functions of the spectator's view: the per-turn message
 * (Components V2, within Discord's limits, nothing private), the ping rule, when the board is
 * drawn again, the thread name, the channel's summary and the short texts. Whole random games
 * through the engine give every kind of moment (mergers, trade offers, the end).
 */
import { ComponentType, MessageFlags } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ALL_TILES, currentDecision, decidingSeat, viewFor, type GameEvent, type GameOptions, type GameState } from '../../../src/engine/index.js';
import { say } from '../../../src/i18n/index.js';
import { tableUi } from '../../../src/bot/features/index.js';
import { describeEvents } from '../../../src/bot/text.js';
import { allComponents, v2Size, withoutButtons, type Outgoing } from '../../../src/bot/table/payload.js';
import { fitLines, turnMessage } from '../../../src/bot/table/turn-message.js';
import { finalMessage } from '../../../src/bot/table/final-message.js';
import { pingFor } from '../../../src/bot/table/pings.js';
import { needsNewPicture, pictureKey } from '../../../src/bot/table/picture.js';
import { threadName } from '../../../src/bot/table/names.js';
import { summaryMessage, summaryViewOf } from '../../../src/bot/table/summary.js';
import { directMessagesClosed, mentionMessage, reminderText, waitingFor } from '../../../src/bot/table/notices.js';
import { messageUrl } from '../../../src/bot/refusals.js';
import type { ActiveGame } from '../../../src/store/index.js';
import { playRandomGame } from '../../engine/playout.js';

interface Moment {
  before: GameState;
  state: GameState;
  events: GameEvent[];
}

function momentsOf(seed: number, players: number, options: Partial<GameOptions> = {}): Moment[] {
  const moments: Moment[] = [];
  let before: GameState | null = null;
  const game = playRandomGame(seed, players, options, (state, events) => {
    moments.push({ before: before ?? state, state, events: [...events] });
    before = state;
  });
  expect(game.final.result).not.toBeNull();
  return moments;
}

function activeGame(state: GameState): ActiveGame {
  const seats = state.players.map((player, seatIndex) => ({ seatIndex, userId: player.id, displayName: player.name, finalCash: null, finalPlace: null }));
  return {
    id: 'game-1',
    guildId: 'g',
    channelId: 'c',
    threadId: null,
    summaryMessageId: null,
    options: state.options,
    createdBy: state.players[0]!.id,
    turnLimitSeconds: 0,
    publicMessageId: null,
    publicStateId: null,
    deadlineAt: null,
    reminderAt: null,
    clock: { missedInARow: seats.map(() => 0), autopilot: [] },
    createdAt: new Date(),
    updatedAt: new Date(),
    seats,
    status: 'active',
    seed: 1,
    state,
    language: 'en',
  } as unknown as ActiveGame;
}

function texts(message: Outgoing): string {
  return [...allComponents(message.body.components)]
    .filter((node) => node.type === ComponentType.TextDisplay)
    .map((node) => node.content ?? '')
    .join('\n');
}

/** Plays a game's moments into turn messages the way the bot announces them, checking each. */
function checkTurnMessages(moments: Moment[], hidden: boolean): { checked: number } {
  let lines: string[] = [];
  let turn = -1;
  let checked = 0;
  for (const { state, events } of moments) {
    if (state.result) break;
    const view = viewFor(state, null);
    if (view.turn !== turn) {
      lines = [];
      turn = view.turn;
    } else {
      lines.push(...describeEvents(events, view, 'en'));
    }
    const decision = currentDecision(state);
    const decider = decision.kind === 'gameOver' ? null : state.players[decision.seat]!.id;
    const message = turnMessage({
      view,
      decision,
      lines,
      buttons: tableUi.tableButtons(activeGame(state)),
      picture: Buffer.from('png'),
      ping: decider,
      locale: 'en',
    });
    const size = v2Size(message.body.components);
    expect(size.components).toBeLessThanOrEqual(40);
    expect(size.text).toBeLessThanOrEqual(4000);
    expect(message.body.flags! & MessageFlags.IsComponentsV2).toBe(MessageFlags.IsComponentsV2);
    expect(message.body.content).toBeUndefined();
    expect(message.body.embeds).toBeUndefined();
    expect(message.body.allowed_mentions.users).toEqual([decider]);
    expect(message.files.map((file) => file.name)).toEqual(['board.png']);
    expect(message.body.attachments).toEqual([{ id: 0, filename: 'board.png' }]);
    const text = texts(message);
    // Whose decision it is (a merger's holder is not named while holdings are hidden), and the turn's title.
    if (hidden && decision.kind === 'disposeShares') expect(text).not.toContain(`<@${decider}>`);
    else expect(text).toContain(`<@${decider}>`);
    expect(text).toContain(`### Turn ${state.turn + 1}`);
    // The picture shows the chains: the text does not repeat their table.
    expect(text).not.toMatch(/Sz\s+Price|Chains \(size/);
    // Nothing private: every tile named is face up, and hidden holdings stay hidden.
    const faceUp = new Set([...ALL_TILES.filter((_, index) => state.board[index] !== null), ...state.discarded]);
    for (const match of text.matchAll(new RegExp(`\\b(${ALL_TILES.join('|')})\\b`, 'g'))) expect(faceUp.has(match[0]), `names ${match[0]}`).toBe(true);
    // Bonuses are paid in public; anyone's cash and shares are not.
    if (hidden) for (const line of text.split('\n').filter((candidate) => !/^(Final bonuses|Bonuses) for/.test(candidate))) expect(line).not.toMatch(/\$\d/);
    // Every button is inside the container, in rows of at most five.
    const rows = [...allComponents(message.body.components)].filter((node) => node.type === ComponentType.ActionRow);
    for (const row of rows) expect((row.components ?? []).length).toBeLessThanOrEqual(5);
    checked++;
  }
  return { checked };
}

describe('the turn message', () => {
  it('fits Discord’s Components V2 limits at every moment of six-player games, names whose decision it is and shows nothing private', () => {
    for (const seed of [1, 2, 3]) expect(checkTurnMessages(momentsOf(seed, 6, { trades: true }), false).checked).toBeGreaterThan(100);
    for (const seed of [4, 5]) checkTurnMessages(momentsOf(seed, 6, { holdings: 'hidden', trades: true }), true);
  });

  it('keeps the latest lines of a very long turn, marking the ones left out', () => {
    const lines = Array.from({ length: 300 }, (_, index) => `Line ${index} of a long merger with many holders.`);
    const fitted = fitLines(lines, 1000);
    expect(fitted.length).toBeLessThanOrEqual(1000);
    expect(fitted.startsWith('…\n')).toBe(true);
    expect(fitted.endsWith('Line 299 of a long merger with many holders.')).toBe(true);
    expect(fitLines(['a', 'b'], 1000)).toBe('a\nb');
  });

  it('keeps its picture when none is given (an edit that does not draw the board again)', () => {
    const { state } = momentsOf(7, 3)[0]!;
    const message = turnMessage({
      view: viewFor(state, null),
      decision: currentDecision(state),
      lines: [],
      buttons: [],
      picture: null,
      ping: null,
      locale: 'en',
    });
    expect(message.files).toEqual([]);
    expect(message.body.attachments).toBeUndefined();
    expect(message.body.allowed_mentions).toEqual({ parse: [], users: [] });
  });

  it('loses only its buttons when the turn is over', () => {
    const { state } = momentsOf(8, 2)[0]!;
    const message = turnMessage({
      view: viewFor(state, null),
      decision: currentDecision(state),
      lines: ['**Ann** placed **5D**.'],
      buttons: tableUi.tableButtons(activeGame(state)),
      picture: null,
      ping: null,
      locale: 'en',
    });
    const stripped = withoutButtons(message.body.components);
    expect([...allComponents(stripped)].some((node) => node.type === ComponentType.ActionRow || node.type === ComponentType.Button)).toBe(false);
    expect([...allComponents(stripped)].filter((node) => node.type === ComponentType.TextDisplay).map((node) => node.content)).toEqual(
      [...allComponents(message.body.components)].filter((node) => node.type === ComponentType.TextDisplay).map((node) => node.content),
    );
  });
});

describe('the final message', () => {
  it('names the winner without pinging, shows the board and the chart, and offers a rematch', () => {
    const moments = momentsOf(9, 4);
    const final = moments.at(-1)!.state;
    const view = viewFor(final, null);
    const message = finalMessage(view, { board: Buffer.from('a'), chart: Buffer.from('b') }, [], 'en');
    expect(message.body.allowed_mentions.users).toEqual([]);
    expect(message.files.map((file) => file.name)).toEqual(['board.png', 'networth.png']);
    const text = texts(message);
    const winner = final.result!.standings.find((standing) => standing.place === 1)!;
    expect(text).toContain(`<@${winner.playerId}>`);
    for (const standing of final.result!.standings) expect(text).toContain(`$${standing.cash.toLocaleString('en-US')}`);
  });
});

describe('pings', () => {
  it('ping the new decider only when the decision moves to a different person, never the same person twice in a row', () => {
    for (const [seed, players] of [
      [11, 2],
      [12, 6],
      [13, 4],
    ] as const) {
      const moments = momentsOf(seed, players, { trades: true });
      const pinged: string[] = [];
      let lastPinged: string | null = null;
      let mentions = 0;
      const first = moments[0]!.before;
      const firstDecider = first.players[decidingSeat(first)!]!.id;
      pinged.push(firstDecider);
      lastPinged = firstDecider;
      for (const { before, state } of moments) {
        const seat = decidingSeat(state);
        const decider = seat === null ? null : state.players[seat]!.id;
        const previous = before.players[decidingSeat(before) ?? -1]?.id ?? null;
        const turnPlayer = state.players[state.currentPlayer]!.id;
        const ping = pingFor({ decider, previousDecider: previous, turnPlayer, newTurn: state.turn !== before.turn, lastPinged, silent: false });
        if (state.turn !== before.turn && decider !== null && decider !== lastPinged) expect(ping).toEqual({ userId: decider, by: 'table' });
        if (state.turn === before.turn && decider !== null && decider !== previous && decider !== lastPinged && decider !== turnPlayer)
          expect(ping).toEqual({ userId: decider, by: 'mention' });
        // The player in turn is not pinged again within their turn.
        if (state.turn === before.turn && decider === turnPlayer) expect(ping).toBeNull();
        if (decider === previous && state.turn === before.turn) expect(ping).toBeNull();
        if (ping) {
          pinged.push(ping.userId);
          lastPinged = ping.userId;
          if (ping.by === 'mention') mentions++;
        }
      }
      for (let index = 1; index < pinged.length; index++) expect(pinged[index], `ping ${index}`).not.toBe(pinged[index - 1]);
      // Each turn's player hears of their turn (unless they were the last one pinged).
      expect(pinged.length).toBeGreaterThan(moments.at(-1)!.state.turn * 0.8);
      if (players > 2) expect(mentions, 'holders and trade recipients are mentioned').toBeGreaterThan(0);
    }
  });

  it('do not ping a seat on autopilot, nor anyone once the game is over', () => {
    expect(pingFor({ decider: 'a', previousDecider: 'b', turnPlayer: 'a', newTurn: true, lastPinged: 'b', silent: true })).toBeNull();
    expect(pingFor({ decider: null, previousDecider: 'b', turnPlayer: null, newTurn: true, lastPinged: 'b', silent: false })).toBeNull();
    expect(pingFor({ decider: 'a', previousDecider: null, turnPlayer: 'a', newTurn: true, lastPinged: null, silent: false })).toEqual({
      userId: 'a',
      by: 'table',
    });
  });
});

describe('the board picture', () => {
  it('is drawn when a turn starts and again only when a chain is founded or acquired', () => {
    for (const seed of [21, 22]) {
      const moments = momentsOf(seed, 4);
      let shown: string | null = null;
      let turn = -1;
      let uploads = 0;
      let founded = 0;
      let mergers = 0;
      for (const { state, events } of moments) {
        const view = viewFor(state, null);
        founded += events.filter((event) => event.type === 'chainFounded').length;
        mergers += events.filter((event) => event.type === 'chainDefunct').length;
        const newTurn = view.turn !== turn;
        turn = view.turn;
        if (newTurn || needsNewPicture(shown, view)) {
          uploads++;
          shown = pictureKey(view);
        }
        // A plain placement keeps the picture; a founding redraws it.
        if (!newTurn && events.some((event) => event.type === 'chainFounded')) expect(shown).toBe(pictureKey(view));
      }
      const turns = moments.at(-1)!.state.turn;
      expect(uploads).toBeGreaterThanOrEqual(turns);
      expect(uploads).toBeLessThanOrEqual(turns + 1 + founded + mergers);
    }
  });
});

describe('names and short texts', () => {
  it('names a thread after its players, within 100 characters', () => {
    expect(threadName(['Ann', 'Bob'], 'en')).toBe('Acquire: Ann vs Bob');
    expect(threadName(['Ann', 'Bob', 'Cy'], 'en')).toBe('Acquire: Ann, Bob and Cy');
    const long = threadName(
      Array.from({ length: 6 }, (_, index) => `A very long display name number ${index}`),
      'en',
    );
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.endsWith('…')).toBe(true);
    expect(threadName(['line\nbreak', '  '], 'en')).toBe('Acquire: line break vs someone');
  });

  it('sums a game up in its channel: players, whose turn, and at the end the result', () => {
    const moments = momentsOf(31, 3);
    const state = moments[5]!.state;
    const game = {
      status: 'active' as const,
      seats: state.players.map((player) => ({
        userId: player.id,
        displayName: player.name,
      })),
      options: {},
      turnLimitSeconds: 0,
      hints: false,
      createdBy: 'p0',
      threadId: '123',
      language: 'en' as const,
    };
    const live = summaryMessage(game, viewFor(state, null)).body.embeds![0]!;
    expect(live.description).toContain('<#123>');
    expect(live.fields!.find((field) => field.name === 'Now')!.value).toContain(`<@${state.players[state.currentPlayer]!.id}>`);
    const final = moments.at(-1)!.state;
    const over = summaryMessage({ ...game, status: 'finished' }, viewFor(final, null)).body.embeds![0]!;
    expect(over.title).toBe('Acquire: game over');
    expect(over.fields!.find((field) => field.name === 'Result')!.value).toContain(`$${final.result!.standings[0]!.cash.toLocaleString('en-US')}`);
    expect(over.fields!.some((field) => field.name === 'Now')).toBe(false);
    // What an edit waiting for its window keeps of the view says the same.
    expect(summaryMessage(game, summaryViewOf(viewFor(state, null)))).toEqual(summaryMessage(game, viewFor(state, null)));
    expect(summaryMessage({ ...game, status: 'finished' }, summaryViewOf(viewFor(final, null)))).toEqual(
      summaryMessage({ ...game, status: 'finished' }, viewFor(final, null)),
    );
  });

  it('mentions a holder in one short text without a picture, and words reminders', () => {
    const moment = momentsOf(41, 5).find(({ state }) => currentDecision(state).kind === 'disposeShares')!;
    const decision = currentDecision(moment.state);
    // The link as the bot writes it (`messageUrl`), so that no test names Discord's own host.
    const tableLink = messageUrl({ guildId: '1', channelId: '2', status: 'active', threadId: null }, '3');
    const message = mentionMessage(viewFor(moment.state, null), decision, tableLink, 'en');
    const holder = moment.state.players[(decision as { seat: number }).seat]!.id;
    expect(message.body.content).toContain(`<@${holder}>`);
    expect(message.body.content).toContain(tableLink);
    expect(message.body.allowed_mentions.users).toEqual([holder]);
    expect(message.files).toEqual([]);
    expect(
      reminderText(
        {
          guildName: 'Club',
          waitingFor: waitingFor(decision, 'en'),
          link: 'L',
        },
        'en',
      ),
    ).toMatch(/Club.*sell, trade or keep/s);
    expect(directMessagesClosed('42', 'en')).toMatch(/<@42>.*direct message/);
  });
});

describe('display names', () => {
  it('are shown, not applied as markdown, in the table, prompts, waiting lines and refusals', async () => {
    const { createGame, apply } = await import('../../../src/engine/index.js');
    const { waitingLine } = await import('../../../src/bot/text.js');
    const { rejectionSentence } = await import('../../../src/bot/refusals.js');
    const state = createGame({
      players: [
        { id: 'a', name: '**Ann**' },
        { id: 'b', name: '_Bob_' },
      ],
      seed: 2,
    });
    const view = viewFor(state, null);
    const message = turnMessage({
      view,
      decision: currentDecision(state),
      lines: [],
      buttons: [],
      picture: null,
      ping: null,
      locale: 'en',
    });
    const text = texts(message);
    expect(text).not.toMatch(/(?<!\\)\*\*Ann\*\*|(?<!\\)_Bob_/);
    expect(text).toMatch(/\\\*\\\*Ann\\\*\\\*|\\_Bob\\_/);
    expect(waitingLine(state, 'en')).toMatch(/\\\*\\\*Ann\\\*\\\*|\\_Bob\\_/);
    const other = state.players.find((player) => player.id !== state.players[state.currentPlayer]!.id)!;
    const refused = apply(state, { type: 'skipPlacement', player: other.id });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(say('en', rejectionSentence(refused, state))).not.toMatch(/(?<!\\)\*\*Ann\*\*|(?<!\\)_Bob_/);
  });
});
