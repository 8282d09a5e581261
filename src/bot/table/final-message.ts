/**
 * The game's last public message: who won, the final board and the net-worth chart, the
 * standings, and a Rematch button. Players are named, never pinged: the game is over.
 */
import { ComponentType, type APIMessageTopLevelComponent, type ButtonBuilder } from 'discord.js';
import type { GameView } from '../../engine/index.js';
import { NEUTRAL_COLOUR } from '../layout.js';
import { mention, money, standingsLines } from '../text.js';
import { buttonRows, componentsV2, textDisplay, type Outgoing } from './payload.js';
import { BOARD_FILE } from './turn-message.js';

export const CHART_FILE = 'networth.png';

export function winnersLine(view: GameView): string {
  const winners = (view.result?.standings ?? []).filter((standing) => standing.place === 1);
  const names = winners.map((standing) => mention(standing.playerId)).join(' and ');
  return winners.length > 1 ? `${names} share the win with ${money(winners[0]!.cash)} each!` : `${names} wins with ${money(winners[0]?.cash ?? 0)}!`;
}

export function finalMessage(view: GameView, pictures: { board: Buffer; chart: Buffer }, buttons: readonly ButtonBuilder[]): Outgoing {
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
    ],
  });
}
