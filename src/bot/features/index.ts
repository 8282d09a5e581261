/**
 * Every button and form the bot offers, in one table: the router looks a click's kind up here.
 * Adding a button means adding its kind and entry to one feature file, listed below. The table
 * also hands the game flow the panels and public buttons it shows (`TableUi`).
 */
import { ButtonStyle, type ButtonBuilder } from 'discord.js';
import { currentDecision, viewFor } from '../../engine/index.js';
import { type Locale, t } from '../../i18n/index.js';
import type { ActiveGame, FinishedGame } from '../../store/index.js';
import { button } from '../components.js';
import type { TableUi } from '../context.js';
import { rows, type Panel } from '../layout.js';
import { autopilotButtons, autopilotFeatures } from './autopilot.js';
import { buyPanel, buyingFeatures } from './buying.js';
import { DECIDE_LABEL, decide, decideFeatures } from './decide.js';
import type { AnyFeature } from './feature.js';
import { foundingFeatures, foundingPanel } from './founding.js';
import { lobbyFeatures } from './lobby.js';
import { disposePanel, mergerFeatures, tiePanel } from './merger.js';
import { hintFeatures, suggestButton } from './hints.js';
import { replayFeatures } from './replays.js';
import { hand, handPanel, holdingsLine, placementFeatures } from './placement.js';
import { rematchButtons, rematchFeatures } from './rematch.js';
import { tradeAnswerPanel, tradeFeatures, withdraw } from './trades.js';

export const FEATURES: ReadonlyMap<string, AnyFeature> = new Map(
  [
    ...lobbyFeatures,
    ...decideFeatures,
    ...placementFeatures,
    ...foundingFeatures,
    ...mergerFeatures,
    ...buyingFeatures,
    ...tradeFeatures,
    ...autopilotFeatures,
    ...hintFeatures,
    ...replayFeatures,
    ...rematchFeatures,
  ].map((entry) => [entry.kind.name, entry]),
);

/** The private panel for whatever `userId` must decide now, with Suggest when the game offers hints. */
function panel(game: ActiveGame, userId: string, locale: Locale): Panel {
  const built = decisionPanel(game, userId, locale);
  const decision = currentDecision(game.state);
  const theirs = decision.kind !== 'gameOver' && game.state.players[decision.seat]?.id === userId;
  if (!game.hints || !theirs || built.components.length >= 5) return built;
  return {
    ...built,
    components: [...built.components, ...rows([suggestButton(game, locale)])],
  };
}

/** The panel for the decision at hand, built from the player's view and the engine's decision. */
function decisionPanel(game: ActiveGame, userId: string, locale: Locale): Panel {
  const view = viewFor(game.state, userId);
  const decision = currentDecision(game.state);
  switch (decision.kind) {
    case 'placeTile':
      return handPanel(game, view, decision, locale);
    case 'foundChain':
      return foundingPanel(game, view, decision, locale);
    case 'chooseSurvivor':
    case 'chooseNextDefunct':
      return tiePanel(game, view, decision, locale);
    case 'disposeShares':
      return disposePanel(game, view, decision, { sell: 0, trade: 0 }, locale);
    case 'buyShares':
      return buyPanel(game, view, decision, [], locale);
    case 'answerTrade':
      return tradeAnswerPanel(game, view, holdingsLine(view, locale), locale);
    case 'gameOver':
      return { content: t(locale, 'rejections.gameOver'), components: [] };
  }
}

/** The public message's buttons: the decider's panel, everyone's tiles, withdrawing an offer, autopilot. */
function tableButtons(game: ActiveGame): ButtonBuilder[] {
  const decision = currentDecision(game.state);
  const at = { gameId: game.id, stateId: game.state.stateId };
  const locale = game.language;
  const buttons: ButtonBuilder[] = [];
  if (decision.kind === 'placeTile') {
    buttons.push(
      button(hand, at, undefined, t(locale, 'buttons.myTiles'), {
        style: ButtonStyle.Primary,
      }),
    );
  } else if (decision.kind !== 'gameOver') {
    buttons.push(button(decide, at, undefined, t(locale, DECIDE_LABEL[decision.kind] ?? 'buttons.decide'), { style: ButtonStyle.Primary }));
    buttons.push(button(hand, at, undefined, t(locale, 'buttons.myTiles')));
  }
  if (decision.kind === 'answerTrade') buttons.push(button(withdraw, at, undefined, t(locale, 'buttons.withdrawOffer')));
  buttons.push(...autopilotButtons(game));
  return buttons;
}

export const tableUi: TableUi = { panel, tableButtons, finalButtons: (game: FinishedGame) => rematchButtons(game) };
