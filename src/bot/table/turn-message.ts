/**
 * The table's one public message per turn, as a pure function of the spectator's view (so
 * nothing private can reach it), the decision at hand and what happened this turn. Components
 * V2: one container with the turn's title, the board picture, this turn's events, the players
 * and whose decision it is, and the buttons. The chains' table is in the picture, so the text
 * does not repeat it. Within Discord's limits (40 components, 4,000 characters): the oldest
 * lines of a long turn give way first.
 */
import { type ButtonBuilder, HeadingLevel, SeparatorSpacingSize, heading } from 'discord.js';
import type { Decision, GameView } from '../../engine/index.js';
import { type Locale, t } from '../../i18n/index.js';
import { rows } from '../layout.js';
import { cutText, escapedName, playerLines, promptLine } from '../text.js';
import { V2_LIMITS, attachedPicture, componentsV2, tableContainer, type Outgoing, type RawFile } from './payload.js';

export const BOARD_FILE = 'board.png';

export interface TurnMessageInput {
  /** The spectator's view (`viewFor(state, null)`). */
  view: GameView;
  decision: Decision;
  /** What happened this turn so far, oldest first. */
  lines: readonly string[];
  /** The buttons; none once the turn is over. */
  buttons: readonly ButtonBuilder[];
  /** A newly drawn board picture to upload, or null to keep the one the message has. */
  picture: Buffer | null;
  /** The user this message pings when it first appears (only a new message pings). */
  ping: string | null;
  /** Set when the turn is over: the closing line shown instead of the prompt. */
  closed?: string;
  /** The game's language. */
  locale: Locale;
}

/** Room kept for the lines of a long turn, within the 4,000 characters of a message. */
const TEXT_BUDGET = V2_LIMITS.text - 200;

export function turnMessage(input: TurnMessageInput): Outgoing {
  const { view, decision, locale } = input;
  const turnPlayer = view.players[view.currentPlayer];
  const title = heading(
    t(locale, 'table.turnTitle', {
      turn: view.turn + 1,
      name: escapedName(turnPlayer?.name ?? ''),
    }),
    HeadingLevel.Three,
  );
  const players = view.options.holdings === 'hidden' && !view.result ? t(locale, 'table.holdingsHidden') : playerLines(view, locale).join('\n');
  const prompt = input.closed ?? promptLine(decision, view, locale);
  const fixed = title.length + players.length + prompt.length;
  const happened = fitLines(input.lines, Math.max(200, TEXT_BUDGET - fixed));

  const container = tableContainer()
    .addTextDisplayComponents((text) => text.setContent(title))
    .addMediaGalleryComponents((gallery) => gallery.addItems(attachedPicture(BOARD_FILE, t(locale, 'table.boardAlt', { turn: view.turn + 1 }))));
  if (happened) container.addTextDisplayComponents((text) => text.setContent(happened));
  if (players) container.addTextDisplayComponents((text) => text.setContent(cutText(players, 1000)));
  container.addSeparatorComponents((separator) => separator.setDivider(true).setSpacing(SeparatorSpacingSize.Small));
  if (prompt) container.addTextDisplayComponents((text) => text.setContent(prompt));
  container.addActionRowComponents(rows(input.buttons));
  const files: RawFile[] = input.picture ? [{ name: BOARD_FILE, data: input.picture }] : [];
  return componentsV2([container], { ping: input.ping, files });
}

/** The latest lines that fit in `budget` characters, with a mark where older ones were left out. */
export function fitLines(lines: readonly string[], budget: number): string {
  const kept: string[] = [];
  let used = 0;
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index]!;
    if (used + line.length + 1 > budget - 2) {
      if (kept.length === 0) kept.unshift(cutText(line, budget - 2));
      kept.unshift('…');
      break;
    }
    kept.unshift(line);
    used += line.length + 1;
  }
  return kept.join('\n');
}
