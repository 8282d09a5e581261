/**
 * Who the table pings, and how. Discord notifies only when a message first appears, never on an
 * edit, so a ping is either the new turn's table message (the turn passed to someone) or one
 * short text message for a decider who is not the player in turn (a merger's holder, a trade
 * offer's recipient, or the player in turn getting the decision back after them).
 *
 * The rule: ping only when the decision moves to a different person, and never the same person
 * twice in a row. Within a turn only someone other than the player in turn is pinged: the
 * player in turn was pinged when it began and is playing it. Some deciders are never pinged
 * (`silent`): a seat on autopilot or a computer player (the bot decides at once), and a
 * merger's holder when holdings are hidden (a ping would tell who holds the chain).
 */

export interface PingInput {
  /** The user whose decision it is now; null when the game is over. */
  decider: string | null;
  /** The user whose decision it was before this move (null at the start). */
  previousDecider: string | null;
  /** The user whose turn it is. */
  turnPlayer: string | null;
  /** Whether this move starts a new turn (and so a new table message). */
  newTurn: boolean;
  /** The last user this game pinged (null when none, or unknown after a restart). */
  lastPinged: string | null;
  /** Whether the decider is not to be pinged (autopilot, a computer player, a hidden holder). */
  silent: boolean;
}

export type Ping = { userId: string; by: 'table' | 'mention' } | null;

export function pingFor(input: PingInput): Ping {
  const { decider } = input;
  if (decider === null || input.silent || decider === input.lastPinged) return null;
  if (input.newTurn) return { userId: decider, by: 'table' };
  if (decider !== input.previousDecider && decider !== input.turnPlayer) return { userId: decider, by: 'mention' };
  return null;
}
