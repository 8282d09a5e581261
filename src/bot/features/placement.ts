/** Placing a tile: the "My tiles" panel (each tile says what it would do), skip, and redraw. */
import { ButtonStyle, MessageFlags, type ButtonBuilder } from 'discord.js';
import { currentDecision, isTile, viewFor, viewerHandEffects, type Decision, type GameView, type Tile } from '../../engine/index.js';
import type { ActiveGame } from '../../store/index.js';
import { args, button, defineKind } from '../components.js';
import { playMove } from '../game-flow.js';
import { rows, type Panel } from '../layout.js';
import { escapedName, money } from '../text.js';
import { feature } from './feature.js';
import { offerButtons } from './trades.js';

export const hand = defineKind('hand', args.none);
export const tile = defineKind('tile', { encode: (value: Tile) => value, decode: (text) => (isTile(text) ? (text as Tile) : null) });
export const skip = defineKind('skip', args.none);
export const redraw = defineKind('redraw', args.none);

const EFFECT_STYLE = { found: ButtonStyle.Success, grow: ButtonStyle.Primary, merge: ButtonStyle.Danger, nothing: ButtonStyle.Secondary, unplayable: ButtonStyle.Secondary } as const;

/** A player's tiles as buttons saying what each would do; playable only on their own placement. */
export function handPanel(game: ActiveGame, view: GameView, decision: Decision): Panel {
  const seat = view.viewerSeat;
  if (seat === null) return { content: 'You have no seat in this game.', components: [] };
  const at = { gameId: game.id, stateId: view.stateId };
  const myPlacement = decision.kind === 'placeTile' && decision.seat === seat;
  const effects = viewerHandEffects(view);
  const tileButtons = effects.map((effect) =>
    button(tile, at, effect.tile, `${effect.tile} · ${effect.playable ? effect.description : effect.permanent ? 'never playable' : 'not yet playable'}`, {
      style: EFFECT_STYLE[effect.kind],
      disabled: !myPlacement || !effect.playable,
    }),
  );
  const deciding = decision.kind === 'gameOver' ? null : view.players[decision.seat]!;
  const lines = [myPlacement ? '**Your turn: choose a tile to place.**' : `Your tiles (it is ${escapedName(deciding?.name ?? '')}'s decision now).`];
  for (const effect of effects.filter((candidate) => !candidate.playable)) lines.push(`• ${effect.description}`);
  if (effects.length === 0) lines.push('You hold no tiles.');
  lines.push(holdingsLine(view));
  const extra: ButtonBuilder[] = [];
  if (myPlacement && decision.kind === 'placeTile') {
    if (decision.mayRedraw) {
      lines.push('None of your tiles can be played: you may show them and draw a new hand, or skip the placement.');
      extra.push(button(redraw, at, undefined, 'Redraw my hand', { style: ButtonStyle.Primary }));
    }
    if (decision.mustSkip) extra.push(button(skip, at, undefined, 'Skip the placement'));
    if (decision.mayOfferTrade) extra.push(...offerButtons(game, view));
  }
  return { content: lines.join('\n'), components: rows(tileButtons, extra).slice(0, 5) };
}

/** The viewer's own cash and shares, as their view shows them. */
export function holdingsLine(view: GameView): string {
  const me = view.players[view.viewerSeat ?? -1];
  if (!me || me.cash === null || me.shares === null) return '';
  const held = me.shares.map((count, chain) => (count > 0 ? `${view.chains[chain]!.name} ${count}` : '')).filter(Boolean).join(', ');
  return `You have ${money(me.cash)}${held ? ` and ${held}` : ' and no shares'}.`;
}

export const placementFeatures = [
  feature({
    kind: hand,
    needs: 'seat',
    on: 'public',
    slowAnswer: 'reply',
    async run(ctx, interaction, { game, user, seat }) {
      const decision = currentDecision(game.state);
      // On their own placement it is their decision panel (with Suggest when hints are on).
      const panel = decision.kind === 'placeTile' && decision.seat === seat ? ctx.ui.panel(game, user.id) : handPanel(game, viewFor(game.state, user.id), decision);
      await interaction.reply({ ...panel, flags: MessageFlags.Ephemeral });
    },
  }),
  feature({
    kind: tile,
    needs: 'decider',
    on: 'panel',
    move: true,
    run: (ctx, interaction, { arg, game, user, stateId }) => playMove(ctx, interaction, game, { type: 'placeTile', player: user.id, tile: arg }, stateId),
  }),
  feature({
    kind: skip,
    needs: 'decider',
    on: 'panel',
    move: true,
    run: (ctx, interaction, { game, user, stateId }) => playMove(ctx, interaction, game, { type: 'skipPlacement', player: user.id }, stateId),
  }),
  feature({
    kind: redraw,
    needs: 'decider',
    on: 'panel',
    move: true,
    run: (ctx, interaction, { game, user, stateId }) => playMove(ctx, interaction, game, { type: 'redrawHand', player: user.id }, stateId),
  }),
];
