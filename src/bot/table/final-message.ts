/**
 * The game's last public message: who won, the final board, the net-worth chart and the board
 * turn by turn, the standings, and a Rematch button. Players are named, never pinged: the game is over.
 */
import { ComponentType, type APIMessageTopLevelComponent, type ButtonBuilder } from 'discord.js';
import type { GameView } from '../../engine/index.js';
import { NEUTRAL_COLOUR } from '../layout.js';
import { mention, money, standingsLines } from '../text.js';
import { buttonRows, componentsV2, textDisplay, type Outgoing } from './payload.js';
import { BOARD_FILE } from './turn-message.js';

export const CHART_FILE = 'networth.png';
export const ANIMATION_FILE = 'summary.gif';

export function winnersLine(view: GameView): string {
  const winners = (view.result?.standings ?? []).filter((standing) => standing.place === 1);
  const names = winners.map((standing) => mention(standing.playerId)).join(' and ');
  return winners.length > 1 ? `${names} share the win with ${money(winners[0]!.cash)} each!` : `${names} wins with ${money(winners[0]?.cash ?? 0)}!`;
}

/** `pictures.animation`: the board turn by turn (src/render/animation.ts), when it could be made. */
export function finalMessage(view: GameView, pictures: { board: Buffer; chart: Buffer; animation?: Buffer | null }, buttons: readonly ButtonBuilder[]): Outgoing {
  const animated = pictures.animation ? [{ media: { url: `attachment://${ANIMATION_FILE}` }, description: 'The board, turn by turn' }] : [];
  const components: APIMessageTopLevelComponent[] = [
    {
      type: ComponentType.Container,
      accent_color: NEUTRAL_COLOUR,
      components: [
        textDisplay(`### Game over\n${winnersLine(view)}`),
        {
          type: ComponentType.MediaGallery,
          items: [
            { media: { url: `attachment://${BOARD_FILE}` }, description: 'The final board' },
            { media: { url: `attachment://${CHART_FILE}` }, description: 'Net worth, turn by turn' },
            ...animated,
          ],
        },
        textDisplay(['**Final standings**', ...standingsLines(view)].join('\n')),
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
