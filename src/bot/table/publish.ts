/**
 * Showing a game at its table after each move: one public message per turn, edited by the steps
 * within the turn and closed (its buttons taken off) when the turn passes; the short mention of
 * a decider who is not the player in turn; the final message; and the channel's summary of a
 * game played in a thread. What to ping and when to draw the board again are the pure rules of
 * pings.ts and picture.ts; the messages themselves are built from the spectator's view.
 */
import { currentDecision, viewFor, type GameEvent, type GameState, type GameView } from '../../engine/index.js';
import { ComponentType } from 'discord.js';
import {
  claimDecisionReminder,
  getActionLog,
  notifyWanted,
  playChannelOf,
  recordShownTables,
  recordTableMessage,
  savedLocale,
  setupOf,
  type ActiveGame,
  type FinishedGame,
} from '../../store/index.js';
import { decodeEnvelope } from '../components.js';
import { lastSeenLocale } from '../replies.js';
import { type Locale, resolveLocale, t } from '../../i18n/index.js';
import { animationFrames, steps } from '../../replay/steps.js';
import type { BotContext } from '../context.js';
import { messageUrl } from '../refusals.js';
import { describeEvents, isPerson } from '../text.js';
import { finalMessage } from './final-message.js';
import type { TurnRecord } from './memory.js';
import { mentionMessage, reminderText, secretDecider, waitingFor } from './notices.js';
import { withoutButtons, type Outgoing } from './payload.js';
import { pingFor } from './pings.js';
import { needsNewPicture, pictureKey } from './picture.js';
import { summaryMessage, summaryViewOf } from './summary.js';
import { usable, type Via } from './transport.js';
import { turnMessage } from './turn-message.js';

export interface AnnounceOptions {
  /** The webhook of the click that made the move, for posting at no cost against the global limit. */
  via?: Via | null;
  /** The state before the move (whose decision it was); null at the start or after a restart. */
  previous?: GameState | null;
  /** The first announcement of a game: there is no earlier table message to close. */
  start?: boolean;
}

function deciderOf(state: GameState): string | null {
  const decision = currentDecision(state);
  return decision.kind === 'gameOver' ? null : (state.players[decision.seat]?.id ?? null);
}

/** The board picture, drawn in a worker thread (a board takes longer than a dozen clicks' answers). */
function drawBoard(ctx: BotContext, gameId: string, view: GameView, locale: Locale): Promise<Buffer> {
  return ctx.workers.board(
    view,
    {
      turnOf: view.result ? null : (view.players[view.currentPlayer]?.name ?? null),
      locale,
    },
    gameId,
  );
}

/**
 * Shows a move (already written) at the table and returns the game with its current table
 * message. Throws when the table could not be brought up to date (Discord or the database
 * away): the move stands, and the tick's catch-up shows it later (src/bot/catch-up.ts). A
 * table message that cannot be edited any more (deleted) is replaced by a new one.
 */
export async function announce<Game extends ActiveGame | FinishedGame>(
  ctx: BotContext,
  game: Game,
  events: readonly GameEvent[],
  extraLines: readonly string[] = [],
  options: AnnounceOptions = {},
): Promise<Game> {
  const shown = await show(ctx, game, events, extraLines, options);
  if (shown.status === 'active') tellSecretDecider(ctx, shown as ActiveGame, options.previous ?? null);
  return shown;
}

/**
 * Hidden holdings: a merger's holder is not named nor pinged at the table when their decision
 * comes (that would tell who holds the chain), so one who asked for reminders is told by direct
 * message at once, in the background; the decision's reminder is then taken (no second one a
 * minute later). Closed direct messages are not said at the table either, for the same reason.
 */
function tellSecretDecider(ctx: BotContext, game: ActiveGame, previous: GameState | null): void {
  const decision = currentDecision(game.state);
  const userId = deciderOf(game.state);
  if (
    !userId ||
    !secretDecider(game.state, decision) ||
    userId === (previous && deciderOf(previous)) ||
    !isPerson(userId) ||
    game.clock.autopilot.includes(decision.seat) ||
    !game.publicMessageId
  )
    return;
  const link = messageUrl(game, game.publicMessageId);
  const told = (async () => {
    if (!(await notifyWanted(ctx.db, userId)) || !(await claimDecisionReminder(ctx.db, game.id, game.state.stateId))) return;
    // In the language they were last seen with (their own, not the game's).
    const locale = resolveLocale(lastSeenLocale(userId) ?? (await savedLocale(ctx.db, userId)));
    const guildName = ctx.client.guilds.cache.get(game.guildId)?.name ?? null;
    await ctx.transport.directMessage(userId, reminderText({ guildName, waitingFor: waitingFor(decision, locale), link }, locale));
    ctx.log.info({ gameId: game.id, seat: decision.seat }, 'secret decider told by direct message');
  })().catch((error: unknown) => ctx.log.info({ err: error, gameId: game.id }, 'could not tell a secret decider by direct message'));
  ctx.background.add(told);
  void told.finally(() => ctx.background.delete(told));
}

async function show<Game extends ActiveGame | FinishedGame>(
  ctx: BotContext,
  game: Game,
  events: readonly GameEvent[],
  extraLines: readonly string[],
  options: AnnounceOptions,
): Promise<Game> {
  const view = viewFor(game.state, null);
  const locale = game.language;
  const happened = [...describeEvents(events, view, locale), ...extraLines];
  const current = ctx.table.turn(game.id, game.publicMessageId);
  const previousDecider = options.previous ? deciderOf(options.previous) : (current?.decider ?? null);
  const channelId = playChannelOf(game);

  if (game.status === 'finished') {
    await closeTurn(ctx, game, current, view, happened, t(locale, 'table.closedGameOver'), options).catch((error: unknown) => {
      ctx.log.warn({ err: error, gameId: game.id }, 'could not close the last turn’s message');
    });
    const animation = await endOfGameAnimation(ctx, game as FinishedGame);
    const [board, chart] = await Promise.all([drawBoard(ctx, game.id, view, game.language), ctx.workers.netWorthChart(view, locale)]);
    const final = finalMessage(view, { board, chart, animation }, ctx.ui.finalButtons(game as FinishedGame), locale);
    const posted = await sendNew(ctx, channelId, final, options.via);
    await record(ctx, game, channelId, posted.id, closedId(game, current));
    ctx.table.forget(game.id);
    const lastSummary = summaryEdit(ctx, game, view);
    if (lastSummary) await ctx.summaries.last(game.id, lastSummary);
    return { ...game, publicMessageId: posted.id, publicStateId: game.state.stateId };
  }

  const active = game as ActiveGame;
  const decision = currentDecision(game.state);
  const decider = deciderOf(game.state);
  const silent =
    decision.kind !== 'gameOver' && (game.clock.autopilot.includes(decision.seat) || (decider !== null && !isPerson(decider)) || secretDecider(view, decision));
  const lastPinged = ctx.table.lastPinged(game.id);
  const buttons = ctx.ui.tableButtons(active);

  if (current && current.turn === view.turn) {
    // A step within the turn: the turn's message is edited (edits never ping).
    const lines = [...current.lines, ...happened];
    const redraw = needsNewPicture(current.picture, view);
    let edited = true;
    try {
      await editRecord(
        ctx,
        current,
        turnMessage({
          view,
          decision,
          lines,
          buttons,
          picture: redraw ? await drawBoard(ctx, game.id, view, game.language) : null,
          ping: null,
          locale,
        }),
      );
    } catch (error) {
      // Deleted by someone, say: the turn goes on in a new message.
      ctx.log.warn({ err: error, gameId: game.id, messageId: current.messageId }, 'could not edit the table message; posting a new one');
      edited = false;
    }
    if (edited) {
      ctx.table.setTurn(game.id, { ...current, lines, picture: redraw ? pictureKey(view) : current.picture, decider });
      // The table shows this state now (written down at the next tick: see memory.ts).
      ctx.table.noteShown(game.id, current.messageId, game.state.stateId);
      const ping = pingFor({ decider, previousDecider, turnPlayer: view.players[view.currentPlayer]?.id ?? null, newTurn: false, lastPinged, silent });
      if (ping) {
        await sendNew(ctx, channelId, mentionMessage(view, decision, messageUrl(game, current.messageId), locale), options.via);
        ctx.table.notePing(game.id, ping.userId);
      }
      return { ...game, publicStateId: game.state.stateId };
    }
    return postTurn(ctx, game, view, [...current.lines, ...happened], options, { decider, previousDecider, lastPinged, silent, buttons }, current);
  }

  // The turn passed (or the game starts, or this process has no record of the table message):
  // the move is told on the turn's message, which loses its buttons, and a new one is posted.
  const closed = await closeTurn(ctx, game, current, view, happened, '', options).catch((error: unknown) => {
    ctx.log.warn({ err: error, gameId: game.id }, 'could not close the turn’s message');
    return false;
  });
  return postTurn(ctx, game, view, closed ? [] : happened, options, { decider, previousDecider, lastPinged, silent, buttons }, current);
}

interface TurnDeciders {
  decider: string | null;
  previousDecider: string | null;
  lastPinged: string | null;
  silent: boolean;
  buttons: ReturnType<BotContext['ui']['tableButtons']>;
}

/**
 * Posts a new turn message (pinging the player whose turn it is, by the rule) and records it at
 * once, so that no process (this one after a crash included) can lose track of a message whose
 * buttons act: one more write for a turn's first move. The steps within a turn, edits of the same
 * message, are written down at the tick (see memory.ts).
 */
async function postTurn<Game extends ActiveGame | FinishedGame>(
  ctx: BotContext,
  game: Game,
  view: GameView,
  lines: readonly string[],
  options: AnnounceOptions,
  who: TurnDeciders,
  previous: TurnRecord | null,
): Promise<Game> {
  const { decider, previousDecider, lastPinged, silent, buttons } = who;
  const decision = currentDecision(game.state);
  const channelId = playChannelOf(game);
  const ping = pingFor({ decider, previousDecider, turnPlayer: view.players[view.currentPlayer]?.id ?? null, newTurn: true, lastPinged, silent });
  const message = turnMessage({
    view,
    decision,
    lines,
    buttons,
    picture: await drawBoard(ctx, game.id, view, game.language),
    ping: ping?.userId ?? null,
    locale: game.language,
  });
  const posted = await sendNew(ctx, channelId, message, options.via);
  if (!(await record(ctx, game, channelId, posted.id, closedId(game, previous)))) return game;
  ctx.table.setTurn(game.id, {
    channelId,
    messageId: posted.id,
    turn: view.turn,
    turnSeat: view.currentPlayer,
    lines: [...lines],
    picture: pictureKey(view),
    decider,
    via: posted.via,
  });
  if (ping) ctx.table.notePing(game.id, ping.userId);
  // At the start the lobby's own answer writes the summary (src/bot/features/lobby.ts).
  const summary = options.start ? null : summaryEdit(ctx, game, view);
  if (summary) ctx.summaries.soon(game.id, summary);
  return { ...game, publicMessageId: posted.id, publicStateId: game.state.stateId };
}

/**
 * Ends the current turn's message: the move's lines added, the buttons taken off. Without a
 * record of it (a restart), its buttons are taken off as Discord has them. Returns whether
 * the move's lines were told there.
 */
async function closeTurn(
  ctx: BotContext,
  game: ActiveGame | FinishedGame,
  current: TurnRecord | null,
  view: GameView,
  happened: readonly string[],
  closing: string,
  options: AnnounceOptions,
): Promise<boolean> {
  if (current) {
    const turnView: GameView = { ...view, turn: current.turn, currentPlayer: current.turnSeat };
    await editRecord(
      ctx,
      current,
      turnMessage({
        view: turnView,
        decision: currentDecision(game.state),
        lines: [...current.lines, ...happened],
        buttons: [],
        picture: null,
        ping: null,
        closed: closing,
        locale: game.language,
      }),
    );
    return true;
  }
  if (game.publicMessageId && !options.start) {
    const channelId = playChannelOf(game);
    await stripMessage(ctx, channelId, game.publicMessageId);
  }
  return false;
}

/** Takes the buttons off a table message this process has no record of (bot token: read, then edit). */
export async function stripMessage(ctx: BotContext, channelId: string, messageId: string): Promise<void> {
  try {
    const { components } = await ctx.transport.components(channelId, messageId);
    const message: Outgoing = { body: { components: withoutButtons(components), allowed_mentions: { parse: [], users: [] } }, files: [] };
    await ctx.transport.edit(channelId, messageId, message);
  } catch (error) {
    // A deleted message or a missing permission must not stop the game.
    ctx.log.warn({ err: error, channelId, messageId }, 'could not remove the buttons of an old message');
  }
}

/**
 * Writes down what every table this process showed since the last time shows now, in one
 * statement (the tick and a stop call this): a move itself is then a single write.
 */
export async function writeShownTables(ctx: BotContext): Promise<void> {
  const tables = ctx.table.toWrite();
  if (tables.length === 0) return;
  await recordShownTables(ctx.db, tables);
  ctx.table.written(tables);
}

/** The message this announcement closed: the turn's it had in memory, or the one on record (at the start, the lobby, which its own answer turns into the summary). */
function closedId(game: ActiveGame | FinishedGame, current: TurnRecord | null): string | null {
  return current?.messageId ?? game.publicMessageId;
}

/**
 * Writes down a table message the moment it is posted. Should the write fail, the message would
 * never be found again: its buttons go, and the catch-up posts anew. Should a message of a newer
 * state be on record already (another process moved the game on), this one loses its buttons
 * and false is returned; should the message it replaced be another than the one this process
 * closed (another process's, posted meanwhile), that one loses them.
 */
async function record(ctx: BotContext, game: ActiveGame | FinishedGame, channelId: string, messageId: string, closed: string | null): Promise<boolean> {
  let outcome: Awaited<ReturnType<typeof recordTableMessage>>;
  try {
    outcome = await recordTableMessage(ctx.db, game.id, messageId, game.state.stateId);
  } catch (error) {
    ctx.table.forget(game.id);
    await stripMessage(ctx, channelId, messageId);
    throw error;
  }
  ctx.table.recorded(game.id);
  if (!outcome.recorded) {
    ctx.log.info({ gameId: game.id, stateId: game.state.stateId }, 'a newer table message is on record; this one loses its buttons');
    ctx.table.forget(game.id);
    await stripMessage(ctx, channelId, messageId);
    return false;
  }
  if (outcome.replaced && outcome.replaced !== closed && outcome.replaced !== messageId) {
    await stripMessage(ctx, channelId, outcome.replaced);
  }
  return true;
}

/**
 * Takes the buttons off every recent message of the game's table but the one on record: one
 * posted by a process that died before recording it, or by two processes at once. Start-up and
 * the catch-up call this for a game whose table is behind (which such a message leaves it).
 */
export async function stripStrayTables(ctx: BotContext, game: ActiveGame | FinishedGame): Promise<void> {
  const channelId = playChannelOf(game);
  let recent: Awaited<ReturnType<typeof ctx.transport.recentMessages>>;
  try {
    recent = await ctx.transport.recentMessages(channelId, STRAY_SEARCH);
  } catch (error) {
    ctx.log.warn({ err: error, gameId: game.id }, 'could not look for older table messages');
    return;
  }
  for (const message of recent) {
    if (message.id === game.publicMessageId || message.author?.id !== ctx.client.user?.id) continue;
    if (buttonGames(message.components ?? []).has(game.id)) await stripMessage(ctx, channelId, message.id);
  }
}

/** How many of a table's latest messages are looked through for stray buttons. */
const STRAY_SEARCH = 50;

/** The games whose buttons a message carries (from their custom ids). */
function buttonGames(components: readonly unknown[]): Set<string> {
  const games = new Set<string>();
  const walk = (nodes: readonly unknown[]) => {
    for (const node of nodes) {
      const typed = node as { type?: number; custom_id?: unknown; disabled?: boolean; components?: unknown[] };
      if (typed.type === ComponentType.Button && typeof typed.custom_id === 'string' && !typed.disabled) {
        const id = decodeEnvelope(typed.custom_id);
        if (id) games.add(id.gameId);
      }
      if (typed.components) walk(typed.components);
    }
  };
  walk(components);
  return games;
}

/** Posts through the click's webhook when it can (free), else with the bot token. */
async function sendNew(ctx: BotContext, channelId: string, message: Outgoing, via: Via | null | undefined): Promise<{ id: string; via: Via | null }> {
  if (usable(via, channelId)) {
    try {
      return { id: await ctx.transport.followUp(via, message), via };
    } catch (error) {
      ctx.log.debug({ err: error, channelId }, 'follow-up refused; posting with the bot token');
    }
  }
  return { id: await ctx.transport.post(channelId, message), via: null };
}

async function editRecord(ctx: BotContext, record: TurnRecord, message: Outgoing): Promise<void> {
  if (usable(record.via, record.channelId)) {
    try {
      await ctx.transport.editFollowUp(record.via, record.messageId, message);
      return;
    } catch (error) {
      ctx.log.debug({ err: error, messageId: record.messageId }, 'webhook edit refused; editing with the bot token');
    }
  }
  await ctx.transport.edit(record.channelId, record.messageId, message);
}

/**
 * The edit of the channel's summary of a game played in a thread (players, whose turn, the
 * result), sent when `ctx.summaries` says; null for a game without a summary. Built when it is
 * sent, not now: while a game plays, most of its turns' edits are replaced by a newer one before
 * they go (one edit a game every 15 s), and building one (an embed, checked field by field by
 * discord.js's builders) was 1.6 % of the event loop's time at the load bench's ceiling, in a
 * CPU profile of 2026-11-27. What waits meanwhile is only what the summary shows, not the game.
 */
function summaryEdit(
  ctx: BotContext,
  game: Parameters<typeof summaryMessage>[0] & Pick<ActiveGame, 'id' | 'channelId' | 'summaryMessageId'>,
  view: GameView | null,
): (() => Promise<void>) | null {
  const { id: gameId, channelId, threadId, summaryMessageId } = game;
  if (!threadId || !summaryMessageId) return null;
  const { status, seats, options, turnLimitSeconds, hints, createdBy, language } = game;
  const shown = view && summaryViewOf(view);
  return async () => {
    try {
      await ctx.transport.edit(
        channelId,
        summaryMessageId,
        summaryMessage(
          {
            status,
            seats,
            options,
            turnLimitSeconds,
            hints,
            createdBy,
            threadId,
            language,
          },
          shown,
        ),
      );
    } catch (error) {
      ctx.log.warn({ err: error, gameId, channelId }, 'could not update the game’s summary');
    }
  };
}

/** A game that stopped (cancelled): its table message loses its buttons and its summary says so. */
export async function closeTable(ctx: BotContext, game: ActiveGame, status: 'cancelled'): Promise<void> {
  const current = ctx.table.turn(game.id, game.publicMessageId);
  const view = viewFor(game.state, null);
  try {
    await closeTurn(ctx, game, current, view, [], t(game.language, 'table.closedCancelled'), {});
  } catch (error) {
    ctx.log.warn({ err: error, gameId: game.id }, 'could not close the table message');
  }
  ctx.table.forget(game.id);
  const summary = summaryEdit(ctx, { ...game, status }, view);
  if (summary) await ctx.summaries.last(game.id, summary);
}

/** The board turn by turn, rebuilt from the log and encoded in the worker pool; null if it cannot be made. */
async function endOfGameAnimation(ctx: BotContext, game: FinishedGame): Promise<Buffer | null> {
  try {
    const log = await getActionLog(ctx.db, game.id);
    const frames = animationFrames(
      steps(
        setupOf(game),
        log.map((entry) => entry.action),
      ),
    );
    return await ctx.workers.animate(
      frames,
      game.state.chains.map((chain) => ({ name: chain.name })),
    );
  } catch (error) {
    // The standings matter more than the picture: post them without it.
    ctx.log.warn({ err: error, gameId: game.id }, 'could not make the end-of-game animation');
    return null;
  }
}
