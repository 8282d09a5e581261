/**
 * A reader that sees only the public messages of a game (as anyone scrolling back does) and
 * follows every share a player founds, buys, sells, trades or keeps: in an open game it must
 * rebuild every player's shares exactly (test/e2e/hidden-rebuild.test.ts); in a hidden game it
 * must fail for every player (test/e2e/whole-game.test.ts, the six-player hidden game).
 */
import { CHAIN_SETS } from '../../src/engine/index.js';
import type { StoredMessage } from '../support/discord-double/index.js';
import { messageText } from './harness.js';

const CHAINS = CHAIN_SETS.classic.map((chain) => chain.name);

/** Every line of `messages`, oldest first, as they read now (text, embeds' descriptions and fields). */
export function publicLines(messages: readonly StoredMessage[]): string[] {
  return messages
    .flatMap((message) => [
      messageText(message),
      ...message.embeds.flatMap((embed) => [embed.description ?? '', ...(embed.fields ?? []).map((field) => field.value)]),
    ])
    .flatMap((text) => text.split('\n'));
}

/** The shares each player holds by chain (classic chains), as far as public lines tell; null where they do not. */
export function rebuild(lines: readonly string[], names: readonly string[]): (number[] | null)[] {
  const shares: (number[] | null)[] = names.map(() => CHAINS.map(() => 0));
  const seat = (name: string) => names.indexOf(name);
  const add = (player: number, chain: string, count: number) => {
    const held = shares[player];
    if (held) held[CHAINS.indexOf(chain)]! += count;
  };
  for (const line of lines) {
    let match = /^\*\*(.+?)\*\* founded \*\*(\w+)\*\* .*takes a free founder’s share/.exec(line);
    if (match) add(seat(match[1]!), match[2]!, 1);
    match = /^\*\*(.+?)\*\* bought (.+) for \$/.exec(line);
    if (match) for (const part of match[2]!.split(/, | and /)) add(seat(match[1]!), part.split(' ')[1]!, Number(part.split(' ')[0]));
    match = /^\*\*(.+?)\*\* bought shares\.$/.exec(line);
    if (match) shares[seat(match[1]!)] = null; // how many, of which chain: not said
    match = /^\*\*(.+?)\*\* ((?:sold|traded|kept) .+) (\w+)\.$/.exec(line);
    if (match && CHAINS.includes(match[3]!)) {
      const player = seat(match[1]!);
      const sold = Number(/sold (\d+)/.exec(match[2]!)?.[1] ?? 0);
      const traded = /traded (\d+) for (\d+) (\w+)/.exec(match[2]!);
      add(player, match[3]!, -sold - Number(traded?.[1] ?? 0));
      if (traded) add(player, traded[3]!, Number(traded[2]));
    }
  }
  return shares;
}

/** Lines that would give away hidden holdings: a bank's count of a chain, or a player's cash. */
export const HOLDINGS_GIVEN = /in bank|\bBk\b|\*\*: \$[\d,]+/;
