/**
 * The table's public message after a move: what happened, the board, the chains, the players,
 * and whose decision it is. Built from the spectator's view, so nothing private can reach it.
 * The buttons on it come from the feature files (through `BotContext.ui`).
 */
import { AttachmentBuilder, EmbedBuilder, type ButtonBuilder } from 'discord.js';
import { currentDecision, viewFor, type Decision, type GameEvent, type GameView } from '../engine/index.js';
import { renderBoard, renderNetWorthChart } from '../render/index.js';
import type { ActiveGame, FinishedGame } from '../store/index.js';
import { NEUTRAL_COLOUR, rows, type MessagePayload } from './layout.js';
import { cutText, describeEvents, isPerson, mention, money, playerLines, promptLine, standingsLines } from './text.js';

/**
 * `summary`: at the end, the animated board turn by turn (src/render/animation.ts), shown beside
 * the net-worth chart.
 */
export function gameMessage(
  game: ActiveGame | FinishedGame,
  events: readonly GameEvent[],
  extraLines: readonly string[],
  buttons: readonly ButtonBuilder[],
  summary: Buffer | null = null,
  ping = true,
): MessagePayload {
  const view = viewFor(game.state, null);
  const decision = currentDecision(game.state);
  const happened = [...describeEvents(events, view), ...extraLines];
  const embed = new EmbedBuilder()
    .setTitle(view.result ? 'Acquire: final standings' : `Acquire: turn ${view.turn + 1}`)
    .setColor(NEUTRAL_COLOUR)
    .setImage('attachment://board.png')
    // The picture shows the chains (size, price, bank, safe): the text does not repeat them.
    .addFields({ name: 'Players', value: cutText(playerLines(view).join('\n'), 1024) })
    .setFooter({ text: `Tiles left in the bag: ${view.bagSize}` });
  if (happened.length > 0) embed.setDescription(cutText(happened.join('\n'), 4000));
  const decider = decision.kind === 'gameOver' ? null : view.players[decision.seat]!;
  const files = [new AttachmentBuilder(renderBoard(view, { turnOf: decider?.name ?? null }), { name: 'board.png' })];
  const embeds = [embed.toJSON()];
  if (view.result) {
    embeds.push(new EmbedBuilder().setTitle('Net worth, turn by turn').setColor(NEUTRAL_COLOUR).setDescription(standingsLines(view).join('\n')).setImage('attachment://networth.png').toJSON());
    files.push(new AttachmentBuilder(renderNetWorthChart(view), { name: 'networth.png' }));
    if (summary) {
      embeds.push(new EmbedBuilder().setTitle('The board, turn by turn').setColor(NEUTRAL_COLOUR).setImage('attachment://summary.gif').toJSON());
      files.push(new AttachmentBuilder(summary, { name: 'summary.gif' }));
    }
    return { content: `**Game over.** ${winnersLine(view)}`, embeds, files, components: rows(buttons), allowedMentions: { users: [] } };
  }
  return {
    content: promptLine(decision, view),
    embeds,
    files,
    components: rows(buttons),
    // Only a person is pinged: a computer player has no Discord account.
    allowedMentions: { users: ping && decider && personToPing(game) === decider.id ? [decider.id] : [] },
  };
}

/**
 * Who a new table message may ping: the person who must decide, never a computer player, and never
 * a merger holder with hidden holdings (the ping would tell who holds the chain). Whether they are
 * pinged also depends on who was pinged last (src/bot/game-flow.ts `announce`).
 */
export function personToPing(game: ActiveGame | FinishedGame): string | null {
  const view = viewFor(game.state, null);
  const decision = currentDecision(game.state);
  if (decision.kind === 'gameOver') return null;
  const decider = view.players[decision.seat]!;
  return isPerson(decider.id) && !holderHidden(view, decision) ? decider.id : null;
}

/** A merger holder's decision in a hidden-holdings game: pinging them would tell who holds the chain. */
function holderHidden(view: GameView, decision: Decision): boolean {
  return decision.kind === 'disposeShares' && view.options.holdings === 'hidden' && !view.result;
}

function winnersLine(view: GameView): string {
  const winners = (view.result?.standings ?? []).filter((standing) => standing.place === 1);
  const names = winners.map((standing) => mention(standing.playerId)).join(' and ');
  return winners.length > 1 ? `${names} share the win with ${money(winners[0]!.cash)} each!` : `${names} wins with ${money(winners[0]?.cash ?? 0)}!`;
}
