/**
 * The table's short texts: the one-line mention of a decider who is not the player in turn, the
 * turn clock's reminder and time-out lines, the direct-message reminder, and the sentences said
 * once (threads not allowed, DMs closed).
 */
import type { Decision, GameOptions, GameResult, GameView } from '../../engine/index.js';
import { type Key, type Locale, t } from '../../i18n/index.js';
import { escapedName, mention, promptLine } from '../text.js';
import type { Outgoing } from './payload.js';

/**
 * The short message that pings a decider who is not the player in turn (a merger's holder, a
 * trade offer's recipient, the player in turn getting the decision back): no picture, a link
 * to the table message whose buttons they use.
 */
export function mentionMessage(view: GameView, decision: Decision, tableLink: string | null, locale: Locale): Outgoing {
  if (decision.kind === 'gameOver') throw new Error('no one decides in a finished game');
  const userId = view.players[decision.seat]!.id;
  const prompt = promptLine(decision, view, locale);
  const content = tableLink ? t(locale, 'notices.mentionLink', { prompt, link: tableLink }) : t(locale, 'notices.mentionAbove', { prompt });
  return {
    body: {
      content,
      components: [],
      allowed_mentions: { parse: [], users: [userId] },
    },
    files: [],
  };
}

/** Said once in a game played in its channel because the bot may not open a thread there (a key of the catalogs). */
export const THREADS_NOT_ALLOWED = 'notices.threadsNotAllowed' satisfies Key;

/** The direct message to a player who asked for reminders, when a decision of theirs waits. */
export function reminderText(input: { guildName: string | null; waitingFor: string; link: string }, locale: Locale): string {
  return input.guildName
    ? t(locale, 'notices.reminderOn', {
        guild: input.guildName,
        waitingFor: input.waitingFor,
        link: input.link,
      })
    : t(locale, 'notices.reminder', {
        waitingFor: input.waitingFor,
        link: input.link,
      });
}

/** Said once in the game's thread when a reminder could not be delivered. */
export function directMessagesClosed(userId: string, locale: Locale): string {
  return t(locale, 'notices.directMessagesClosed', {
    who: mention(userId, locale),
  });
}

/** What a player is asked, in words for a reminder ("place a tile", "buy shares"…). */
export function waitingFor(decision: Decision, locale: Locale): string {
  switch (decision.kind) {
    case 'disposeShares':
      return t(locale, 'waitingFor.disposeShares', { chain: decision.defunct });
    default:
      return t(locale, `waitingFor.${decision.kind}`);
  }
}

/**
 * Whether the one deciding may not be named or pinged in public: a merger's holder in a game
 * with hidden holdings (naming them would tell who holds the chain wound up).
 */
export function secretDecider(
  game: { options: GameOptions; result: GameResult | null },
  decision: Decision,
): decision is Extract<Decision, { kind: 'disposeShares' }> {
  return decision.kind === 'disposeShares' && game.options.holdings === 'hidden' && !game.result;
}

/** The turn clock's public reminder at half time: the decider pinged, unless their decision is secret. */
export function clockReminder(
  input: { userId: string; left: string; secretHolderOf: string | null },
  locale: Locale,
): { content: string; ping: string | null } {
  if (input.secretHolderOf !== null) {
    return {
      content: t(locale, 'notices.clockReminderSecret', {
        chain: input.secretHolderOf,
        left: input.left,
      }),
      ping: null,
    };
  }
  return {
    content: t(locale, 'notices.clockReminder', {
      who: mention(input.userId, locale),
      left: input.left,
    }),
    ping: input.userId,
  };
}

/**
 * What the table is told when a decision's time ran out and the default move was made. A secret
 * decider is neither named nor told about (what they did would show what they held), and the
 * autopilot offer, which names them, waits for a decision of theirs that is not secret.
 */
export function timeoutLines(
  input: {
    name: string;
    move: string;
    missedInARow: number;
    offerAutopilot: boolean;
    secretHolderOf: string | null;
  },
  locale: Locale,
): string[] {
  if (input.secretHolderOf !== null) return [t(locale, 'notices.timeoutSecret', { chain: input.secretHolderOf })];
  const name = escapedName(input.name);
  const lines = [t(locale, 'notices.timeout', { name, move: input.move })];
  if (input.offerAutopilot) lines.push(t(locale, 'notices.offerAutopilot', { name, count: input.missedInARow }));
  return lines;
}
