/**
 * Every sentence the bot says when it refuses something, in one place: one wording per
 * refusal. The store and the components answer with reasons; the engine's rejections carry
 * their own sentence (it knows the rule), except staleness, which the bot words with the hint
 * of where to look on Discord. Every Discord URL the bot shows is built here too.
 */
import type { GameState, Rejection } from '../engine/index.js';
import { escapeMarkdown } from 'discord.js';
import { playChannelOf, type ActiveGame, type LobbyGame } from '../store/index.js';
import { cutText } from './text.js';

export const refusals = {
  notOurs: 'That button is not one this bot understands; nothing was changed.',
  formNotOurs: 'That form is not one this bot understands; nothing was changed.',
  noSuchGame: 'That game no longer exists.',
  elsewhere: 'That button belongs to a game in another channel; nothing was changed.',
  notThisMessage: 'That button is not on the game’s current message; nothing was changed. Use the latest message of the game.',
  notStarted: 'That game has not started yet.',
  over: 'That game is over; nothing was changed.',
  notLobby: 'That game is no longer in its lobby.',
  notSeated: 'You are not playing in this game.',
  stale: 'That button is from an earlier moment of the game, so nothing was changed. Use the latest message of the game (or `/acquire hand`).',
  usePanel: 'Use the buttons of your own panel: press the button on the latest message of the game.',
  notPanel: 'That button belongs on the game’s public message; nothing was changed.',
  alreadySeated: 'You are already in this lobby.',
  lobbyFull: (max: number) => `The lobby is full (${max} players).`,
  notInLobby: 'You are not in this lobby.',
  notEnoughPlayers: (min: number) => `Acquire needs at least ${min} players.`,
  hostOnlyStart: (hostMention: string) => `Only the host, ${hostMention}, can start this game.`,
  hostOnlyComputers: (hostMention: string) => `Only the host, ${hostMention}, can seat or remove computer players.`,
  noComputerSeated: 'No computer player is seated in this lobby.',
  hostCannotLeave: 'You are the host: the lobby cannot go on without you. To call the game off, press Cancel.',
  mayNotCancel: (hostMention: string) => `Only the host (${hostMention}) or someone who can manage this server can cancel the game.`,
  alreadyEnded: 'That game has already ended.',
  notEnded: 'That game has not ended yet.',
  whichGame: (places: readonly string[]) => `This channel has ${places.length} games: use the command in your game's thread (${places.join(', ')}).`,
  noFinishedGameHere: 'There is no game in this channel, and none has finished here yet. Start one with `/acquire start`.',
  notFinished: 'Only a finished game can be replayed.',
  noFinishedGame: 'No finished game here yet: a game can be exported or replayed once it is over.',
  unavailable: 'The game is temporarily unavailable, and nothing was changed. Please try again in a moment.',
  busy: 'The table is busy, try again in a moment; nothing was changed.',
  madeButNotShown: 'Your move was made; the table will show it as soon as it can be updated (in a few seconds).',
  moveUncertain: 'The game’s database stopped answering while your move was being saved, so it may or may not have been made: the table will show it within a few seconds if it was; if not, make it again.',
  holdersAhead: (ahead: number, chain: string) =>
    ahead === 1
      ? `It is not your decision yet: 1 other holder of ${chain} decides before you. Press the button again once they have (with \`/acquire notify on\` you get a direct message when it is your turn).`
      : `It is not your decision yet: ${ahead} other holders of ${chain} decide before you. Press the button again once they have (with \`/acquire notify on\` you get a direct message when it is your turn).`,
  unexpected: (reference: string) => `Something went wrong on our side (reference ${reference}). If the game did not move on, try again.`,
  unknownCommand: 'This bot does not know that command.',
  unknownInteraction: 'This bot does not handle that kind of interaction; nothing was changed.',
  badInput: 'Those command options are not ones this bot understands; nothing was changed.',
  guildOnly: 'Acquire is played in a server channel.',
  noGameHere: 'There is no game in this channel. Start one with `/acquire start`.',
  notStartedHere: (seated: number) => `The game here has not started yet: ${seated} player${seated === 1 ? '' : 's'} seated. The host starts it from the lobby message.`,
  channelBusy: (link: string | null) => `This channel already has a game in progress or forming.${link ? ` See ${link}.` : ''} Finish or cancel it first (\`/acquire cancel\`).`,
  badOption: (option: string, value: string) => `\`${quoted(value)}\` is not one of the choices for \`${option}\`; nothing was changed.`,
  cannotSelfAutopilot: 'You cannot put yourself on autopilot.',
  cannotAutopilot: (name: string) => `${name} cannot be put on autopilot now.`,
  notOnAutopilot: 'You are not on autopilot.',
  badCounts: 'Those share counts are not possible.',
  badBasket: 'That basket cannot be bought: too dear, sold out or more than 3 shares.',
  noTradeNow: 'No trade can be offered now: trades are off in this game, or this turn has had its offers.',
  tradeWithOther: 'Offer a trade to another player in this game.',
} as const;

/** A value the player sent, as a refusal quotes it: a few dozen characters at most, no backtick to end the quote early. */
export function quoted(value: string): string {
  return cutText(value.replaceAll('`', "'"), QUOTED_LIMIT);
}
const QUOTED_LIMIT = 40;

/**
 * The sentence for an engine rejection: the engine's own, but staleness in the bot's words. The
 * engine writes plain text that may name players: markdown in their names is shown, not applied.
 */
export function rejectionSentence(rejection: Rejection): string {
  return rejection.code === 'action/stale' ? refusals.stale : escapeMarkdown(rejection.message);
}

/**
 * Hidden holdings: a holder of the chain wound up who presses for their panel before their
 * moment is told how many holders decide before them (naming no one); null for anyone else.
 */
export function holdersAheadSentence(state: Pick<GameState, 'phase' | 'options' | 'chains'>, seat: number): string | null {
  const { phase } = state;
  if (phase.kind !== 'merger' || !phase.merger.current || state.options.holdings !== 'hidden') return null;
  const ahead = phase.merger.current.holdersToDecide.indexOf(seat);
  return ahead > 0 ? refusals.holdersAhead(ahead, state.chains[phase.merger.current.chain]!.name) : null;
}

/** A link to a message of a game: its lobby in the channel, or its table (in its thread, or the channel). */
export function messageUrl(game: Pick<LobbyGame | ActiveGame, 'guildId' | 'channelId' | 'status' | 'threadId'>, messageId: string): string {
  return `https://discord.com/channels/${game.guildId}/${playChannelOf(game)}/${messageId}`;
}
