/**
 * A whole bot against the local Discord double and an embedded database: what the end-to-end
 * tests drive. Simulated players only click what the bot has shown them.
 */
import { Writable } from 'node:stream';
import { Routes } from 'discord.js';
import { createBot, type Bot } from '../../src/bot/client.js';
import { createLogger } from '../../src/bot/logger.js';
import type { BotMetrics } from '../../src/bot/metrics.js';
import { commandDefinitions } from '../../commands/acquire.js';
import { COMMAND_HANDLERS } from '../../commands/handlers.js';
import { decodeEnvelope } from '../../src/bot/components.js';
import { walkComponents } from '../support/discord-double/components.js';
import { getGame, migrate, type Database, type StoredGame } from '../../src/store/index.js';
import { openPglite } from '../support/pglite.js';
import { dealsFrom } from './seed.js';
import { writeShownTables } from '../../src/bot/table/publish.js';
import { decidingSeat } from '../../src/engine/index.js';
import {
  DiscordDouble,
  FAST_TEST_RATE_LIMITS,
  type GuildFixture,
  type InteractionHandle,
  type InteractionView,
  type StoredMessage,
} from '../support/discord-double/index.js';

export interface Harness {
  double: DiscordDouble;
  database: Database;
  bot: Bot;
  guild: GuildFixture;
  /** Every log line the bot wrote, as parsed JSON. */
  logLines: Record<string, unknown>[];
  /** Starts another bot on the same database (after `bot.stop()`), as a restart would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  users: number;
  /** How long a table may lag behind its game before the tick shows it (the bot's default: 10 s). */
  catchUpAfterMs?: number;
  /** The bot's global REST limit for its own posts (the bot's default: 50 a second). */
  globalRestLimit?: number;
  /** Channels of the test server (default one, `acquire`). */
  channels?: string[];
  database?: Database;
  /** A fake clock for turn time limits; with it the bot never ticks by itself (call `tick`). */
  now?: () => Date;
  /** How often the bot's REST queues let go of idle rate-limit handlers (the bot's default: a minute). */
  restHandlerSweepMs?: number;
  /** The seed each started game deals from (default: 1, 2, 3 … or from `SEED=`: ./seed.ts), so a test's games are the same in every run. */
  gameSeed?: () => number;
  /** At most one edit of a game's channel summary in this long while it plays (the bot's default: 15 s). */
  summaryEditMs?: number;
  /** The bot's metrics (the bot's default: a set of its own). */
  metrics?: BotMetrics;
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  // Discord's limits, with the per-channel window shortened so that whole games run at test speed.
  const double = new DiscordDouble({ rateLimits: FAST_TEST_RATE_LIMITS });
  await double.start();
  const guild = double.createGuild({ users: options.users, ...(options.channels ? { channels: options.channels } : {}) });
  const database = options.database ?? (await openPglite({ migrated: true }));
  const gameSeed = options.gameSeed ?? dealsFrom(1);
  await migrate(database.prisma);
  const logLines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const log = createLogger({ level: 'debug', destination });
  const launch = async (): Promise<Bot> => {
    const bot = createBot({
      db: database.prisma,
      log,
      commands: COMMAND_HANDLERS,
      computerMoveDelayMs: 20,
      ...(options.catchUpAfterMs === undefined ? {} : { catchUpAfterMs: options.catchUpAfterMs }),
      ...(options.globalRestLimit === undefined ? {} : { globalRestLimit: options.globalRestLimit }),
      clientOptions: clientOptionsOf(double, options),
      ...(options.now ? { now: options.now, clockTickMs: 0 } : {}),
      gameSeed,
      ...(options.summaryEditMs === undefined ? {} : { summaryEditMs: options.summaryEditMs }),
      ...(options.metrics ? { metrics: options.metrics } : {}),
    });
    await bot.start(double.token);
    return bot;
  };
  const harness: Harness = {
    double,
    database,
    bot: await launch(),
    guild,
    logLines,
    async restart() {
      harness.bot = await launch();
    },
    async close() {
      await harness.bot.stop();
      await double.stop();
      if (!options.database) await database.close();
    },
  };
  // Through the bot's rate-limited queue: the client's own answers queue is not held to the global limit.
  await harness.bot.context.channelRest.put(Routes.applicationGuildCommands(double.botUser.id, guild.id), { body: commandDefinitions });
  return harness;
}

/** The double's client options, with the harness's REST handler sweep if it sets one. */
function clientOptionsOf(double: DiscordDouble, options: HarnessOptions): ReturnType<DiscordDouble['clientOptions']> {
  const client = double.clientOptions();
  return options.restHandlerSweepMs === undefined ? client : { ...client, rest: { ...client.rest, handlerSweepInterval: options.restHandlerSweepMs } };
}

/** Waits until the bot's background work (computer players' and autopilot moves) is done. */
export async function backgroundSettled(harness: Pick<Harness, 'bot'>): Promise<void> {
  const { background } = harness.bot.context;
  while (background.size > 0) await Promise.allSettled([...background]);
}

/**
 * What simulated players need: the double and the guild they play in (the bot may be this
 * process's or, in the install tests, other processes).
 */
export type Venue = Pick<Harness, 'double' | 'guild'>;

/**
 * Where a channel's game is played: its newest thread (a game opens one from its lobby when it
 * starts), or the channel itself when it has none.
 */
export function gameChannelOf(harness: Venue, channelId = harness.guild.channelId): string {
  return harness.double.threads(channelId).at(-1)?.id ?? channelId;
}

/** Whether a message has any button (in a row, or nested in a Components V2 container). */
export function hasButtons(message: StoredMessage): boolean {
  return [...walkComponents(message.components)].some((node) => node.type === 2);
}

/** The bot's latest public message with buttons, in `channelId` (default: where the guild's game plays). */
export function latestPublicWithButtons(harness: Venue, channelId = gameChannelOf(harness)): StoredMessage | undefined {
  return harness.double
    .channelMessages(channelId)
    .filter((message) => !message.ephemeral && hasButtons(message))
    .at(-1);
}

interface DecodedButton {
  customId: string;
  label: string;
  kind: string;
  arg: string;
  /** The game state it acts at; -1 for an id that is not ours. */
  stateId: number;
  disabled: boolean;
}

/**
 * The buttons of a message's components, decoded once: the double replaces a message's
 * components whole on every edit and never changes them in place, so the list is a key. The
 * simulated players of `npm run bench:load` re-check their conditions after every request the
 * bot makes, and decoding every button each time took about a fifth of their process's CPU.
 */
const decodedButtons = new WeakMap<StoredMessage['components'], DecodedButton[]>();

function buttonsDecoded(components: StoredMessage['components']): DecodedButton[] {
  let buttons = decodedButtons.get(components);
  if (!buttons) {
    buttons = [];
    for (const component of walkComponents(components)) {
      if (component.type !== 2 || !component.custom_id) continue;
      const id = decodeEnvelope(component.custom_id);
      buttons.push({
        customId: component.custom_id,
        label: String(component.label ?? ''),
        kind: id?.kind ?? '?',
        arg: id?.argText ?? '',
        stateId: id?.stateId ?? -1,
        disabled: Boolean(component.disabled),
      });
    }
    decodedButtons.set(components, buttons);
  }
  return buttons;
}

/** Every enabled button of a message, decoded (rows nested in containers included). */
export function buttonsOf(message: StoredMessage | null | undefined): { customId: string; label: string; kind: string; arg: string }[] {
  if (!message) return [];
  return buttonsDecoded(message.components)
    .filter((button) => !button.disabled)
    .map(({ customId, label, kind, arg }) => ({ customId, label, kind, arg }));
}

/** Each double's channels' `tableStateId`, with the channel version it was read at. */
const tableStates = new WeakMap<Venue['double'], Map<string, { version: number; stateId: number }>>();

/**
 * The newest game state any public message of a channel offers buttons at (from their custom
 * ids), or -1: after a move made at state S, the table shows it once this passes S. Read again
 * only when the channel changed: a player waiting on it is re-checked after every request the
 * bot makes, and a late game's channel has hundreds of messages.
 */
export function tableStateId(harness: Venue, channelId: string): number {
  let channels = tableStates.get(harness.double);
  if (!channels) tableStates.set(harness.double, (channels = new Map()));
  const version = harness.double.channelVersion(channelId);
  const known = channels.get(channelId);
  if (known?.version === version) return known.stateId;
  let newest = -1;
  for (const message of harness.double.channelMessages(channelId)) {
    for (const button of buttonsDecoded(message.components)) newest = Math.max(newest, button.stateId);
  }
  channels.set(channelId, { version, stateId: newest });
  return newest;
}

/**
 * Whether every enabled button of a message acts at a state after `stateId` (a panel that
 * shows what follows a move made at `stateId`); a message without buttons passes.
 */
export function offersOnlyAfter(message: StoredMessage | null | undefined, stateId: number): boolean {
  if (!message) return true;
  for (const button of buttonsDecoded(message.components)) if (!button.disabled && button.stateId <= stateId) return false;
  return true;
}

/** Waits until the table of `channelId` shows a state after `stateId` (the move made there was told). */
export async function tableMovedPast(harness: Venue, channelId: string, stateId: number): Promise<void> {
  await harness.double.waitFor(() => tableStateId(harness, channelId) > stateId, {
    timeoutMs: SETTLE_MS,
    description: `the table showing a state after ${stateId}`,
    channelId,
  });
}

/** What a message says: its content and, in Components V2, its text displays. */
export function messageText(message: StoredMessage | null | undefined): string {
  if (!message) return '';
  const displays = [...walkComponents(message.components)].filter((node) => node.type === 10).map((node) => String(node.content ?? ''));
  return [message.content, ...displays].filter(Boolean).join('\n');
}

/**
 * How long a test waits for the bot to finish answering one interaction. Discord's own 3 s
 * limit for the first answer is enforced by the double; this is only the test's patience for
 * the whole answer on a loaded two-core machine.
 */
export const SETTLE_MS = 15_000;

/**
 * A game opened as players open one: the host's `/acquire start` (with `options`), the join of
 * each of the next `players - 1` users, the host's start. Returns the game as stored and its lobby.
 */
export async function openGame(
  h: Harness,
  players = 2,
  options: Record<string, string | boolean | number> = {},
  users = h.guild.users,
): Promise<{ game: StoredGame; lobby: StoredMessage }> {
  const [host, ...others] = users;
  const start = await h.double
    .slashCommand({ guildId: h.guild.id, channelId: h.guild.channelId, user: host!, name: 'acquire', subcommand: 'start', options })
    .settled({ timeoutMs: SETTLE_MS });
  const lobby = start.original!;
  if (lobby.ephemeral) throw new Error(`the lobby was answered privately: ${messageText(lobby)}`);
  for (const user of others.slice(0, players - 1)) {
    const join = buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'join')!;
    await h.double.clickButton({ message: lobby, customId: join.customId, user }).settled({ timeoutMs: SETTLE_MS });
  }
  const startButton = buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'start')!;
  await h.double.clickButton({ message: lobby, customId: startButton.customId, user: host! }).settled({ timeoutMs: SETTLE_MS });
  await h.bot.context.locks.idle();
  const row = await h.database.prisma.game.findFirst({
    where: { channelId: h.guild.channelId, createdBy: host!.id, status: 'active' },
    orderBy: { createdAt: 'desc' },
  });
  const game = row && (await getGame(h.database.prisma, row.id));
  if (game?.status !== 'active' || game.seats.length !== players) throw new Error(`no game of ${players} players started: ${JSON.stringify(game?.status)}`);
  return { game, lobby: h.double.message(lobby.id)! };
}

/**
 * The private follow-ups of an interaction: refusals and answers. A click's public follow-ups
 * are the table's messages (posted through the click's webhook), not an answer to the clicker.
 */
export function privateFollowUps(view: InteractionView): StoredMessage[] {
  return view.followUps.filter((message) => message.ephemeral);
}

/** The message a user sees as the answer to their interaction (reply, or the deferred one). */
export async function answerOf(handle: InteractionHandle): Promise<StoredMessage | null> {
  const view = await handle.settled({ timeoutMs: SETTLE_MS });
  return privateFollowUps(view).at(-1) ?? view.original ?? null;
}

/**
 * Waits until the game is over or `humanId` must decide and the table says so, while computer
 * players move: what a test against computers waits on between the person's decisions.
 */
export async function humansTurnOrEnd(h: Harness, gameId: string, humanId: string): Promise<StoredGame> {
  const until = Date.now() + 60_000;
  for (;;) {
    // What the table shows, written down as the bot's tick would.
    await writeShownTables(h.bot.context);
    const game = (await getGame(h.database.prisma, gameId))!;
    if (game.status === 'finished') return game;
    if (game.status === 'active' && game.publicStateId === game.state.stateId && game.state.players[decidingSeat(game.state)!]!.id === humanId) {
      const latest = latestPublicWithButtons(h);
      if (messageText(latest).includes(`<@${humanId}>`)) return game;
    }
    if (Date.now() > until) {
      const errors = h.logLines.filter((line) => line.level === 50).map((line) => `${String(line.msg)} ${JSON.stringify(line.err ?? '')}`.slice(0, 400));
      throw new Error(
        `the computers did not hand the turn back: ${game.status}, decider ${game.state ? decidingSeat(game.state) : '-'}, public ${game.publicStateId} / ${game.state?.stateId}; errors: ${errors.join(' | ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
