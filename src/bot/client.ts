/**
 * The bot: a discord.js client with only the Guilds intent, wired to the one interaction router.
 */
import { Client, Events, GatewayIntentBits, Options, REST, type ClientOptions } from 'discord.js';
import { createWorkerPool, type WorkerPool } from '../ai/pool.js';
import type { PrismaClient } from '../store/index.js';
import { GameLocks, type BotContext } from './context.js';
import { tableUi } from './features/index.js';
import { shardFilterOf, watchDepartures } from './departures.js';
import type { Logger } from './logger.js';
import { guardInteractionPayloads } from './payload-guard.js';
import { countRequests, createMetrics, timeFirstAnswer, watchBot, type BotMetrics } from './metrics.js';
import { Lateness, refuseBusy } from './overload.js';
import { resumeGames } from './resume.js';
import { SLOW_ANSWER_AFTER_MS } from './replies.js';
import { routeInteraction, type CommandHandler } from './router.js';
import { TableMemory } from './table/memory.js';
import { writeShownTables } from './table/publish.js';
import { SummaryEdits } from './table/summary-edits.js';
import { TableTransport } from './table/transport.js';
import { startTurnClock } from './turn-clock.js';

export interface BotOptions {
  db: PrismaClient;
  log: Logger;
  /**
   * The slash commands' handlers by command name. Handed in by `main` (from commands/), so
   * that the bot layer never imports the command layer that builds on it.
   */
  commands: ReadonlyMap<string, CommandHandler>;
  /** Extra client options (tests point `rest` at the local Discord double). */
  clientOptions?: Partial<ClientOptions>;
  now?: () => Date;
  /** The seed each started game deals from; by default the store draws one at random (tests fix it to play a known game). */
  gameSeed?: () => number;
  /** The worker threads (computer players, pictures); by default the bot's own, closed when it stops. */
  workers?: WorkerPool;
  /** Requests a second Discord allows this bot in all (`DISCORD_GLOBAL_REST_LIMIT`, default 50). */
  globalRestLimit?: number;
  /** The REST proxy (`DISCORD_REST_PROXY`) that paces the bot-token requests of all the bot's processes; absent, this process paces its own. */
  restProxy?: string;
  /** Pause before each computer player's move (default 1.5 s, so that people can follow). */
  computerMoveDelayMs?: number;
  /** How long a table may lag behind its game before the tick shows it (default 10 s). */
  catchUpAfterMs?: number;
  /** How long a click's answer may take before the click is acknowledged and answered by an edit (default 25 ms). */
  slowAnswerAfterMs?: number;
  /** How often due turn clocks are checked; 0 leaves it to the caller (tests call `tick`). */
  clockTickMs?: number;
  /** At most one edit of a game's summary in this long while it plays (default `SUMMARY_EDIT_MS`, 15 s). */
  summaryEditMs?: number;
  /** What `/metrics` shows (main creates it first, so that the database's statements are timed too); by default a new set. */
  metrics?: BotMetrics;
}

/**
 * Interaction callbacks and the interaction webhook are not counted against Discord's global
 * limit, so the client's own queue, which carries them, is not held to it: an answer never
 * waits behind the bot's channel posts, which queue apart (src/bot/table/transport.ts).
 */
const ANSWERS_PER_SECOND = 10_000;

/** How long a request sent through the REST proxy may take, its wait in the proxy's queue included. */
const PROXIED_TIMEOUT_MS = 120_000;

/**
 * How often each REST queue lets go of its idle rate-limit handlers. discord.js keeps a handler
 * for every route and major parameter it has used, and an interaction's webhook is its own major
 * parameter: every click leaves one or two handlers behind (its answer's edits, the table post
 * through its webhook), each holding the route with the token (51 for 12 moves of a game). With
 * discord.js's default sweep (hourly) a bot making 65 moves a second would hold most of a million
 * of them; swept each minute, tens of thousands at most. A handler swept while idle is made again
 * if its route is used again.
 */
const REST_HANDLER_SWEEP_MS = 60_000;

/**
 * What discord.js keeps in memory, bounded to what the bot reads: servers, channels and threads
 * (where games play, and their permissions) and the bot's own member. Nothing is read from the
 * message cache (a click brings its message), so none is kept: by default every channel keeps
 * its last 200 messages, which for a thousand games' threads is most of the process's memory.
 * Members arrive with each click; only the bot's own is looked up.
 */
const BOUNDED_CACHES = Options.cacheWithLimits({
  ...Options.DefaultMakeCacheSettings,
  MessageManager: 0,
  GuildMemberManager: { maxSize: 1, keepOverLimit: (member) => member.id === member.client.user.id },
  UserManager: { maxSize: 1, keepOverLimit: (user) => user.id === user.client.user.id },
  ThreadMemberManager: 0,
  ReactionManager: 0,
  ReactionUserManager: 0,
  PresenceManager: 0,
  VoiceStateManager: 0,
  GuildEmojiManager: 0,
  GuildStickerManager: 0,
  GuildScheduledEventManager: 0,
  StageInstanceManager: 0,
  GuildBanManager: 0,
  GuildInviteManager: 0,
  AutoModerationRuleManager: 0,
});

export interface Bot {
  context: BotContext;
  /** Logs in and resolves once the client is ready. */
  start(token: string): Promise<void>;
  /** Stops taking interactions, waits for those in flight, and logs out. */
  stop(): Promise<void>;
}

export function createBot(options: BotOptions): Bot {
  const restOptions = { handlerSweepInterval: REST_HANDLER_SWEEP_MS, ...options.clientOptions?.rest };
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    makeCache: BOUNDED_CACHES,
    ...options.clientOptions,
    rest: { ...restOptions, globalRequestsPerSecond: ANSWERS_PER_SECOND },
  });
  // Channel posts on a queue of their own, at Discord's global limit (or what Discord granted).
  // Nine tenths of the limit: the client's own bot-token requests (fetching a channel, say) share
  // Discord's budget, and the two queues' one-second windows do not line up.
  const globalLimit = options.globalRestLimit ?? restOptions.globalRequestsPerSecond ?? 50;
  // Through a REST proxy (src/rest-proxy.ts), the proxy paces the posts of every process of the
  // bot, and a request waits there for its turn: it is given the time to.
  const channelRest = options.restProxy
    ? new REST({
        ...restOptions,
        api: `${options.restProxy.replace(/\/+$/, '')}/api`,
        globalRequestsPerSecond: ANSWERS_PER_SECOND,
        timeout: PROXIED_TIMEOUT_MS,
      })
    : new REST({ ...restOptions, globalRequestsPerSecond: Math.max(1, Math.floor(globalLimit * 0.9)) });
  const workers = options.workers ?? createWorkerPool();
  const metrics = options.metrics ?? createMetrics();
  countRequests(metrics, client.rest, 'answers');
  countRequests(metrics, channelRest, 'channels');
  const context: BotContext = {
    client,
    channelRest,
    db: options.db,
    log: options.log,
    now: options.now ?? (() => new Date()),
    ...(options.gameSeed ? { gameSeed: options.gameSeed } : {}),
    locks: new GameLocks(),
    ui: tableUi,
    transport: new TableTransport(channelRest, client.rest),
    table: new TableMemory(),
    summaries: new SummaryEdits(options.summaryEditMs),
    workers,
    computerMoveDelayMs: options.computerMoveDelayMs ?? 1500,
    background: new Set(),
    catchUpAfterMs: options.catchUpAfterMs ?? 10_000,
    slowAnswerAfterMs: options.slowAnswerAfterMs ?? SLOW_ANSWER_AFTER_MS,
    stopping: false,
    metrics,
  };
  watchBot(metrics, { db: options.db, workers, now: context.now, shards: () => shardFilterOf(client) });
  const inFlight = new Set<Promise<void>>();
  const lateness = new Lateness();
  let accepting = true;
  let stopClock: (() => Promise<void>) | null = null;

  client.on(Events.InteractionCreate, (interaction) => {
    if (!accepting) return;
    timeFirstAnswer(metrics, interaction);
    // A click that arrives too late for its work to be answered in time is refused at once (overload.ts).
    const served = lateness.tooLate(interaction) ? refuseBusy(context, interaction) : routeInteraction(context, interaction, options.commands);
    const work = served.finally(() => inFlight.delete(work));
    inFlight.add(work);
  });
  client.on(Events.Error, (error) => options.log.error({ err: error }, 'discord client error'));
  guardInteractionPayloads(client, options.log);
  watchDepartures(context);

  return {
    context,
    async start(token) {
      channelRest.setToken(token);
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(token);
      await ready;
      const resumed = await resumeGames(context);
      const tickMs = options.clockTickMs ?? 5000;
      if (tickMs > 0) stopClock = startTurnClock(context, tickMs);
      options.log.info({ user: client.user?.tag, guilds: client.guilds.cache.size, resumedGames: resumed }, 'bot online');
    },
    async stop() {
      accepting = false;
      context.stopping = true;
      await stopClock?.();
      await Promise.allSettled([...inFlight]);
      // Computer players' moves in progress finish (each is one guarded write and its announcement).
      await Promise.allSettled([...context.background]);
      // The summaries' waiting edits, and what the tables show, so that a restart does not show them all again.
      await context.summaries.flush();
      await writeShownTables(context).catch((error: unknown) => options.log.warn({ err: error }, 'could not write down what the tables show'));
      await client.destroy();
      channelRest.clearHashSweeper();
      channelRest.clearHandlerSweeper();
      if (!options.workers) await workers.close();
    },
  };
}
