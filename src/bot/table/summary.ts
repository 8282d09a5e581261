/**
 * The channel's one message per game: the lobby while it forms, then, once the game plays in a
 * thread of its own, who plays, whose turn it is, and at the end the result. It is the
 * thread's starting message and is kept up to date by editing, so a channel with several games
 * shows one line of life per game.
 */
import { EmbedBuilder, channelMention, type APIEmbed } from 'discord.js';
import type { GameOptions, GameView } from '../../engine/index.js';
import { type Locale, t } from '../../i18n/index.js';
import { formatDuration } from '../clock-policy.js';
import { NEUTRAL_COLOUR } from '../layout.js';
import { escapedName, mention, standingsLines } from '../text.js';
import type { Outgoing } from './payload.js';

export interface SummaryGame {
  status: 'lobby' | 'active' | 'finished' | 'cancelled';
  seats: readonly { userId: string; displayName: string }[];
  options: Partial<GameOptions>;
  turnLimitSeconds: number;
  hints: boolean;
  createdBy: string;
  threadId: string | null;
}

/** The options chosen in the lobby, one line each. */
export function settingLines(game: Pick<SummaryGame, 'options' | 'turnLimitSeconds' | 'hints'>, locale: Locale): string[] {
  const options = game.options;
  const lines = [
    t(locale, options.bonusMode === 'tycoon' ? 'settings.bonusesTycoon' : 'settings.bonusesClassic'),
    t(locale, options.chainSet === 'set2008' ? 'settings.chains2008' : 'settings.chainsClassic'),
    t(locale, options.holdings === 'hidden' ? 'settings.holdingsHidden' : 'settings.holdingsOpen'),
    t(locale, options.founderShare === 'cash' ? 'settings.founderCash' : 'settings.founderNothing'),
    t(locale, options.unplayable === 'strict' ? 'settings.unplayableStrict' : 'settings.unplayableReplaced'),
    t(locale, options.trades ? 'settings.tradesOn' : 'settings.tradesOff'),
    game.turnLimitSeconds > 0
      ? t(locale, 'settings.turnLimit', {
          limit: formatDuration(game.turnLimitSeconds, locale),
        })
      : t(locale, 'settings.noTurnLimit'),
  ];
  if (game.hints) lines.push(t(locale, 'settings.hintsOn'));
  if (options.twoPlayerBank === false) lines.push(t(locale, 'settings.noBankStockholder'));
  return lines;
}

const TITLES = {
  active: 'summary.titleActive',
  finished: 'summary.titleFinished',
  cancelled: 'summary.titleCancelled',
} as const;

/** What a summary shows of a game's state (of the spectator's view): the turn and its player, or the result. */
export type SummaryView = Pick<GameView, 'turn' | 'currentPlayer' | 'result'> & { players: readonly Pick<GameView['players'][number], 'id' | 'name'>[] };

/** Only what the summary shows of `view`: a few strings, not the view's holdings and history. */
export function summaryViewOf({ turn, currentPlayer, result, players }: SummaryView): SummaryView {
  return { turn, currentPlayer, result, players: players.map(({ id, name }) => ({ id, name })) };
}

/**
 * The summary of a game played in a thread: `view` is the spectator's view of its state (null
 * for a game cancelled before it started).
 */
export function summaryMessage(
  game: SummaryGame & {
    status: 'active' | 'finished' | 'cancelled';
    language: Locale;
  },
  view: SummaryView | null,
): Outgoing {
  const locale = game.language;
  const where = game.threadId ? t(locale, 'summary.playedIn', { thread: channelMention(game.threadId) }) : '';
  const embed = new EmbedBuilder()
    .setTitle(t(locale, TITLES[game.status]))
    .setColor(NEUTRAL_COLOUR)
    .setDescription([where, settingLines(game, locale).join(' · ')].filter(Boolean).join('\n'))
    .addFields({
      name: t(locale, 'summary.players', { count: game.seats.length }),
      value: game.seats.map((seat) => mention(seat.userId, locale)).join(', ') || t(locale, 'summary.nobody'),
    });
  if (view && game.status === 'active' && !view.result) {
    const turnPlayer = view.players[view.currentPlayer];
    const now = turnPlayer
      ? t(locale, 'summary.nowPlaying', {
          turn: view.turn + 1,
          who: mention(turnPlayer.id, locale),
          name: escapedName(turnPlayer.name),
        })
      : t(locale, 'summary.nowSomeone', { turn: view.turn + 1 });
    embed.addFields({ name: t(locale, 'summary.now'), value: now });
  }
  if (view?.result)
    embed.addFields({
      name: t(locale, 'summary.result'),
      value: standingsLines(view, locale).join('\n'),
    });
  const embeds: APIEmbed[] = [embed.toJSON()];
  return { body: { embeds, components: [], allowed_mentions: { parse: [], users: [] } }, files: [] };
}
