/**
 * Every refusal the bot says, in one place: one sentence of the catalogs (src/i18n/locales/)
 * per refusal, said in the clicker's language when it is sent (`refuse`). The store and the
 * components answer with reasons; the engine's rejections carry a code, which the bot words
 * here (the engine's own English sentence goes to the logs only). Every Discord URL the bot
 * shows is built here too.
 */
import type { GameState, Rejection } from '../engine/index.js';
import { escapeMarkdown, messageLink } from 'discord.js';
import type { Text } from '../i18n/index.js';
import { playChannelOf, type ActiveGame, type LobbyGame } from '../store/index.js';
import { awaitedText, cutText, escapedName } from './text.js';

export const refusals = {
  notOurs: { key: 'refusals.notOurs' },
  formNotOurs: { key: 'refusals.formNotOurs' },
  noSuchGame: { key: 'refusals.noSuchGame' },
  elsewhere: { key: 'refusals.elsewhere' },
  notThisMessage: { key: 'refusals.notThisMessage' },
  notStarted: { key: 'refusals.notStarted' },
  over: { key: 'refusals.over' },
  notLobby: { key: 'refusals.notLobby' },
  notSeated: { key: 'refusals.notSeated' },
  stale: { key: 'refusals.stale' },
  usePanel: { key: 'refusals.usePanel' },
  notPanel: { key: 'refusals.notPanel' },
  alreadySeated: { key: 'refusals.alreadySeated' },
  lobbyFull: (max: number): Text => ({
    key: 'refusals.lobbyFull',
    params: { count: max },
  }),
  notInLobby: { key: 'refusals.notInLobby' },
  notEnoughPlayers: (min: number): Text => ({
    key: 'refusals.notEnoughPlayers',
    params: { count: min },
  }),
  hostOnlyStart: (hostMention: string): Text => ({
    key: 'refusals.hostOnlyStart',
    params: { host: hostMention },
  }),
  hostOnlyComputers: (hostMention: string): Text => ({
    key: 'refusals.hostOnlyComputers',
    params: { host: hostMention },
  }),
  noComputerSeated: { key: 'refusals.noComputerSeated' },
  hostCannotLeave: { key: 'refusals.hostCannotLeave' },
  mayNotCancel: (hostMention: string): Text => ({
    key: 'refusals.mayNotCancel',
    params: { host: hostMention },
  }),
  alreadyEnded: { key: 'refusals.alreadyEnded' },
  notEnded: { key: 'refusals.notEnded' },
  whichGame: (places: readonly string[]): Text => ({
    key: 'refusals.whichGame',
    params: { count: places.length, places: places.join(', ') },
  }),
  noFinishedGameHere: { key: 'refusals.noFinishedGameHere' },
  notFinished: { key: 'refusals.notFinished' },
  noFinishedGame: { key: 'refusals.noFinishedGame' },
  unavailable: { key: 'refusals.unavailable' },
  busy: { key: 'refusals.busy' },
  madeButNotShown: { key: 'refusals.madeButNotShown' },
  moveUncertain: { key: 'refusals.moveUncertain' },
  holdersAhead: (ahead: number, chain: string): Text => ({
    key: 'refusals.holdersAhead',
    params: { count: ahead, chain },
  }),
  unexpected: (reference: string): Text => ({
    key: 'refusals.unexpected',
    params: { reference },
  }),
  unknownCommand: { key: 'refusals.unknownCommand' },
  unknownInteraction: { key: 'refusals.unknownInteraction' },
  badInput: { key: 'refusals.badInput' },
  guildOnly: { key: 'refusals.guildOnly' },
  noGameHere: { key: 'refusals.noGameHere' },
  notStartedHere: (seated: number): Text => ({
    key: 'refusals.notStartedHere',
    params: { count: seated },
  }),
  channelBusy: (link: string | null): Text => (link ? { key: 'refusals.channelBusyLink', params: { link } } : { key: 'refusals.channelBusy' }),
  badOption: (option: string, value: string): Text => ({
    key: 'refusals.badOption',
    params: { option, value: quoted(value) },
  }),
  cannotSelfAutopilot: { key: 'refusals.cannotSelfAutopilot' },
  cannotAutopilot: (name: string): Text => ({
    key: 'refusals.cannotAutopilot',
    params: { name },
  }),
  notOnAutopilot: { key: 'refusals.notOnAutopilot' },
  badCounts: { key: 'refusals.badCounts' },
  badBasket: { key: 'refusals.badBasket' },
  noTradeNow: { key: 'refusals.noTradeNow' },
  tradeWithOther: { key: 'refusals.tradeWithOther' },
} as const satisfies Record<string, Text | ((...args: never[]) => Text)>;

/** A value the player sent, as a refusal quotes it: a few dozen characters at most, no backtick to end the quote early. */
export function quoted(value: string): string {
  return cutText(value.replaceAll('`', "'"), QUOTED_LIMIT);
}
const QUOTED_LIMIT = 40;

/**
 * The sentence for an engine rejection, by its code: what the player is waiting for is worded
 * from `state` when given (who decides now), staleness with the hint of where to look.
 */
export function rejectionSentence(rejection: Rejection, state?: GameState): Text {
  switch (rejection.code) {
    case 'action/stale':
      return refusals.stale;
    case 'action/not_your_decision':
    case 'action/wrong_phase':
      return state
        ? {
            key: `rejections.${rejection.code === 'action/wrong_phase' ? 'wrongPhase' : 'notYourDecision'}`,
            params: { awaited: awaitedText(state, escapedName) },
          }
        : { key: 'rejections.notYourDecisionNow' };
    default:
      // The engine's sentence names what is wrong ("you hold 0 Tower shares"): English readers get
      // it (markdown in player names shown, not applied), others the catalog's sentence for the code.
      return { key: REJECTION_KEYS[rejection.code], english: escapeMarkdown(rejection.message) };
  }
}

const REJECTION_KEYS = {
  'action/malformed': 'rejections.malformed',
  'action/stale': 'refusals.stale',
  'action/game_over': 'rejections.gameOver',
  'action/unknown_player': 'refusals.notSeated',
  'action/not_your_decision': 'rejections.notYourDecisionNow',
  'action/wrong_phase': 'rejections.notYourDecisionNow',
  'tile/not_in_hand': 'rejections.tileNotInHand',
  'tile/unplayable': 'rejections.tileUnplayable',
  'tile/playable_tile_in_hand': 'rejections.playableTileInHand',
  'chain/unknown': 'rejections.chainUnknown',
  'chain/not_available': 'rejections.chainNotAvailable',
  'merger/not_a_candidate': 'rejections.notACandidate',
  'shares/bad_count': 'refusals.badCounts',
  'shares/not_enough_held': 'rejections.notEnoughHeld',
  'shares/bank_short': 'rejections.bankShort',
  'buy/too_many': 'rejections.buyTooMany',
  'buy/inactive_chain': 'rejections.buyInactiveChain',
  'buy/not_enough_cash': 'rejections.notEnoughCash',
  'end/not_allowed': 'rejections.endNotAllowed',
  'redraw/not_allowed': 'rejections.redrawNotAllowed',
  'trade/not_allowed': 'refusals.noTradeNow',
  'trade/invalid': 'rejections.tradeInvalid',
} as const satisfies Record<Rejection['code'], Text['key']>;

/**
 * Hidden holdings: a holder of the chain wound up who presses for their panel before their
 * moment is told how many holders decide before them (naming no one); null for anyone else.
 */
export function holdersAheadSentence(state: Pick<GameState, 'phase' | 'options' | 'chains'>, seat: number): Text | null {
  const { phase } = state;
  if (phase.kind !== 'merger' || !phase.merger.current || state.options.holdings !== 'hidden') return null;
  const ahead = phase.merger.current.holdersToDecide.indexOf(seat);
  return ahead > 0 ? refusals.holdersAhead(ahead, state.chains[phase.merger.current.chain]!.name) : null;
}

/** A link to a message of a game: its lobby in the channel, or its table (in its thread, or the channel). */
export function messageUrl(game: Pick<LobbyGame | ActiveGame, 'guildId' | 'channelId' | 'status' | 'threadId'>, messageId: string): string {
  return messageLink(playChannelOf(game), messageId, game.guildId);
}
