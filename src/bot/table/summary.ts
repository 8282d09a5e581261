/**
 * The channel's one message per game: the lobby while it forms, then, once the game plays in a
 * thread of its own, who plays, whose turn it is, and at the end the result. It is the
 * thread's starting message and is kept up to date by editing, so a channel with several games
 * shows one line of life per game.
 */
import { EmbedBuilder, type APIEmbed } from 'discord.js';
import type { GameOptions, GameView } from '../../engine/index.js';
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
export function settingLines(game: Pick<SummaryGame, 'options' | 'turnLimitSeconds' | 'hints'>): string[] {
  const options = game.options;
  const lines = [
    `Bonuses: **${options.bonusMode ?? 'classic'}**`,
    `Chains: **${options.chainSet === 'set2008' ? '2008 set' : 'classic'}**`,
    options.holdings === 'hidden'
      ? 'Holdings: **hidden** (until the end, each player’s cash and shares, what they buy and sell, the bonuses each is paid and the bank’s share counts are private; the board, the chains’ sizes and prices stay public)'
      : 'Holdings: **open**',
    `Founder's share when none is left: **${options.founderShare === 'cash' ? 'its price in cash' : 'nothing'}**`,
    `Unplayable tiles: **${options.unplayable === 'strict' ? 'strict' : 'replaced'}**`,
    `Trades between players: **${options.trades ? 'on' : 'off'}**`,
    `Turn time limit: **${game.turnLimitSeconds > 0 ? formatDuration(game.turnLimitSeconds) : 'none'}**`,
  ];
  if (game.hints) lines.push('Hints: **on** (each panel offers Suggest: what the hard computer player would do)');
  if (options.twoPlayerBank === false) lines.push('Two players: **no bank stockholder**');
  return lines;
}

const TITLES = {
  active: 'Acquire: a game in progress',
  finished: 'Acquire: game over',
  cancelled: 'Acquire: this game was cancelled',
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
export function summaryMessage(game: SummaryGame & { status: 'active' | 'finished' | 'cancelled' }, view: SummaryView | null): Outgoing {
  const where = game.threadId ? `Played in <#${game.threadId}>.` : '';
  const embed = new EmbedBuilder()
    .setTitle(TITLES[game.status])
    .setColor(NEUTRAL_COLOUR)
    .setDescription([where, settingLines(game).join(' · ')].filter(Boolean).join('\n'))
    .addFields({ name: `Players (${game.seats.length})`, value: game.seats.map((seat) => mention(seat.userId)).join(', ') || '(none)' });
  if (view && game.status === 'active' && !view.result) {
    const turnPlayer = view.players[view.currentPlayer];
    embed.addFields({ name: 'Now', value: `Turn ${view.turn + 1}: ${turnPlayer ? `${mention(turnPlayer.id)} (${escapedName(turnPlayer.name)})` : 'someone'} to play.` });
  }
  if (view?.result) embed.addFields({ name: 'Result', value: standingsLines(view).join('\n') });
  const embeds: APIEmbed[] = [embed.toJSON()];
  return { body: { embeds, components: [], allowed_mentions: { parse: [], users: [] } }, files: [] };
}
