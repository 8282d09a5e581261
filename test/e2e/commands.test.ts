/**
 * Everything besides the game loop, through the real discord.js client and the Discord double:
 * the /acquire subcommands, the lobby, one game per channel, cancelling, and the command
 * definition and its registration. One bot serves every test; each test has a server of its own.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/acquire.js';
import { DEFAULT_OPTIONS, MAX_PLAYERS, resolveOptions, type GameOptions } from '../../src/engine/index.js';
import { getGame } from '../../src/store/index.js';
import { DiscordDouble } from '../support/discord-double/index.js';
import { type Harness, hasButtons, privateFollowUps, SETTLE_MS, startHarness } from './harness.js';
import { Table } from './players.js';
import { Server, allButtons, buttonOf, expectAtMostOneButtonedMessage, isPng, textOf, watchButtonedMessages } from './session.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

let h: Harness;
let server: Server | undefined;

beforeAll(async () => {
  h = await startHarness({ users: 1 });
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  // Every test: each interaction answered, no REST call refused, no unknown route.
  server?.expectEverythingAnswered();
  server = undefined;
});

async function open(users: number, channels?: string[]): Promise<Server> {
  server = await Server.open(h, { users, channels });
  return server;
}

/** The path of a message link (the client's own host stands before it). */
const messageLink = (guildId: string, channelId: string, messageId: string): string => `/channels/${guildId}/${channelId}/${messageId}`;

// ---------------------------------------------------------------------------------------------

interface OptionCase {
  option: string;
  value: string | boolean | number;
  /** A line the lobby shows, and one it must not. */
  shows: string;
  hides?: string;
  /** The engine option it sets (2 players); absent for the turn limit. */
  engine?: Partial<GameOptions>;
}

const OPTION_CASES: OptionCase[] = [
  { option: 'bonus', value: 'classic', shows: 'Bonuses: **classic**', engine: { bonusMode: 'classic' } },
  { option: 'bonus', value: 'tycoon', shows: 'Bonuses: **tycoon**', engine: { bonusMode: 'tycoon' } },
  { option: 'chains', value: 'classic', shows: 'Chains: **classic**', engine: { chainSet: 'classic' } },
  { option: 'chains', value: 'set2008', shows: 'Chains: **2008 set**', engine: { chainSet: 'set2008' } },
  { option: 'holdings', value: 'open', shows: 'Holdings: **open**', engine: { holdings: 'open' } },
  { option: 'holdings', value: 'hidden', shows: 'Holdings: **hidden**', engine: { holdings: 'hidden' } },
  { option: 'founder_share', value: 'none', shows: "Founder's share when none is left: **nothing**", engine: { founderShare: 'none' } },
  { option: 'founder_share', value: 'cash', shows: "Founder's share when none is left: **its price in cash**", engine: { founderShare: 'cash' } },
  { option: 'unplayable', value: 'replace', shows: 'Unplayable tiles: **replaced**', engine: { unplayable: 'replace' } },
  { option: 'unplayable', value: 'strict', shows: 'Unplayable tiles: **strict**', engine: { unplayable: 'strict' } },
  { option: 'trades', value: true, shows: 'Trades between players: **on**', engine: { trades: true } },
  { option: 'trades', value: false, shows: 'Trades between players: **off**', engine: { trades: false } },
  { option: 'bank_stockholder', value: false, shows: 'Two players: **no bank stockholder**', engine: { twoPlayerBank: false } },
  { option: 'bank_stockholder', value: true, shows: 'Bonuses: **classic**', hides: 'no bank stockholder', engine: { twoPlayerBank: true } },
  { option: 'turn_limit', value: 0, shows: 'Turn time limit: **none**' },
  { option: 'turn_limit', value: 120, shows: 'Turn time limit: **2 min**' },
  { option: 'turn_limit', value: 600, shows: 'Turn time limit: **10 min**' },
  { option: 'turn_limit', value: 3600, shows: 'Turn time limit: **1 h**' },
  { option: 'turn_limit', value: 86_400, shows: 'Turn time limit: **24 h**' },
];

describe('/acquire start and its options', () => {
  it('shows each option in the lobby, and the started game plays with it', async () => {
    const s = await open(
      2,
      OPTION_CASES.map((_, index) => `game-${index}`),
    );
    const [host, guest] = s.users as [(typeof s.users)[0], (typeof s.users)[0]];
    for (const [index, testCase] of OPTION_CASES.entries()) {
      const channelId = s.channel(index);
      const label = `${testCase.option}: ${String(testCase.value)}`;
      const lobby = await s.openLobby(host, [], { [testCase.option]: testCase.value }, channelId);
      expect(textOf(lobby), label).toContain(testCase.shows);
      expect(textOf(lobby), label).toContain(`<@${host.id}> opened a game`);
      if (testCase.hides) expect(textOf(lobby), label).not.toContain(testCase.hides);
      const joined = await s.click(lobby, buttonOf(lobby, 'join').customId, guest);
      expect(privateFollowUps(joined.view)).toEqual([]);
      await s.click(s.message(lobby.id), buttonOf(s.message(lobby.id), 'start').customId, host);
      const game = await s.liveGame(channelId);
      expect(game?.status, label).toBe('active');
      const options = game!.state!.options;
      expect(options, label).toEqual(resolveOptions(2, testCase.engine ?? {}));
      for (const [key, value] of Object.entries(testCase.engine ?? {})) expect(options[key as keyof GameOptions], label).toBe(value);
      expect(game!.turnLimitSeconds, label).toBe(testCase.option === 'turn_limit' ? testCase.value : 0);
    }
  });

  it('shows every option together, and the engine gets them all', async () => {
    const s = await open(3);
    const [host, second, third] = s.users as [(typeof s.users)[0], (typeof s.users)[0], (typeof s.users)[0]];
    const chosen = {
      bonus: 'tycoon',
      chains: 'set2008',
      holdings: 'hidden',
      founder_share: 'cash',
      unplayable: 'strict',
      trades: true,
      bank_stockholder: false,
      turn_limit: 3600,
    };
    const { lobby, game } = await s.startGame(host, [second, third], chosen);
    const text = textOf(s.publicMessages()[0]);
    for (const line of [
      'Bonuses: **tycoon**',
      'Chains: **2008 set**',
      'Holdings: **hidden**',
      "Founder's share when none is left: **its price in cash**",
      'Unplayable tiles: **strict**',
      'Trades between players: **on**',
      'Two players: **no bank stockholder**',
      'Turn time limit: **1 h**',
    ]) {
      expect(text).toContain(line);
    }
    expect(game.state!.options).toEqual({
      bonusMode: 'tycoon',
      chainSet: 'set2008',
      holdings: 'hidden',
      founderShare: 'cash',
      unplayable: 'strict',
      trades: true,
      twoPlayerBank: false,
    });
    expect(game.turnLimitSeconds).toBe(3600);
    // The first table message, in the game's thread, shows the board and hides everyone's holdings.
    const board = s.message(game.publicMessageId!);
    expect(board.id).not.toBe(lobby.id);
    expect(board.channelId).toBe(game.threadId);
    expect(isPng(board.attachments.find((attachment) => attachment.filename === 'board.png')?.data)).toBe(true);
    expect(game.state!.chains.map((chain) => chain.name)).toContain('Sackson');
    expect(game.state!.chains.map((chain) => chain.name)).not.toContain('Luxor');
    expect(textOf(board)).toContain('Cash and shares are hidden until the end.');
    expect(textOf(board)).not.toMatch(/\$\d/);
  });

  it('opens with the defaults when no option is given', async () => {
    const s = await open(2);
    const lobby = await s.openLobby(s.users[0]!);
    for (const line of [
      'Bonuses: **classic**',
      'Chains: **classic**',
      'Holdings: **open**',
      "Founder's share when none is left: **nothing**",
      'Unplayable tiles: **replaced**',
      'Trades between players: **off**',
      'Turn time limit: **none**',
    ]) {
      expect(textOf(lobby)).toContain(line);
    }
    expect(textOf(lobby)).not.toContain('no bank stockholder');
    const started = await s.click(lobby, buttonOf(lobby, 'join').customId, s.users[1]!);
    expect(privateFollowUps(started.view)).toEqual([]);
    await s.click(s.message(lobby.id), buttonOf(s.message(lobby.id), 'start').customId, s.users[0]!);
    expect((await s.liveGame())!.state!.options).toEqual(DEFAULT_OPTIONS);
  });

  it('refuses tycoon bonuses with the two-player bank stockholder, privately, and opens nothing', async () => {
    const s = await open(1);
    const { message } = await s.command(s.users[0]!, 'start', { bonus: 'tycoon', bank_stockholder: true });
    expect(message?.ephemeral).toBe(true);
    expect(message?.content).toMatch(/bank stockholder.*classic/i);
    expect(await s.gamesIn()).toBe(0);
    expect(s.publicMessages()).toEqual([]);
    // The same options one at a time are fine.
    const lobby = await s.openLobby(s.users[0]!, [], { bonus: 'tycoon' });
    expect(textOf(lobby)).toContain('Bonuses: **tycoon**');
  });
});

// ---------------------------------------------------------------------------------------------

describe('games per channel', () => {
  it('refuses a second /acquire start while a lobby forms, pointing at it; a game playing in its thread leaves the channel free', async () => {
    const s = await open(3, ['acquire', 'other']);
    const [host, second, third] = s.users as [(typeof s.users)[0], (typeof s.users)[0], (typeof s.users)[0]];
    const lobby = await s.openLobby(host);

    // While forming: anyone, the host included, is pointed at the lobby.
    for (const user of [host, second]) {
      const { message } = await s.command(user, 'start', { bonus: 'tycoon' });
      expect(message?.ephemeral).toBe(true);
      expect(message?.visibleTo).toBe(user.id);
      expect(message?.content).toContain(messageLink(s.guild.id, s.channel(), lobby.id));
      expect(message?.content).toContain('/acquire cancel');
    }
    expect(await s.gamesIn()).toBe(1);
    expect(s.publicMessages().map((message) => message.id)).toEqual([lobby.id]);
    expect(textOf(s.message(lobby.id))).toContain('Bonuses: **classic**');

    // Another channel has a game of its own.
    const otherLobby = await s.openLobby(third, [], {}, s.channel(1));
    expect(otherLobby.channelId).toBe(s.channel(1));
    expect((await s.liveGame(s.channel(1)))?.createdBy).toBe(third.id);
    expect((await s.liveGame())?.createdBy).toBe(host.id);

    // Started, the game plays in a thread opened from its lobby: the channel is free again.
    await s.click(s.message(lobby.id), buttonOf(s.message(lobby.id), 'join').customId, second);
    await s.click(s.message(lobby.id), buttonOf(s.message(lobby.id), 'start').customId, host);
    const game = (await s.liveGame())!;
    expect(game.status).toBe('active');
    expect(game.threadId).toBe(lobby.id);
    expect(s.message(game.publicMessageId!).channelId).toBe(game.threadId);
    expect(textOf(s.message(game.publicMessageId!))).toMatch(/### Turn 1/);
    const next = await s.openLobby(third);
    expect(next.id).not.toBe(lobby.id);
    expect(await s.gamesIn()).toBe(2);
    // Commands in the channel act on the caller's game there; in a thread, on its game.
    const hand = await s.command(second, 'hand');
    expect(hand.message?.content).toMatch(/You have \$[\d,]+/);
    const lobbyHand = await s.command(third, 'hand');
    expect(lobbyHand.message?.content).toMatch(/not started yet: 1 player seated/);
    const inThread = await s.command(third, 'status', {}, game.threadId!);
    expect(textOf(inThread.message)).toMatch(/### Turn 1/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('the lobby', () => {
  it('seats players with Join and Leave, refuses what does not fit, and closes at Start', async () => {
    const s = await open(MAX_PLAYERS + 1);
    const [host, second, ...rest] = s.users;
    const lobby = await s.openLobby(host!);
    const joinId = buttonOf(lobby, 'join').customId;
    const seats = (): string => s.message(lobby.id).embeds[0]!.fields![0]!.value;
    const seatTitle = (): string => s.message(lobby.id).embeds[0]!.fields![0]!.name;
    expect(seatTitle()).toBe(`Players (1/${MAX_PLAYERS})`);
    expect(seats()).toBe(`1. <@${host!.id}>`);

    // Alone, the host cannot start: the button is disabled, and a forged click is refused.
    expect(buttonOf(lobby, 'start').disabled).toBe(true);
    const alone = await s.forged(lobby, buttonOf(lobby, 'start').customId, host!);
    expect(alone.message?.ephemeral).toBe(true);
    expect(alone.message?.content).toMatch(/at least 2 players/);
    expect(await s.liveGame().then((game) => game?.status)).toBe('lobby');

    // Join: the seat list grows and Start is enabled.
    const joined = await s.click(s.message(lobby.id), buttonOf(lobby, 'join').customId, second!);
    expect(privateFollowUps(joined.view)).toEqual([]);
    expect(seats()).toBe(`1. <@${host!.id}>\n2. <@${second!.id}>`);
    expect(seatTitle()).toBe(`Players (2/${MAX_PLAYERS})`);
    expect(buttonOf(s.message(lobby.id), 'start').disabled).toBe(false);

    // Joining twice is refused, privately, and changes nothing.
    const twice = await s.click(s.message(lobby.id), buttonOf(lobby, 'join').customId, second!);
    expect(twice.message?.ephemeral).toBe(true);
    expect(twice.message?.visibleTo).toBe(second!.id);
    expect(twice.message?.content).toMatch(/already in this lobby/);
    expect(seats()).toBe(`1. <@${host!.id}>\n2. <@${second!.id}>`);

    // Leave: the seat list shrinks; leaving when not seated is refused.
    await s.click(s.message(lobby.id), buttonOf(lobby, 'leave').customId, second!);
    expect(seats()).toBe(`1. <@${host!.id}>`);
    expect(buttonOf(s.message(lobby.id), 'start').disabled).toBe(true);
    const notSeated = await s.click(s.message(lobby.id), buttonOf(lobby, 'leave').customId, second!);
    expect(notSeated.message?.ephemeral).toBe(true);
    expect(notSeated.message?.content).toMatch(/not in this lobby/);

    // The host cannot leave (the lobby would be stuck without the one who starts or cancels it).
    const hostLeaves = await s.click(s.message(lobby.id), buttonOf(lobby, 'leave').customId, host!);
    expect(hostLeaves.message?.ephemeral).toBe(true);
    expect(hostLeaves.message?.content).toMatch(/You are the host.*Cancel/);
    expect(seats()).toBe(`1. <@${host!.id}>`);

    // Up to six; the seventh is refused and Join is disabled.
    for (const user of [second!, ...rest.slice(0, MAX_PLAYERS - 2)]) {
      const answer = await s.click(s.message(lobby.id), buttonOf(lobby, 'join').customId, user);
      expect(privateFollowUps(answer.view)).toEqual([]);
    }
    expect(seatTitle()).toBe(`Players (${MAX_PLAYERS}/${MAX_PLAYERS})`);
    expect(seats().split('\n')).toHaveLength(MAX_PLAYERS);
    expect(buttonOf(s.message(lobby.id), 'join').disabled).toBe(true);
    const seventh = rest[MAX_PLAYERS - 2]!;
    const full = await s.forged(s.message(lobby.id), buttonOf(lobby, 'join').customId, seventh);
    expect(full.message?.ephemeral).toBe(true);
    expect(full.message?.content).toMatch(/full \(6 players\)/);
    expect((await s.liveGame())!.seats.map((seat) => seat.userId)).not.toContain(seventh.id);

    // Only the host starts.
    const notHost = await s.click(s.message(lobby.id), buttonOf(lobby, 'start').customId, second!);
    expect(notHost.message?.ephemeral).toBe(true);
    expect(notHost.message?.content).toContain(`Only the host, <@${host!.id}>`);
    expect((await s.liveGame())!.status).toBe('lobby');

    const start = await s.click(s.message(lobby.id), buttonOf(lobby, 'start').customId, host!);
    expect(privateFollowUps(start.view)).toEqual([]);
    const game = (await s.liveGame())!;
    expect(game.status).toBe('active');
    expect(game.state!.players.map((player) => player.id)).toEqual(game.seats.map((seat) => seat.userId));
    expect(game.seats).toHaveLength(MAX_PLAYERS);
    // The lobby stays in the channel as the game's summary, without buttons: who plays, whose
    // turn it is, and the thread the game is played in; the first table message is there.
    expect(s.message(lobby.id).components).toEqual([]);
    expect(s.message(lobby.id).embeds[0]!.title).toBe('Acquire: a game in progress');
    expect(s.message(lobby.id).embeds[0]!.description).toContain(`<#${game.threadId}>`);
    expect(s.message(lobby.id).embeds[0]!.fields!.find((field) => field.name === 'Now')!.value).toContain(
      `<@${game.state!.players[game.state!.currentPlayer]!.id}>`,
    );
    expect(seats().split(', ')).toHaveLength(MAX_PLAYERS);
    const board = s.message(game.publicMessageId!);
    expect(board.channelId).toBe(game.threadId);
    expect(textOf(board)).toMatch(/your turn: place a tile/);
    expect(textOf(board)).toContain('The game begins');
    expect(allButtons(board).map((button) => button.kind)).toContain('hand');

    // Lobby buttons after the start: refused, nothing changes.
    const late = await s.forged(s.message(lobby.id), joinId, seventh);
    expect(late.message?.ephemeral).toBe(true);
    expect(late.message?.content).toMatch(/no longer in its lobby/);
    expect((await getGame(h.database.prisma, game.id))!.seats).toHaveLength(MAX_PLAYERS);
  });
});

// ---------------------------------------------------------------------------------------------

describe('/acquire hand', () => {
  it('shows each seated player exactly their own tiles, at any time; others are told they have no seat', async () => {
    const s = await open(4);
    const [host, second, third, outsider] = s.users as [(typeof s.users)[0], (typeof s.users)[0], (typeof s.users)[0], (typeof s.users)[0]];

    const lobby = await s.openLobby(host, [second]);
    const early = await s.command(host, 'hand');
    expect(early.message?.ephemeral).toBe(true);
    expect(early.message?.content).toMatch(/not started yet: 2 players seated/);
    await s.click(s.message(lobby.id), buttonOf(lobby, 'join').customId, third);
    await s.click(s.message(lobby.id), buttonOf(lobby, 'start').customId, host);
    const game = (await s.liveGame())!;
    const table = new Table(s.harness(), 7);
    const checkHands = async (): Promise<void> => {
      const stored = (await getGame(h.database.prisma, game.id))!;
      const state = stored.state!;
      const decision = state.phase.kind === 'placeTile' ? state.currentPlayer : -1;
      for (const [seat, player] of state.players.entries()) {
        const user = s.users.find((candidate) => candidate.id === player.id)!;
        const { message } = await s.command(user, 'hand');
        expect(message?.ephemeral).toBe(true);
        expect(message?.visibleTo).toBe(user.id);
        const tiles = allButtons(message).filter((button) => button.kind === 'tile');
        expect(tiles.map((button) => button.arg).sort()).toEqual([...player.hand].sort());
        for (const button of tiles) expect(button.label.startsWith(`${button.arg} · `)).toBe(true);
        if (seat === decision) {
          expect(message?.content).toContain('Your turn');
          expect(tiles.some((button) => !button.disabled)).toBe(true);
        } else {
          expect(message?.content).toContain('decision now');
          expect(
            tiles.every((button) => button.disabled),
            'not their placement: tiles disabled',
          ).toBe(true);
        }
        expect(message?.content).toMatch(/You have \$[\d,]+/);
      }
      const stranger = await s.command(outsider, 'hand');
      expect(stranger.message?.ephemeral).toBe(true);
      expect(stranger.message?.content).toMatch(/no seat in this game/);
      expect(allButtons(stranger.message)).toEqual([]);
    };

    await checkHands();
    // A few decisions later (a tile placed, shares bought): still exactly the engine's hands.
    for (let decisions = 0; decisions < 4; decisions++) expect(await table.playDecision()).toBe(true);
    await checkHands();
    // Nothing public ever named a tile in a hand: the hand panels were private.
    for (const message of s.publicMessages()) expect(allButtons(message).some((button) => button.kind === 'tile')).toBe(false);

    // The tiles of /acquire hand can be played from there when it is the player's placement.
    let stored = (await getGame(h.database.prisma, game.id))!;
    for (let decisions = 0; stored.state!.phase.kind !== 'placeTile' && decisions < 10; decisions++) {
      await table.playDecision();
      stored = (await getGame(h.database.prisma, game.id))!;
    }
    const placing = s.users.find((user) => user.id === stored.state!.players[stored.state!.currentPlayer]!.id)!;
    const { message: panel } = await s.command(placing, 'hand');
    const playable = allButtons(panel).find((button) => button.kind === 'tile' && !button.disabled)!;
    const played = await s.click(panel!, playable.customId, placing);
    expect(privateFollowUps(played.view), 'no refusal').toEqual([]);
    const after = (await getGame(h.database.prisma, game.id))!;
    expect(after.state!.stateId).toBe(stored.state!.stateId + 1);
    expect(after.state!.players.find((player) => player.id === placing.id)!.hand).not.toContain(playable.arg);
    // The table tells it (on the turn's message, which the turn may have closed since).
    expect(s.publicMessages(after.threadId!).map(textOf).join('\n')).toContain(`placed **${playable.arg}**`);
  });
});

// ---------------------------------------------------------------------------------------------

describe('/acquire status, chart and rules', () => {
  it('answer privately with the board, the price chart and the rules', async () => {
    const s = await open(3);
    const [host, second, outsider] = s.users as [(typeof s.users)[0], (typeof s.users)[0], (typeof s.users)[0]];

    const none = await s.command(host, 'status');
    expect(none.message?.ephemeral).toBe(true);
    expect(none.message?.content).toMatch(/no game in this channel.*\/acquire start/);
    // The chart helps choosing options: without a game it shows the classic one.
    const classicChart = await s.command(host, 'chart');
    expect(classicChart.message?.ephemeral).toBe(true);
    expect(classicChart.message?.embeds[0]?.description).toBe('No game in this channel: classic chains, classic bonuses.');
    const classicPng = classicChart.message?.attachments.find((attachment) => attachment.filename === 'chart.png')?.data;
    expect(isPng(classicPng)).toBe(true);
    const rulesAlone = await s.command(outsider, 'rules');
    expect(rulesAlone.message?.ephemeral).toBe(true);
    expect(rulesAlone.message?.content).toContain('Acquire in brief');
    expect(rulesAlone.message?.content).toMatch(/merger/i);
    expect(rulesAlone.message!.content.length).toBeLessThanOrEqual(2000);

    // In the lobby, the chart of the options chosen.
    const lobby = await s.openLobby(host, [], { bonus: 'tycoon' });
    const lobbyChart = await s.command(second, 'chart');
    expect(lobbyChart.message?.embeds[0]?.description).toBe('This game: classic chains, tycoon bonuses.');
    expect(isPng(lobbyChart.message?.attachments[0]?.data)).toBe(true);
    await s
      .click(lobby, buttonOf(lobby, 'cancel', 'ask').customId, host)
      .then((asked) => s.click(asked.message!, buttonOf(asked.message, 'cancel', 'yes').customId, host));
    await h.double.waitFor(() => s.publicMessages().at(-1)!.content.includes('was cancelled'), { timeoutMs: SETTLE_MS, description: 'the lobby cancelled' });

    const { game } = await s.startGame(host, [second], { chains: 'set2008' });
    const publicBefore = s.publicMessages().length;
    const current = game.state!.players[game.state!.currentPlayer]!;

    // Status: the table now, for anyone, privately, with no buttons and no ping.
    const status = await s.command(outsider, 'status');
    expect(status.message?.ephemeral).toBe(true);
    expect(textOf(status.message)).toContain(`<@${current.id}>, your turn: place a tile.`);
    expect(allButtons(status.message)).toEqual([]);
    expect(isPng(status.message?.attachments.find((attachment) => attachment.filename === 'board.png')?.data)).toBe(true);
    expect(textOf(status.message)).toContain('### Turn 1');
    // The chains' table is in the picture: the text does not repeat it.
    expect(textOf(status.message)).not.toContain(game.state!.chains[0]!.name);
    expect(
      (
        status.view.callback!.data as {
          allowed_mentions?: { users?: string[] };
        }
      ).allowed_mentions?.users,
    ).toEqual([]);

    // Chart: a PNG of this game's prices.
    const chart = await s.command(second, 'chart');
    expect(chart.message?.ephemeral).toBe(true);
    expect(chart.message?.embeds[0]?.title).toMatch(/prices/i);
    expect(chart.message?.embeds[0]?.description).toBe('This game: 2008 chains, classic bonuses.');
    const png = chart.message?.attachments.find((attachment) => attachment.filename === 'chart.png');
    expect(isPng(png?.data)).toBe(true);
    expect(png!.data.length).toBeGreaterThan(2_000);
    expect(png!.data.equals(classicPng!), "the 2008 chains' chart is not the classic one").toBe(false);

    const rules = await s.command(second, 'rules');
    expect(rules.message?.ephemeral).toBe(true);
    expect(rules.message?.content).toContain('/acquire hand');

    // None of it posted anything public.
    expect(s.publicMessages()).toHaveLength(publicBefore);
    expect(s.publicMessages(game.threadId!)).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------

describe('old public messages lose their buttons', () => {
  it('at no moment of a game do two public messages have buttons', async () => {
    const s = await open(2);
    const watch = watchButtonedMessages(h, s.channel());
    await s.startGame(s.users[0]!, [s.users[1]!]);
    const table = new Table(s.harness(), 3);
    for (let decisions = 0; decisions < 4; decisions++) expect(await table.playDecision()).toBe(true);
    const moments = await watch.stop();
    expect(moments, 'moments when two public messages had buttons').toEqual([]);
    // The game played in its thread: several turns' messages there, the old ones without buttons.
    const thread = h.double.threads(s.channel())[0]!.id;
    expect(s.publicMessages(thread).length).toBeGreaterThan(1);
    expect(s.publicMessages(thread).filter(hasButtons)).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------

describe('cancelling', () => {
  it('asks the host to confirm; No keeps the game, Yes cancels it and frees the channel', async () => {
    const s = await open(2);
    const [host, second] = s.users as [(typeof s.users)[0], (typeof s.users)[0]];
    const lobby = await s.openLobby(host, [second]);

    const asked = await s.command(host, 'cancel');
    const yesId = buttonOf(asked.message, 'cancel', 'yes').customId;
    expect(asked.message?.ephemeral).toBe(true);
    expect(asked.message?.content).toMatch(/Cancel this game for everyone\?/);
    const no = await s.click(asked.message!, buttonOf(asked.message, 'cancel', 'no').customId, host);
    expect(no.message?.content).toBe('The game goes on.');
    expect(no.message?.components).toEqual([]);
    expect((await s.liveGame())?.status).toBe('lobby');
    expect(s.message(lobby.id).components).not.toEqual([]);

    const again = await s.command(host, 'cancel');
    const yes = await s.click(again.message!, buttonOf(again.message, 'cancel', 'yes').customId, host);
    expect(yes.message?.ephemeral).toBe(true);
    expect(yes.message?.content).toBe('The game is cancelled.');
    expect(yes.message?.components).toEqual([]);
    await h.double.waitFor(() => s.publicMessages().some((message) => message.content.includes('was cancelled')), {
      timeoutMs: SETTLE_MS,
      description: 'the public notice',
    });
    const notice = s.publicMessages().at(-1)!;
    expect(notice.content).toBe(`The game was cancelled by <@${host.id}>. Start a new one with \`/acquire start\`.`);
    await h.double.waitFor(() => s.message(lobby.id).components.length === 0, { timeoutMs: SETTLE_MS, description: 'the lobby losing its buttons' });
    expect(s.message(lobby.id).embeds[0]!.title).toBe('Acquire: this game was cancelled');
    expect(await s.liveGame()).toBeNull();
    expect((await getGame(h.database.prisma, (await h.database.prisma.game.findFirstOrThrow({ where: { channelId: s.channel() } })).id))?.status).toBe(
      'cancelled',
    );
    expectAtMostOneButtonedMessage(h, s.channel());

    // A stale Yes from the old confirmation changes nothing.
    const stale = await s.forged(again.message!, yesId, host);
    expect(stale.message?.ephemeral).toBe(true);
    expect(stale.message?.content).toMatch(/already ended/);

    // The channel is free again.
    const next = await s.openLobby(second);
    expect((await s.liveGame())?.createdBy).toBe(second.id);
    expect(next.components).not.toEqual([]);
  });

  it("the lobby's Cancel button asks the host too", async () => {
    const s = await open(2);
    const [host, second] = s.users as [(typeof s.users)[0], (typeof s.users)[0]];
    const lobby = await s.openLobby(host);
    const refused = await s.click(lobby, buttonOf(lobby, 'cancel', 'ask').customId, second);
    expect(refused.message?.ephemeral).toBe(true);
    expect(refused.message?.content).toContain(`Only the host (<@${host.id}>)`);

    const asked = await s.click(lobby, buttonOf(lobby, 'cancel', 'ask').customId, host);
    expect(asked.message?.ephemeral).toBe(true);
    expect(asked.message?.id).not.toBe(lobby.id);
    await s.click(asked.message!, buttonOf(asked.message, 'cancel', 'yes').customId, host);
    await h.double.waitFor(() => s.message(lobby.id).components.length === 0 && s.publicMessages().at(-1)!.content.includes('was cancelled'), {
      timeoutMs: SETTLE_MS,
      description: 'the cancellation shown',
    });
    expect(await s.liveGame()).toBeNull();
    expect(await s.gamesIn()).toBe(1);
  });

  it('refuses players without Manage Server; a member given it may cancel a running game', async () => {
    const s = await open(4);
    // users[0] owns the server (every permission): the host and the others are plain members.
    const [owner, host, player, admin] = s.users as [(typeof s.users)[0], (typeof s.users)[0], (typeof s.users)[0], (typeof s.users)[0]];
    const { game } = await s.startGame(host, [player]);
    const board = s.message(game.publicMessageId!);
    const handId = buttonOf(board, 'hand').customId;

    for (const user of [player, admin]) {
      const refused = await s.command(user, 'cancel');
      expect(refused.message?.ephemeral).toBe(true);
      expect(refused.message?.content).toMatch(/Only the host .* or someone who can manage this server/);
    }
    // A forged confirmation by a player is refused too.
    const forged = await s.forged(board, `acq:cancel:${game.id}:0:yes`, player);
    expect(forged.message?.ephemeral).toBe(true);
    expect(forged.message?.content).toMatch(/Only the host .* or someone who can manage this server/);
    expect((await s.liveGame())?.status).toBe('active');

    h.double.grantManageGuild(s.guild.id, admin);
    const asked = await s.command(admin, 'cancel');
    expect(asked.message?.content).toMatch(/Cancel this game for everyone\?/);
    await s.click(asked.message!, buttonOf(asked.message, 'cancel', 'yes').customId, admin);
    const thread = game.threadId!;
    await h.double.waitFor(() => !hasButtons(s.message(board.id)) && s.publicMessages(thread).at(-1)!.content.includes('was cancelled'), {
      timeoutMs: SETTLE_MS,
      description: 'the cancellation shown',
    });
    expect(s.publicMessages(thread).at(-1)!.content).toContain(`cancelled by <@${admin.id}>`);
    expect((await getGame(h.database.prisma, game.id))?.status).toBe('cancelled');
    expect(s.publicMessages(thread).filter(hasButtons)).toEqual([]);
    // The channel's summary says so.
    expect(s.message(game.summaryMessageId ?? (await getGame(h.database.prisma, game.id))!.summaryMessageId!).embeds[0]!.title).toBe(
      'Acquire: this game was cancelled',
    );

    // The board's old buttons now say the game is over.
    const late = await s.forged(board, handId, host);
    expect(late.message?.ephemeral).toBe(true);
    expect(late.message?.content).toMatch(/over/);

    // The server owner may cancel anyone's game as well.
    await s.startGame(host, [player]);
    const ownerAsked = await s.command(owner, 'cancel');
    expect(ownerAsked.message?.content).toMatch(/Cancel this game for everyone\?/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('/acquire stats', () => {
  it('on a server without finished games, says so kindly', async () => {
    const s = await open(2);
    const { message } = await s.command(s.users[0]!, 'stats');
    expect(message?.ephemeral).toBe(true);
    expect(message?.content).toMatch(/No finished games on this server yet/);
    // A game in progress is not a finished one.
    await s.startGame(s.users[0]!, [s.users[1]!]);
    const during = await s.command(s.users[1]!, 'stats');
    expect(during.message?.content).toMatch(/No finished games/);
  });
});

// ---------------------------------------------------------------------------------------------

/** What Discord checks in a chat-input command before accepting it, as far as it applies here. */
function definitionProblems(command: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const NAME = /^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$/u;
  let characters = 0;
  /** Discord's locales and each translation's limits: what it takes in `*_localizations`. */
  const LOCALES = new Set([
    'id',
    'da',
    'de',
    'en-GB',
    'en-US',
    'es-ES',
    'es-419',
    'fr',
    'hr',
    'it',
    'lt',
    'hu',
    'nl',
    'no',
    'pl',
    'pt-BR',
    'ro',
    'fi',
    'sv-SE',
    'vi',
    'tr',
    'cs',
    'el',
    'bg',
    'ru',
    'uk',
    'hi',
    'th',
    'zh-CN',
    'ja',
    'zh-TW',
    'ko',
  ]);
  const checkLocalized = (where: string, map: unknown, limit: number): void => {
    for (const [locale, text] of Object.entries((map ?? {}) as Record<string, unknown>)) {
      if (!LOCALES.has(locale)) problems.push(`${where}: "${locale}" is not a Discord locale`);
      if (typeof text !== 'string' || text.length < 1 || text.length > limit)
        problems.push(`${where}: ${locale} text of ${String(text).length} characters (1 to ${limit})`);
    }
  };
  const checkNamed = (
    where: string,
    entry: {
      name?: unknown;
      description?: unknown;
      description_localizations?: unknown;
      name_localizations?: unknown;
    },
  ): void => {
    const name = String(entry.name ?? '');
    const description = String(entry.description ?? '');
    characters += name.length + description.length;
    if (!NAME.test(name) || name !== name.toLowerCase()) problems.push(`${where}: name "${name}" is not a valid lowercase command name`);
    if (description.length < 1 || description.length > 100) problems.push(`${where}: description is ${description.length} characters (1 to 100)`);
    checkLocalized(`${where} description`, entry.description_localizations, 100);
    checkLocalized(`${where} name`, entry.name_localizations, 32);
  };
  type Option = {
    name: string;
    description: string;
    type: number;
    required?: boolean;
    options?: Option[];
    choices?: { name: string; value: unknown }[];
  };
  const checkOptions = (where: string, options: Option[], depth: number): void => {
    if (options.length > 25) problems.push(`${where}: ${options.length} options (25 at most)`);
    const names = options.map((option) => option.name);
    if (new Set(names).size !== names.length) problems.push(`${where}: duplicate option names`);
    const subcommands = options.filter((option) => option.type === 1 || option.type === 2);
    if (subcommands.length > 0 && subcommands.length !== options.length) problems.push(`${where}: subcommands mixed with options`);
    if (subcommands.some((option) => option.type === 2) && depth > 0) problems.push(`${where}: a group inside a group`);
    const firstOptional = options.findIndex((option) => !option.required);
    if (firstOptional >= 0 && options.slice(firstOptional).some((option) => option.required))
      problems.push(`${where}: a required option after an optional one`);
    for (const option of options) {
      const at = `${where} ${option.name}`;
      checkNamed(at, option);
      if (option.type === 1 || option.type === 2) checkOptions(at, option.options ?? [], depth + 1);
      const choices = option.choices ?? [];
      if (choices.length > 25) problems.push(`${at}: ${choices.length} choices (25 at most)`);
      if (choices.length > 0 && ![3, 4, 10].includes(option.type)) problems.push(`${at}: choices on an option of type ${option.type}`);
      const values = choices.map((choice) => choice.value);
      if (new Set(values).size !== values.length) problems.push(`${at}: duplicate choice values`);
      for (const choice of choices) {
        characters += choice.name.length + String(choice.value).length;
        if (choice.name.length < 1 || choice.name.length > 100) problems.push(`${at}: choice name "${choice.name}" (1 to 100 characters)`);
        checkLocalized(`${at} choice ${String(choice.value)}`, (choice as { name_localizations?: unknown }).name_localizations, 100);
        if (option.type === 3 && (typeof choice.value !== 'string' || choice.value.length < 1 || choice.value.length > 100))
          problems.push(`${at}: string choice ${String(choice.value)}`);
        if (option.type === 4 && !Number.isSafeInteger(choice.value)) problems.push(`${at}: integer choice ${String(choice.value)}`);
      }
    }
  };
  checkNamed('/', command);
  if (command.type !== undefined && command.type !== 1) problems.push('not a chat-input command');
  checkOptions(`/${String(command.name)}`, (command.options as Option[] | undefined) ?? [], 0);
  if (characters > 4000) problems.push(`${characters} characters of names, descriptions and choices (4000 at most)`);
  return problems;
}

describe('the command definition', () => {
  it('is JSON Discord accepts, with every subcommand the README names', async () => {
    const { TURN_LIMITS } = await import('../../commands/acquire.js');
    const json = JSON.parse(JSON.stringify(commandDefinitions)) as Record<string, unknown>[];
    expect(json).toHaveLength(1);
    const [command] = json as [Record<string, unknown>];
    expect(definitionProblems(command)).toEqual([]);
    expect(command.name).toBe('acquire');
    expect(command.contexts, 'servers only: the bot plays in channels').toEqual([0]);
    const subcommands = command.options as {
      name: string;
      options?: { name: string; choices?: { value: unknown }[] }[];
    }[];
    expect(subcommands.map((sub) => sub.name).sort()).toEqual([
      'cancel',
      'chart',
      'export',
      'hand',
      'history',
      'notify',
      'profile',
      'rules',
      'start',
      'stats',
      'status',
    ]);
    const notify = subcommands.find((sub) => sub.name === 'notify')!;
    expect(notify.options!.map((option) => [option.name, option.choices!.map((choice) => choice.value)])).toEqual([['reminders', ['on', 'off']]]);
    const start = subcommands.find((sub) => sub.name === 'start')!;
    expect(start.options!.map((option) => option.name)).toEqual([
      'bonus',
      'chains',
      'holdings',
      'founder_share',
      'unplayable',
      'trades',
      'bank_stockholder',
      'turn_limit',
      'hints',
      'language',
    ]);
    expect(start.options!.find((option) => option.name === 'turn_limit')!.choices!.map((choice) => choice.value)).toEqual(
      TURN_LIMITS.map((limit) => limit.value),
    );
    // The validator itself catches what Discord refuses.
    expect(definitionProblems({ name: 'Acquire', description: 'x'.repeat(101), options: [] })).toHaveLength(2);
  });
});

describe('npm run register', () => {
  const run = (env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      execFile(
        'npm',
        ['run', '--silent', 'register'],
        { cwd: REPO, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: 30_000 },
        (error, stdout, stderr) => {
          resolve({
            code: error ? Number((error as { code?: unknown }).code ?? 1) : 0,
            stdout,
            stderr,
          });
        },
      );
    });

  it('registers /acquire in one server with DISCORD_GUILD_ID, globally without', async () => {
    const double = new DiscordDouble();
    await double.start();
    try {
      const guild = double.createGuild({ users: 1 });
      const env = { DISCORD_TOKEN: double.token, DISCORD_API_URL: double.restUrl };

      // Three runs at once (each starts npm and tsx): into the server, globally (an empty
      // DISCORD_GUILD_ID, as in a .env left blank, means global), and without a token.
      const [inGuild, global, noToken] = await Promise.all([
        run({ ...env, DISCORD_GUILD_ID: guild.id }),
        run({ ...env, DISCORD_GUILD_ID: '' }),
        run({ DISCORD_API_URL: double.restUrl, DISCORD_TOKEN: '' }),
      ]);
      expect(inGuild.stderr.replace(/npm warn.*\n?/g, ''), 'no error').toBe('');
      expect(inGuild.code).toBe(0);
      expect(inGuild.stdout).toContain(`in guild ${guild.id}`);
      const registered = double.registeredCommands(guild.id);
      expect(registered.map((command) => command.name)).toEqual(['acquire']);
      expect(JSON.parse(JSON.stringify(registered[0]!.options))).toEqual(JSON.parse(JSON.stringify(commandDefinitions[0]!.options)));

      expect(global.code).toBe(0);
      expect(global.stdout).toMatch(/globally/);
      const globalCommands = double.registeredCommands();
      expect(globalCommands.map((command) => command.name)).toEqual(['acquire']);
      expect(globalCommands[0]!.guild_id).toBeUndefined();
      expect(double.unhandledCalls).toEqual([]);
      expect(double.calls.filter((call) => call.status >= 400)).toEqual([]);

      // Without a token: one line saying what to do, and a failing exit code.
      expect(noToken.code).not.toBe(0);
      expect(noToken.stderr).toMatch(/Configuration problem: DISCORD_TOKEN is empty.*Developer Portal/);
    } finally {
      await double.stop();
    }
  });
});
