/**
 * The game's last public message: who won, the final board, the net-worth chart and the board
 * turn by turn, the standings, and a Rematch button. Players are named, never pinged: the game is over.
 */
import { type ButtonBuilder, HeadingLevel, heading } from 'discord.js';
import type { GameView } from '../../engine/index.js';
import { formatList, type Locale, t } from '../../i18n/index.js';
import { rows } from '../layout.js';
import { mention, money, standingsLines } from '../text.js';
import { attachedPicture, componentsV2, tableContainer, type Outgoing } from './payload.js';
import { BOARD_FILE } from './turn-message.js';

export const CHART_FILE = 'networth.png';
export const ANIMATION_FILE = 'summary.gif';

export function winnersLine(view: GameView, locale: Locale): string {
  const winners = (view.result?.standings ?? []).filter((standing) => standing.place === 1);
  const names = formatList(
    winners.map((standing) => mention(standing.playerId, locale)),
    locale,
  );
  return winners.length > 1
    ? t(locale, 'final.sharedWin', {
        names,
        cash: money(winners[0]!.cash, locale),
      })
    : t(locale, 'final.win', {
        names,
        cash: money(winners[0]?.cash ?? 0, locale),
      });
}

/** `pictures.animation`: the board turn by turn (src/render/animation.ts), when it could be made. */
export function finalMessage(
  view: GameView,
  pictures: { board: Buffer; chart: Buffer; animation?: Buffer | null },
  buttons: readonly ButtonBuilder[],
  locale: Locale,
): Outgoing {
  const container = tableContainer()
    .addTextDisplayComponents((text) => text.setContent([heading(t(locale, 'final.title'), HeadingLevel.Three), winnersLine(view, locale)].join('\n')))
    .addMediaGalleryComponents((gallery) =>
      gallery.addItems(
        attachedPicture(BOARD_FILE, t(locale, 'final.boardAlt')),
        attachedPicture(CHART_FILE, t(locale, 'final.chartAlt')),
        ...(pictures.animation ? [attachedPicture(ANIMATION_FILE, t(locale, 'final.animationAlt'))] : []),
      ),
    )
    .addTextDisplayComponents((text) => text.setContent([t(locale, 'final.standings'), ...standingsLines(view, locale)].join('\n')))
    .addActionRowComponents(rows(buttons));
  return componentsV2([container], {
    files: [
      { name: BOARD_FILE, data: pictures.board },
      { name: CHART_FILE, data: pictures.chart },
      ...(pictures.animation ? [{ name: ANIMATION_FILE, data: pictures.animation }] : []),
    ],
  });
}
