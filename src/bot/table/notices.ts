/**
 * The table's short texts: the one-line mention of a decider who is not the player in turn, the
 * turn clock's reminder and time-out lines, the direct-message reminder, and the sentences said
 * once (threads not allowed, DMs closed).
 */
import type { Decision, GameOptions, GameResult, GameView } from '../../engine/index.js';
import { escapedName, mention, promptLine } from '../text.js';
import type { Outgoing } from './payload.js';

/**
 * The short message that pings a decider who is not the player in turn (a merger's holder, a
 * trade offer's recipient, the player in turn getting the decision back): no picture, a link
 * to the table message whose buttons they use.
 */
export function mentionMessage(view: GameView, decision: Decision, tableLink: string | null): Outgoing {
  if (decision.kind === 'gameOver') throw new Error('no one decides in a finished game');
  const userId = view.players[decision.seat]!.id;
  const where = tableLink ? ` Use the buttons of the table message: ${tableLink}` : ' Use the buttons of the table message above.';
  return { body: { content: `${promptLine(decision, view)}${where}`, components: [], allowed_mentions: { parse: [], users: [userId] } }, files: [] };
}

/** Said once in a game played in its channel because the bot may not open a thread there. */
export const THREADS_NOT_ALLOWED =
  '-# This game is played here because I may not open threads in this channel. To give each game a thread of its own, allow me **Create Public Threads** and **Send Messages in Threads** here.';

/** The direct message to a player who asked for reminders, when a decision of theirs waits. */
export function reminderText(input: { guildName: string | null; waitingFor: string; link: string }): string {
  const where = input.guildName ? ` on **${input.guildName}**` : '';
  return `⏳ Your Acquire game${where} is waiting for you: ${input.waitingFor}\n${input.link}\n-# You get this because of \`/acquire notify on\`; \`/acquire notify off\` stops it.`;
}

/** Said once in the game's thread when a reminder could not be delivered. */
export function directMessagesClosed(userId: string): string {
  return `${mention(userId)} asked for reminders by direct message, but I cannot send them any: they accept no direct messages from this server (Privacy Settings → Direct Messages).`;
}

/** What a player is asked, in words for a reminder ("place a tile", "buy shares"…). */
export function waitingFor(decision: Decision): string {
  switch (decision.kind) {
    case 'placeTile':
      return 'your turn: place a tile.';
    case 'foundChain':
      return 'name the chain you founded.';
    case 'chooseSurvivor':
      return 'choose the surviving chain.';
    case 'chooseNextDefunct':
      return 'choose which chain is wound up first.';
    case 'disposeShares':
      return `sell, trade or keep your ${decision.defunct} shares.`;
    case 'buyShares':
      return 'buy up to 3 shares (or none).';
    case 'answerTrade':
      return 'answer a trade offer.';
    case 'gameOver':
      return 'the game is over.';
  }
}

/**
 * Whether the one deciding may not be named or pinged in public: a merger's holder in a game
 * with hidden holdings (naming them would tell who holds the chain wound up).
 */
export function secretDecider(game: { options: GameOptions; result: GameResult | null }, decision: Decision): decision is Extract<Decision, { kind: 'disposeShares' }> {
  return decision.kind === 'disposeShares' && game.options.holdings === 'hidden' && !game.result;
}

/** The turn clock's public reminder at half time: the decider pinged, unless their decision is secret. */
export function clockReminder(input: { userId: string; left: string; secretHolderOf: string | null }): { content: string; ping: string | null } {
  if (input.secretHolderOf !== null) {
    return { content: `⏰ A holder of ${input.secretHolderOf} has a decision waiting: ${input.left} left before a default move is made for them.`, ping: null };
  }
  return { content: `⏰ ${mention(input.userId)}, your decision is waiting: ${input.left} left before a default move is made for you.`, ping: input.userId };
}

/**
 * What the table is told when a decision's time ran out and the default move was made. A secret
 * decider is neither named nor told about (what they did would show what they held), and the
 * autopilot offer, which names them, waits for a decision of theirs that is not secret.
 */
export function timeoutLines(input: { name: string; move: string; missedInARow: number; offerAutopilot: boolean; secretHolderOf: string | null }): string[] {
  if (input.secretHolderOf !== null) return [`⏰ A holder of ${input.secretHolderOf} ran out of time: a default decision was made for them.`];
  const name = escapedName(input.name);
  const lines = [`⏰ ${name} ran out of time: ${input.move}.`];
  if (input.offerAutopilot) lines.push(`${name} has missed ${input.missedInARow} decisions in a row: any other player may put them on autopilot.`);
  return lines;
}
