/** Placing a tile: the "My tiles" panel (each tile says what it would do), skip, and redraw. */
import { ButtonStyle, MessageFlags, type ButtonBuilder } from 'discord.js';
import { currentDecision, type Decision, type GameView, isTile, type Tile, type TileEffect, viewerHandEffects, viewFor } from '../../engine/index.js';
import { formatList, type Locale, t } from '../../i18n/index.js';
import type { ActiveGame } from '../../store/index.js';
import { args, button, defineKind } from '../components.js';
import { playMove } from '../game-flow.js';
import { rows, type Panel } from '../layout.js';
import { readerLocale } from '../replies.js';
import { escapedName, money } from '../text.js';
import { feature } from './feature.js';
import { offerButtons } from './trades.js';

export const hand = defineKind('hand', args.none);
export const tile = defineKind('tile', { encode: (value: Tile) => value, decode: (text) => (isTile(text) ? (text as Tile) : null) });
export const skip = defineKind('skip', args.none);
export const redraw = defineKind('redraw', args.none);

const EFFECT_STYLE = {
  found: ButtonStyle.Success,
  grow: ButtonStyle.Primary,
  merge: ButtonStyle.Danger,
  nothing: ButtonStyle.Secondary,
  unplayable: ButtonStyle.Secondary,
} as const;

/** A player's tiles as buttons saying what each would do; playable only on their own placement. */
export function handPanel(game: ActiveGame, view: GameView, decision: Decision, locale: Locale): Panel {
  const seat = view.viewerSeat;
  if (seat === null) return { content: t(locale, 'hand.noSeat'), components: [] };
  const at = { gameId: game.id, stateId: view.stateId };
  const myPlacement = decision.kind === 'placeTile' && decision.seat === seat;
  const effects = viewerHandEffects(view);
  const tileButtons = effects.map((effect) =>
    button(
      tile,
      at,
      effect.tile,
      t(locale, 'hand.tileButton', {
        tile: effect.tile,
        effect: effect.playable ? effectText(effect, view, locale) : t(locale, effect.permanent ? 'hand.neverPlayable' : 'hand.notYetPlayable'),
      }),
      {
        style: EFFECT_STYLE[effect.kind],
        disabled: !myPlacement || !effect.playable,
      },
    ),
  );
  const deciding = decision.kind === 'gameOver' ? null : view.players[decision.seat]!;
  const lines = [
    myPlacement
      ? t(locale, 'hand.yourTurn')
      : t(locale, 'hand.yourTiles', {
          name: escapedName(deciding?.name ?? ''),
        }),
  ];
  for (const effect of effects.filter((candidate) => !candidate.playable)) lines.push(`• ${effectText(effect, view, locale)}`);
  if (effects.length === 0) lines.push(t(locale, 'hand.noTiles'));
  lines.push(holdingsLine(view, locale));
  const extra: ButtonBuilder[] = [];
  if (myPlacement && decision.kind === 'placeTile') {
    if (decision.mayRedraw) {
      lines.push(t(locale, 'hand.mayRedraw'));
      extra.push(
        button(redraw, at, undefined, t(locale, 'buttons.redraw'), {
          style: ButtonStyle.Primary,
        }),
      );
    }
    if (decision.mustSkip) extra.push(button(skip, at, undefined, t(locale, 'buttons.skip')));
    if (decision.mayOfferTrade) extra.push(...offerButtons(game, view, locale));
  }
  return { content: lines.join('\n'), components: rows(tileButtons, extra).slice(0, 5) };
}

/** What a tile in hand would do, in words: "founds a chain", "grows Tower", or why it cannot be played. */
function effectText(effect: TileEffect, view: GameView, locale: Locale): string {
  switch (effect.kind) {
    case 'nothing':
      return t(locale, 'hand.standsAlone');
    case 'found':
      return t(locale, 'hand.founds');
    case 'grow':
      return t(locale, 'hand.grows', { chain: effect.chains[0] ?? '' });
    case 'merge':
      return t(locale, 'hand.merges', {
        chains: formatList(effect.chains, locale),
      });
    case 'unplayable': {
      if (!effect.permanent) return t(locale, 'hand.eighthChain', { tile: effect.tile });
      const safe = effect.chains.filter((name) => view.chains.find((chain) => chain.name === name)?.safe);
      return t(locale, 'hand.mergesSafeChains', {
        tile: effect.tile,
        chains: formatList(safe.length > 0 ? safe : effect.chains, locale),
      });
    }
  }
}

/** The viewer's own cash and shares, as their view shows them. */
export function holdingsLine(view: GameView, locale: Locale): string {
  const me = view.players[view.viewerSeat ?? -1];
  if (!me || me.cash === null || me.shares === null) return '';
  const held = me.shares
    .map((count, chain) => (count > 0 ? t(locale, 'players.held', { chain: view.chains[chain]!.name, count }) : ''))
    .filter(Boolean)
    .join(', ');
  return held ? t(locale, 'hand.youHave', { cash: money(me.cash, locale), shares: held }) : t(locale, 'hand.youHaveNoShares', { cash: money(me.cash, locale) });
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
      const locale = readerLocale(interaction);
      const panel =
        decision.kind === 'placeTile' && decision.seat === seat
          ? ctx.ui.panel(game, user.id, locale)
          : handPanel(game, viewFor(game.state, user.id), decision, locale);
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
