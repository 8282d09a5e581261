/**
 * Moving a game on from Discord: apply a move through the store (engine-validated, written
 * with its clock in one statement), tell the table, and play the seats the seat driver plays.
 * Every path that changes a game (a click, a time-out, the autopilot) goes through `commitMove`.
 */
import { MessageFlags } from 'discord.js';
import { currentDecision, type Action } from '../engine/index.js';
import { applyAction, type ActiveGame, type ApplyActionResult, type FinishedGame } from '../store/index.js';
import { clockAfter, type Mover } from './clock-policy.js';
import type { BotContext } from './context.js';
import type { ComponentInteraction } from './features/feature.js';
import type { Panel } from './layout.js';
import { refusals, rejectionSentence } from './refusals.js';
import { fromPrivatePanel } from './replies.js';
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
  // A click on a private panel updates that panel; anything else gets a private answer.
  if (fromPrivatePanel(interaction)) await interaction.deferUpdate();
  else await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const seat = game.seats.findIndex((candidate) => candidate.userId === interaction.user.id);
  // The player's own answer comes first (it also fills a deferred reply, which a public
  // follow-up must not replace); the table is then told through this click's webhook.
  const answer = (moved: ActiveGame | FinishedGame) => interaction.editReply(nextPanelFor(ctx, moved, interaction.user.id)).then(() => undefined);
  const outcome = await ctx.locks.run(game.id, () => commitMove(ctx, game, action, { seat, by: 'player' }, [], stateId, { via: viaOf(interaction), answer }));
  if (!outcome.ok) {
    await interaction.followUp({ content: failureSentence(outcome), flags: MessageFlags.Ephemeral });
    return;
  }
  ctx.log.info({ gameId: game.id, channelId: game.channelId, interactionId: interaction.id, action: action.type, stateId: outcome.game.state.stateId }, 'move applied');
}

function failureSentence(failure: Exclude<ApplyActionResult, { ok: true }>): string {
  switch (failure.reason) {
    case 'rejected':
      return rejectionSentence(failure.rejection);
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
 * announces it, and then makes the moves the seat driver makes (seats on autopilot), each
 * announced. Returns the result of the first move with the game as it finally stands.
 */
export interface CommitOptions {
  /** The webhook of the click that made the move: the table posts through it at no cost. */
  via?: Via | null;
  /** Answers the clicking player once the move is written, before the table is told. */
  answer?: (game: ActiveGame | FinishedGame) => Promise<void>;
}

export async function commitMove(
  ctx: BotContext,
  game: ActiveGame,
  action: Action,
  mover: Mover,
  lines: readonly string[] = [],
  expectedStateId?: number,
  options: CommitOptions = {},
): Promise<ApplyActionResult> {
  const clock = (current: ActiveGame, by: Mover) => (state: Parameters<typeof clockAfter>[1]) => clockAfter(current, state, by, ctx.now());
  const first = await applyAction(ctx.db, game, action, { clockAfter: clock(game, mover), ...(expectedStateId === undefined ? {} : { expectedStateId }) });
  if (!first.ok) return first;
  await options.answer?.(first.game).catch((error: unknown) => ctx.log.warn({ err: error, gameId: game.id }, 'could not answer the player'));
  let result = first;
  let before = game;
  let announcement = lines;
  for (;;) {
    const current = await announce(ctx, result.game, result.events, announcement, { via: options.via ?? null, previous: before.state });
    if (current.status !== 'active') return { ...first, game: current };
    const auto = automaticMove(current);
    if (!auto) return { ...first, game: current };
    announcement = [`🤖 ${escapedName(current.seats[auto.mover.seat]!.displayName)} is on autopilot: ${describeMove(auto.action, current.state)}.`];
    const played = await applyAction(ctx.db, current, auto.action, { clockAfter: clock(current, auto.mover) });
    // Another process moved first: it also runs the seat driver, so stop here.
    if (!played.ok) return { ...first, game: current };
    before = current;
    result = played;
  }
}

/** The clicker's panel after their move: their next decision, or a short acknowledgement. */
function nextPanelFor(ctx: BotContext, game: ActiveGame | FinishedGame, userId: string): Panel {
  const decision = currentDecision(game.state);
  if (decision.kind !== 'gameOver' && game.status === 'active' && game.state.players[decision.seat]?.id === userId) return ctx.ui.panel(game, userId);
  return { content: decision.kind === 'gameOver' ? 'Done. The game is over: see the final standings at the table.' : `Done. Now ${waitingLine(game.state)}`, components: [] };
}
