/** Trades between players (an option): the offer form, reading it, answering and withdrawing an offer. */
import {
  ActionRowBuilder,
  ButtonStyle,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ButtonBuilder,
  type ModalActionRowComponentBuilder,
} from 'discord.js';
import { acceptShortfall, chainIndex, currentDecision, type GameState, type GameView, type Holdings } from '../../engine/index.js';
import { type Locale, type Text, t } from '../../i18n/index.js';
import type { ActiveGame } from '../../store/index.js';
import { args, button, defineKind, encodeComponentId } from '../components.js';
import { playMove } from '../game-flow.js';
import { rows, type Panel } from '../layout.js';
import { refusals } from '../refusals.js';
import { readerLocale, refuse } from '../replies.js';
import { cutText, escapedName, holdingsText } from '../text.js';
import { feature } from './feature.js';

/** Opens the trade form; the argument is the other player's seat. */
export const offer = defineKind('offer', args.int(5));
/** The trade form submitted; the argument is the other player's seat. */
export const offerForm = defineKind('offerForm', args.int(5));
export const answer = defineKind('answer', args.oneOf('yes', 'no'));
export const withdraw = defineKind('withdraw', args.none);

/** One "Offer X a trade" button per other player. */
export function offerButtons(game: ActiveGame, view: GameView, locale: Locale): ButtonBuilder[] {
  const at = { gameId: game.id, stateId: view.stateId };
  return view.players
    .filter((player) => player.seat !== view.viewerSeat)
    .map((other) => button(offer, at, other.seat, cutText(t(locale, 'trade.offerButton', { name: other.name }), 80)));
}

function tradeForm(game: ActiveGame, toSeat: number, locale: Locale): ModalBuilder {
  const other = game.state.players[toSeat]?.name ?? t(locale, 'trade.anotherPlayer');
  const example = (count: number, chain: number) =>
    t(locale, 'shares.count', {
      count,
      chain: game.state.chains[chain]?.name ?? '',
    });
  const input = (id: string, label: string, placeholder: string): ActionRowBuilder<ModalActionRowComponentBuilder> =>
    new ActionRowBuilder<ModalActionRowComponentBuilder>().addComponents(
      new TextInputBuilder().setCustomId(id).setLabel(label).setPlaceholder(placeholder).setStyle(TextInputStyle.Short).setRequired(false).setMaxLength(100),
    );
  return new ModalBuilder()
    .setCustomId(encodeComponentId(offerForm, game.id, game.state.stateId, toSeat))
    .setTitle(cutText(t(locale, 'trade.formTitle', { name: other }), 45))
    .addComponents(
      input(
        'giveShares',
        t(locale, 'trade.giveShares'),
        t(locale, 'trade.example', {
          example: `${example(2, 0)}, ${example(1, 1)}`,
        }),
      ),
      input('giveCash', t(locale, 'trade.giveCash'), t(locale, 'trade.example', { example: '500' })),
      input('getShares', t(locale, 'trade.getShares'), t(locale, 'trade.example', { example: example(3, 2) })),
      input('getCash', t(locale, 'trade.getCash'), t(locale, 'trade.example', { example: '0' })),
    );
}

const TRADE_FIELDS = ['giveShares', 'giveCash', 'getShares', 'getCash'];

export type TradeForm = { ok: true; give: Holdings; receive: Holdings } | { ok: false; message: Text };

/** Reads the trade form: "2 Tower, 1 Luxor" and "500" (or "$1,500") into engine holdings. */
export function parseTradeForm(field: (id: string) => string, state: Pick<GameState, 'chains'>): TradeForm {
  const give = parseSide(field('giveShares'), field('giveCash'), state);
  if ('key' in give) return { ok: false, message: give };
  const receive = parseSide(field('getShares'), field('getCash'), state);
  if ('key' in receive) return { ok: false, message: receive };
  return { ok: true, give, receive };
}

/** A whole number of dollars: digits, optionally a leading $ and thousands commas; no spaces inside. */
const CASH = /^\$?(\d{1,7}|\d{1,3}(,\d{3}){1,2})$/;

function parseSide(sharesText: string, cashText: string, state: Pick<GameState, 'chains'>): Holdings | Text {
  const cash = cashText.trim();
  if (cash !== '' && !CASH.test(cash)) return { key: 'trade.badCash', params: { text: cutText(cash, 20) } };
  const shares: Record<string, number> = {};
  for (const part of sharesText
    .split(/[,;]|\band\b/)
    .map((text) => text.trim())
    .filter(Boolean)) {
    const match = /^(\d{1,2})\s*x?\s+([A-Za-z]+)$/.exec(part);
    const chain = match ? state.chains[chainIndex(state, match[2]!)] : undefined;
    if (!match || !chain)
      return {
        key: 'trade.badShares',
        params: { text: cutText(part, 30), chain: state.chains[0]!.name },
      };
    shares[chain.name] = (shares[chain.name] ?? 0) + Number(match[1]);
  }
  return { cash: cash === '' ? 0 : Number(cash.replace(/[$,]/g, '')), shares };
}

export function tradeAnswerPanel(game: ActiveGame, view: GameView, holdings: string, locale: Locale): Panel {
  if (view.phase.kind !== 'tradeOffer') return { content: t(locale, 'trade.noOffer'), components: [] };
  const { offer: made } = view.phase;
  const at = { gameId: game.id, stateId: view.stateId };
  // With hidden holdings an offer may ask for more than the player has: Accept says why it is off.
  const shortfall = acceptShortfall(view);
  const lines = [
    t(locale, 'trade.offered', {
      name: escapedName(view.players[made.from]!.name),
      give: holdingsText(made.give, locale),
      receive: holdingsText(made.receive, locale),
    }),
    holdings,
  ];
  if (shortfall) lines.push(t(locale, 'trade.cannotAccept'));
  return {
    content: lines.join('\n'),
    components: rows([
      button(answer, at, 'yes', t(locale, 'trade.accept'), {
        style: ButtonStyle.Success,
        disabled: shortfall !== null,
      }),
      button(answer, at, 'no', t(locale, 'trade.decline'), {
        style: ButtonStyle.Danger,
      }),
    ]),
  };
}

export const tradeFeatures = [
  feature({
    kind: offer,
    needs: 'decider',
    on: 'panel',
    async run(_ctx, interaction, { arg, game, seat }) {
      if (!interaction.isButton()) return;
      const decision = currentDecision(game.state);
      if (decision.kind !== 'placeTile' || !decision.mayOfferTrade) return refuse(interaction, refusals.noTradeNow);
      if (arg === seat || !game.state.players[arg]) return refuse(interaction, refusals.tradeWithOther);
      await interaction.showModal(tradeForm(game, arg, readerLocale(interaction)));
    },
  }),
  feature({
    kind: offerForm,
    needs: 'decider',
    on: 'any',
    form: true,
    async run(ctx, interaction, { arg, game, user, stateId }) {
      if (!interaction.isModalSubmit()) return;
      const to = game.state.players[arg];
      if (!to) return refuse(interaction, refusals.tradeWithOther);
      // A forged form may carry anything in a field: only text is read.
      const field = (id: string) => interaction.fields.getTextInputValue(id) as unknown;
      if (TRADE_FIELDS.some((id) => typeof field(id) !== 'string')) return refuse(interaction, refusals.formNotOurs);
      const form = parseTradeForm((id) => field(id) as string, game.state);
      if (!form.ok) return refuse(interaction, form.message);
      return playMove(ctx, interaction, game, { type: 'offerTrade', player: user.id, to: to.id, give: form.give, receive: form.receive }, stateId);
    },
  }),
  feature({
    kind: answer,
    needs: 'decider',
    on: 'panel',
    move: true,
    run: (ctx, interaction, { arg, game, user, stateId }) =>
      playMove(ctx, interaction, game, { type: 'answerTrade', player: user.id, accept: arg === 'yes' }, stateId),
  }),
  feature({
    kind: withdraw,
    needs: 'decider',
    acts: 'withdrawTrade',
    on: 'public',
    run: (ctx, interaction, { game, user, stateId }) => playMove(ctx, interaction, game, { type: 'withdrawTrade', player: user.id }, stateId),
  }),
];
