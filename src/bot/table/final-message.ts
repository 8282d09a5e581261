/**
 * The game's last public message: who won, the final board, the net-worth chart and the board
 * turn by turn, the standings, and a Rematch button. Players are named, never pinged: the game is over.
 */
import { ComponentType, type APIMessageTopLevelComponent, type ButtonBuilder } from 'discord.js';
import type { GameView } from '../../engine/index.js';
import { formatList, type Locale, t } from '../../i18n/index.js';
import { NEUTRAL_COLOUR } from '../layout.js';
import { mention, money, standingsLines } from '../text.js';
import { buttonRows, componentsV2, textDisplay, type Outgoing } from './payload.js';
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
  const animated = pictures.animation
    ? [
        {
          media: { url: `attachment://${ANIMATION_FILE}` },
          description: t(locale, 'final.animationAlt'),
        },
      ]
    : [];
  const components: APIMessageTopLevelComponent[] = [
    {
      type: ComponentType.Container,
      accent_color: NEUTRAL_COLOUR,
      components: [
        textDisplay(t(locale, 'final.title', { winners: winnersLine(view, locale) })),
        {
          type: ComponentType.MediaGallery,
          items: [
            {
              media: { url: `attachment://${BOARD_FILE}` },
              description: t(locale, 'final.boardAlt'),
            },
            {
              media: { url: `attachment://${CHART_FILE}` },
              description: t(locale, 'final.chartAlt'),
            },
            ...animated,
          ],
        },
        textDisplay([t(locale, 'final.standings'), ...standingsLines(view, locale)].join('\n')),
        ...buttonRows(buttons),
      ],
    },
  ];
  return componentsV2(components, {
    files: [
      { name: BOARD_FILE, data: pictures.board },
      { name: CHART_FILE, data: pictures.chart },
      ...(pictures.animation ? [{ name: ANIMATION_FILE, data: pictures.animation }] : []),
    ],
  });
}
