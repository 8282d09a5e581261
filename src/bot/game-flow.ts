/**
 * Moving a game on from Discord: apply a move through the store (engine-validated, written
 * with its clock in one statement), tell the table, and play the seats the seat driver plays.
 * Every path that changes a game (a click, a time-out, the autopilot) goes through `commitMove`.
 */
import { MessageFlags } from 'discord.js';
import { type Action, currentDecision, type GameState } from '../engine/index.js';
import { type Locale, say, type Text, t } from '../i18n/index.js';
import { applyAction, getGame, isDatabaseUnavailable, isKnownUnsaved, type ActiveGame, type ApplyActionResult, type FinishedGame } from '../store/index.js';
import { clockAfter, type Mover } from './clock-policy.js';
import type { BotContext } from './context.js';
import type { ComponentInteraction } from './features/feature.js';
import type { Panel } from './layout.js';
import { countMove } from './metrics.js';
import { refusals, rejectionSentence } from './refusals.js';
import { fromPrivatePanel, readerLocale } from './replies.js';
import { automaticMove } from './seat-driver.js';
import { announce } from './table/publish.js';
import { viaOf, type Via } from './table/transport.js';
import { describeMove, escapedName, waitingLine } from './text.js';

export { announce };

/**
 * Applies `action` for the clicking user, offered at `stateId`. The click is acknowledged first
 * (Discord allows 3 s; a database round trip and a board picture may take longer), then either
 * the player's panel shows their next decision, or a refusal explains why nothing changed.
 */
export async function playMove(ctx: BotContext, interaction: ComponentInteraction, game: ActiveGame, action: Action, stateId: number): Promise<void> {
  // A click on a private panel updates that panel (acknowledged already, for a `move` feature,
  // before the game was read); anything else gets a private answer.
  if (fromPrivatePanel(interaction)) {
    if (!interaction.deferred) await interaction.deferUpdate();
  } else {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  }
  const seat = game.seats.findIndex((candidate) => candidate.userId === interaction.user.id);
  const locale = readerLocale(interaction);
  // The table is told through this click's webhook when the click came from a private panel
  // (a deferred reply's first follow-up would replace the reply itself, so not otherwise).
  const via = fromPrivatePanel(interaction) ? viaOf(interaction) : null;
  // The clicker first: a move that hands the decision on (the turn's end, say) shows its result
  // on the clicker's panel as soon as it is stored, before the table (and its picture) goes out.
  // A panel that offers the clicker's next move waits for the table instead: answered earlier, its
  // next click could reach another process before this one has posted and recorded the table.
  let told = false;
  const stored = async (moved: ActiveGame | FinishedGame) => {
    const panel = nextPanelFor(ctx, moved, interaction.user.id, locale);
    if (panel.components.length > 0) return;
    told = true;
    await interaction.editReply(panel);
  };
  let outcome: CommitResult;
  try {
    outcome = await ctx.locks.run(game.id, () => commitMove(ctx, game, action, { seat, by: 'player' }, [], stateId, { via, stored }));
  } catch (error) {
    // The database went away during the write: whether it was saved cannot be known, so say so
    // (unless it is known that nothing was).
    if (!isDatabaseUnavailable(error)) throw error;
    ctx.log.warn({ err: error, gameId: game.id, interactionId: interaction.id }, 'database unavailable during a move');
    await interaction.followUp({
      content: say(locale, isKnownUnsaved(error) ? refusals.unavailable : refusals.moveUncertain),
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  if (!outcome.ok) {
    await interaction.followUp({
      content: say(locale, failureSentence(outcome, game.state)),
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  // Debug, not info: a busy bot makes dozens of moves a second, each already in the game's
  // action log; info keeps to what an admin follows (games started, closed, timed out).
  ctx.log.debug(
    { gameId: game.id, channelId: game.channelId, interactionId: interaction.id, action: action.type, stateId: outcome.game.state.stateId },
    'move applied',
  );
  if (told && outcome.announced) return;
  const panel = nextPanelFor(ctx, outcome.game, interaction.user.id, locale);
  await interaction.editReply(outcome.announced ? panel : { ...panel, content: `${say(locale, refusals.madeButNotShown)}\n${panel.content}` });
}

function failureSentence(failure: Exclude<ApplyActionResult, { ok: true }>, state?: GameState): Text {
  switch (failure.reason) {
    case 'rejected':
      return rejectionSentence(failure.rejection, state);
    case 'stale':
      return refusals.stale;
    case 'not_found':
      return refusals.noSuchGame;
    case 'not_active':
      return refusals.over;
  }
}

/**
 * Applies a move (the caller holds the game's lock) with the clock of the decision it leads to,
 * and announces it. Then, in the background, the seat driver plays whatever seats it plays
 * (computer players, seats on autopilot), each move announced: the player who clicked is
 * answered at once rather than after the computers have thought.
 */
export type CommitResult = Exclude<ApplyActionResult, { ok: true }> | (Extract<ApplyActionResult, { ok: true }> & { announced: boolean });

export interface CommitOptions {
  /** The webhook of the click that made the move: the table posts through it at no cost against Discord's global limit. */
  via?: Via | null;
  /** Called once the move is stored, before the table shows it (the clicker's panel); awaited before the commit returns. */
  stored?: (game: ActiveGame | FinishedGame) => Promise<void>;
}

export async function commitMove(
  ctx: BotContext,
  game: ActiveGame,
  action: Action,
  mover: Mover,
  lines: readonly string[] = [],
  expectedStateId?: number,
  options: CommitOptions = {},
): Promise<CommitResult> {
  const result = await applyAction(ctx.db, game, action, {
    clockAfter: (state) => clockAfter(game, state, mover, ctx.now()),
    ...(expectedStateId === undefined ? {} : { expectedStateId }),
  });
  if (!result.ok) return result;
  countMove(ctx.metrics, mover.by);
  let current: ActiveGame | FinishedGame = result.game;
  let announced = true;
  // Started first, so that its request leaves ahead of the table's; a failure is the click's.
  const told = options.stored?.(result.game).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  try {
    current = await announce(ctx, result.game, result.events, lines, { via: options.via ?? null, previous: game.state });
  } catch (error) {
    // The move is written: it stands. The tick shows it as soon as Discord and the database allow (catch-up.ts).
    announced = false;
    ctx.log.warn({ err: error, gameId: game.id, stateId: result.game.state.stateId }, 'move made; its announcement failed and will be retried');
  }
  const failed = await told;
  if (current.status === 'active') keepPlaying(ctx, current.id, current);
  if (failed) throw failed.error;
  return { ...result, game: current, announced };
}

/**
 * Plays the game's automatic seats one move after another until a person must decide. Each
 * move is taken under the game's lock and guarded by the state it was chosen for, so a click
 * or another process that moved first simply wins; the thinking happens outside the lock.
 * The game as this process has just written it (`justWritten`, then each move of its own) is
 * looked at instead of read again; after a refusal the game is read.
 */
export function keepPlaying(ctx: BotContext, gameId: string, justWritten?: ActiveGame): void {
  let known: ActiveGame | FinishedGame | undefined = justWritten;
  const run = (async () => {
    while (!ctx.stopping) {
      const game = known ?? (await getGame(ctx.db, gameId));
      known = undefined;
      if (game?.status !== 'active') return;
      const move = await automaticMove(ctx, game);
      if (!move) return;
      if (move.mover.by === 'computer') await new Promise((resolve) => setTimeout(resolve, ctx.computerMoveDelayMs));
      const moved = await ctx.locks.run(gameId, async () => {
        const result = await applyAction(ctx.db, game, move.action, { clockAfter: (state) => clockAfter(game, state, move.mover, ctx.now()) });
        if (!result.ok) return result.reason === 'stale';
        countMove(ctx.metrics, move.mover.by);
        const name = escapedName(game.seats[move.mover.seat]!.displayName);
        const lines =
          move.mover.by === 'autopilot'
            ? [
                t(game.language, 'table.autopilotMove', {
                  name,
                  move: describeMove(move.action, game.state, game.language),
                }),
              ]
            : [];
        // Written: if showing it fails, the tick's catch-up shows it (and carries on from there).
        known = await announce(ctx, result.game, result.events, lines, { previous: game.state });
        return true;
      });
      // Refused (not stale): nothing more to do for now; stale: someone moved first, look again.
      if (!moved) return;
    }
  })().catch((error: unknown) => ctx.log.error({ err: error, gameId }, 'a computer or autopilot move failed'));
  ctx.background.add(run);
  void run.finally(() => ctx.background.delete(run));
}

/** The clicker's panel after their move: their next decision, or a short acknowledgement. */
function nextPanelFor(ctx: BotContext, game: ActiveGame | FinishedGame, userId: string, locale: Locale): Panel {
  const decision = currentDecision(game.state);
  if (decision.kind !== 'gameOver' && game.status === 'active' && game.state.players[decision.seat]?.id === userId) return ctx.ui.panel(game, userId, locale);
  return {
    content:
      decision.kind === 'gameOver'
        ? t(locale, 'panel.doneGameOver')
        : t(locale, 'panel.doneWaiting', {
            awaited: waitingLine(game.state, locale),
          }),
    components: [],
  };
}
