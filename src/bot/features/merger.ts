/** A merger's decisions: the survivor and the order when sizes tie, and each holder's sell / trade / keep. */
import { ButtonStyle, type ButtonBuilder } from 'discord.js';
import { chainIndex, currentDecision, viewFor, type Decision, type GameView } from '../../engine/index.js';
import { formatList, type Locale, t } from '../../i18n/index.js';
import type { ActiveGame } from '../../store/index.js';
import { args, button, defineKind, type ComponentKind } from '../components.js';
import { playMove } from '../game-flow.js';
import { rows, type Panel } from '../layout.js';
import { refusals } from '../refusals.js';
import { readerLocale, refuse } from '../replies.js';
import { money } from '../text.js';
import { feature } from './feature.js';

export const survivor = defineKind('survivor', args.int(6));
export const defunct = defineKind('defunct', args.int(6));

/** Shares to sell and to trade, as "<sell>.<trade>". */
export interface Disposal {
  sell: number;
  trade: number;
}
const disposal = {
  encode: ({ sell, trade }: Disposal) => `${sell}.${trade}`,
  decode: (text: string): Disposal | null => {
    const match = /^(0|[1-9]\d?)\.(0|[1-9]\d?)$/.exec(text);
    return match ? { sell: Number(match[1]), trade: Number(match[2]) } : null;
  },
};
/** Shows the sell / trade / keep panel with these counts. */
export const dispose = defineKind('dispose', disposal);
/** Confirms the counts. */
export const disposeOk = defineKind('disposeOk', disposal);

export function tiePanel(
  game: ActiveGame,
  view: GameView,
  decision: Extract<Decision, { kind: 'chooseSurvivor' | 'chooseNextDefunct' }>,
  locale: Locale,
): Panel {
  const at = { gameId: game.id, stateId: view.stateId };
  const kind = decision.kind === 'chooseSurvivor' ? survivor : defunct;
  return {
    content: t(locale, decision.kind === 'chooseSurvivor' ? 'merger.tieSurvivor' : 'merger.tieOrder', { chains: formatList(decision.candidates, locale) }),
    components: rows(decision.candidates.map((name) => button(kind, at, chainIndex(view, name), name, { style: ButtonStyle.Primary }))),
  };
}

/** Sell / trade / keep, with the counts chosen so far carried in the buttons. */
export function disposePanel(
  game: ActiveGame,
  view: GameView,
  decision: Extract<Decision, { kind: 'disposeShares' }>,
  { sell, trade }: Disposal,
  locale: Locale,
): Panel {
  const { held, price, maxTrade } = decision;
  const keep = held - sell - trade;
  const at = { gameId: game.id, stateId: view.stateId };
  const to = (newSell: number, newTrade: number): Disposal => ({ sell: Math.max(0, newSell), trade: Math.max(0, newTrade) });
  const id = (kind: ComponentKind<Disposal>, label: string, counts: Disposal, disabled: boolean, style = ButtonStyle.Secondary): ButtonBuilder =>
    button(kind, at, counts, label, { disabled, style });
  const most = Math.min(maxTrade, held - (held % 2));
  const chains = { defunct: decision.defunct, survivor: decision.survivor };
  const lines = [
    t(locale, 'merger.acquired', { ...chains, count: held }),
    t(locale, 'merger.terms', {
      ...chains,
      price: money(price, locale),
      count: maxTrade,
    }),
    t(locale, 'merger.choice', {
      ...chains,
      sell,
      amount: money(sell * price, locale),
      trade,
      received: trade / 2,
      keep,
    }),
  ];
  return {
    content: lines.join('\n'),
    components: rows(
      [
        id(dispose, t(locale, 'merger.sellLess'), to(sell - 1, trade), sell === 0),
        id(dispose, t(locale, 'merger.sellMore'), to(sell + 1, trade), keep === 0),
        id(dispose, t(locale, 'merger.tradeLess'), to(sell, trade - 2), trade === 0),
        id(dispose, t(locale, 'merger.tradeMore'), to(sell, trade + 2), keep < 2 || trade + 2 > maxTrade),
      ],
      [
        id(dispose, t(locale, 'merger.sellAll'), to(held, 0), sell === held),
        id(dispose, t(locale, 'merger.tradeMost'), to(held - most, most), maxTrade === 0),
        id(dispose, t(locale, 'merger.keepAll'), to(0, 0), sell === 0 && trade === 0),
      ],
      [id(disposeOk, t(locale, 'merger.confirm', { sell, trade, keep }), { sell, trade }, false, ButtonStyle.Success)],
    ),
  };
}

/** Whether these counts can be chosen in the decision (an even trade within the bank's shares, no more than held). */
function possible(decision: Decision, { sell, trade }: Disposal): decision is Extract<Decision, { kind: 'disposeShares' }> {
  return decision.kind === 'disposeShares' && trade % 2 === 0 && trade <= decision.maxTrade && sell + trade <= decision.held;
}

export const mergerFeatures = [
  feature({
    kind: survivor,
    needs: 'decider',
    on: 'panel',
    move: true,
    run: (ctx, interaction, { arg, game, user, stateId }) =>
      playMove(ctx, interaction, game, { type: 'chooseSurvivor', player: user.id, chain: game.state.chains[arg]?.name ?? '' }, stateId),
  }),
  feature({
    kind: defunct,
    needs: 'decider',
    on: 'panel',
    move: true,
    run: (ctx, interaction, { arg, game, user, stateId }) =>
      playMove(ctx, interaction, game, { type: 'chooseNextDefunct', player: user.id, chain: game.state.chains[arg]?.name ?? '' }, stateId),
  }),
  feature({
    kind: dispose,
    needs: 'decider',
    on: 'panel',
    slowAnswer: 'update',
    async run(_ctx, interaction, { arg, game, user }) {
      if (!interaction.isButton()) return;
      const decision = currentDecision(game.state);
      if (!possible(decision, arg)) return refuse(interaction, refusals.badCounts);
      await interaction.update(disposePanel(game, viewFor(game.state, user.id), decision, arg, readerLocale(interaction)));
    },
  }),
  feature({
    kind: disposeOk,
    needs: 'decider',
    on: 'panel',
    move: true,
    run: (ctx, interaction, { arg, game, user, stateId }) =>
      playMove(ctx, interaction, game, { type: 'disposeShares', player: user.id, sell: arg.sell, trade: arg.trade }, stateId),
  }),
];
