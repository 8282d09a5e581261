/** The buy panel: a cart of up to three shares, confirmed in one click; declaring the end. */
import { ButtonStyle } from 'discord.js';
import { currentDecision, viewFor, viewerBasketCheck, type Decision, type GameView } from '../../engine/index.js';
import { type Locale, t } from '../../i18n/index.js';
import type { ActiveGame } from '../../store/index.js';
import { args, button, defineKind } from '../components.js';
import { playMove } from '../game-flow.js';
import { rows, type Panel } from '../layout.js';
import { refusals } from '../refusals.js';
import { readerLocale, refuse } from '../replies.js';
import { countNames, money } from '../text.js';
import { feature } from './feature.js';

/** Chain indexes in the cart, e.g. "002" (possibly empty). */
const cartCodec = {
  encode: (chains: readonly number[]) => chains.join(''),
  decode: (text: string): number[] | null => (/^[0-6]{0,3}$/.test(text) ? [...text].map(Number) : null),
};
/** Shows the buy panel with this cart. */
export const cart = defineKind('cart', cartCodec);
/** Buys the cart. */
export const buy = defineKind('buyOk', cartCodec);
export const declareEnd = defineKind('declareEnd', args.none);

/**
 * The buy panel: one button per chain adds a share to the cart; confirm buys the cart. `mayBuy`
 * is the viewer's basket check, passed in by a caller that has just made it for the cart itself.
 */
export function buyPanel(
  game: ActiveGame,
  view: GameView,
  decision: Extract<Decision, { kind: 'buyShares' }>,
  chosen: readonly number[],
  locale: Locale,
  mayBuy = viewerBasketCheck(view),
): Panel {
  const at = { gameId: game.id, stateId: view.stateId };
  const cash = view.players[decision.seat]?.cash ?? 0;
  const cost = chosen.reduce((sum, chain) => sum + (view.chains[chain]?.price ?? 0), 0);
  const chainButtons = view.chains
    .map((chain, index) => ({ chain, index }))
    .filter(({ chain }) => chain.active)
    .map(({ chain, index }) => {
      const next = [...chosen, index];
      const inCart = chosen.filter((entry) => entry === index).length;
      return button(
        cart,
        at,
        next,
        t(locale, 'buy.chainButton', {
          chain: chain.name,
          price: money(chain.price, locale),
          count: (chain.bankShares ?? 0) - inCart,
        }),
        {
          disabled: chosen.length >= 3 || !mayBuy(next),
          style: ButtonStyle.Primary,
        },
      );
    });
  const names = chosen.map((chain) => view.chains[chain]!.name);
  const lines = [
    t(locale, decision.endDeclared ? 'buy.lastTurn' : 'buy.intro'),
    chosen.length > 0
      ? t(locale, 'buy.cart', {
          shares: countNames(names, locale),
          cost: money(cost, locale),
          cash: money(cash, locale),
          after: money(cash - cost, locale),
        })
      : t(locale, 'buy.cartEmpty', { cash: money(cash, locale) }),
  ];
  if (chainButtons.length === 0) lines.push(t(locale, 'buy.noChain'));
  const controls = [
    button(
      buy,
      at,
      chosen,
      chosen.length > 0
        ? t(locale, 'buy.buyButton', {
            count: chosen.length,
            cost: money(cost, locale),
          })
        : t(locale, 'buy.buyNothing'),
      { style: ButtonStyle.Success },
    ),
    button(cart, at, chosen.slice(0, -1), t(locale, 'buy.removeLast'), {
      disabled: chosen.length === 0,
    }),
    button(cart, at, [], t(locale, 'buy.clear'), {
      disabled: chosen.length === 0,
    }),
  ];
  if (decision.mayDeclareEnd) {
    lines.push(t(locale, 'buy.mayDeclareEnd'));
    controls.push(
      button(declareEnd, at, undefined, t(locale, 'buy.declareEnd'), {
        style: ButtonStyle.Danger,
      }),
    );
  }
  return { content: lines.join('\n'), components: rows(chainButtons, controls) };
}

export const buyingFeatures = [
  feature({
    kind: cart,
    needs: 'decider',
    on: 'panel',
    slowAnswer: 'update',
    async run(_ctx, interaction, { arg, game, user }) {
      if (!interaction.isButton()) return;
      const view = viewFor(game.state, user.id);
      const decision = currentDecision(game.state);
      const mayBuy = viewerBasketCheck(view);
      if (decision.kind !== 'buyShares' || !mayBuy(arg)) return refuse(interaction, refusals.badBasket);
      await interaction.update(buyPanel(game, view, decision, arg, readerLocale(interaction), mayBuy));
    },
  }),
  feature({
    kind: buy,
    needs: 'decider',
    on: 'panel',
    move: true,
    run: (ctx, interaction, { arg, game, user, stateId }) =>
      playMove(ctx, interaction, game, { type: 'buyShares', player: user.id, chains: arg.map((chain) => game.state.chains[chain]?.name ?? '') }, stateId),
  }),
  feature({
    kind: declareEnd,
    needs: 'decider',
    on: 'panel',
    move: true,
    run: (ctx, interaction, { game, user, stateId }) => playMove(ctx, interaction, game, { type: 'declareEnd', player: user.id }, stateId),
  }),
];
