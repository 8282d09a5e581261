/**
 * Hidden holdings cannot be rebuilt from the public channel. A reader that sees only the
 * public messages (as anyone scrolling back does) follows every share a player founds, buys,
 * sells, trades or keeps. In open games it rebuilds every player's shares exactly, move after
 * move: it reads the table correctly. In hidden games, the same reader fails for every player.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CHAIN_SETS } from '../../src/engine/index.js';
import { getGame } from '../../src/store/index.js';
import { SETTLE_MS, buttonsOf, gameChannelOf, messageText, startHarness, tableStateId, type Harness } from './harness.js';
import { Table } from './players.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const CHAINS = CHAIN_SETS.classic.map((chain) => chain.name);

/** Every line anyone can read where the game is played (its thread), oldest first, as it reads now. */
function publicLines(h: Harness): string[] {
  return h.double
    .channelMessages(gameChannelOf(h))
    .flatMap((message) => [messageText(message), ...message.embeds.flatMap((embed) => [embed.description ?? '', ...(embed.fields ?? []).map((field) => field.value)])])
    .flatMap((text) => text.split('\n'));
}

/** The shares each player holds by chain, as far as public lines tell; null where they do not. */
function rebuild(lines: readonly string[], names: readonly string[]): (number[] | null)[] {
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

async function playWatched(h: Harness, holdings: 'open' | 'hidden', seed: number): Promise<{ names: string[]; snapshots: { lines: string[]; shares: number[][] }[]; stoppedAt: string }> {
  const [host, ...others] = h.guild.users;
  const start = await h.double.slashCommand({ guildId: h.guild.id, channelId: h.guild.channelId, user: host!, name: 'acquire', subcommand: 'start', options: { holdings } }).settled({ timeoutMs: SETTLE_MS });
  const lobby = start.original!;
  for (const user of others) await h.double.clickButton({ message: lobby, customId: buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'join')!.customId, user }).settled({ timeoutMs: SETTLE_MS });
  await h.double.clickButton({ message: lobby, customId: buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'start')!.customId, user: host! }).settled({ timeoutMs: SETTLE_MS });
  const gameId = (await h.database.prisma.game.findFirstOrThrow({ where: { channelId: h.guild.channelId, status: 'active' } })).id;
  const table = new Table(h, seed);
  // The table's messages are edited as a turn goes on: each snapshot keeps what could be read then.
  const snapshots: { lines: string[]; shares: number[][] }[] = [];
  let names: string[] = [];
  for (let decisions = 0; await table.playDecision(); decisions++) {
    expect(decisions).toBeLessThan(1500);
    const game = (await getGame(h.database.prisma, gameId))!;
    if (game.status !== 'active') break;
    names = game.state.players.map((player) => player.name);
    snapshots.push({ lines: publicLines(h), shares: game.state.players.map((player) => player.shares.slice()) });
  }
  const last = (await getGame(h.database.prisma, gameId))!;
  const stoppedAt = `state ${last.state?.stateId ?? 'none'} of a game ${last.status}, the table showing state ${tableStateId(h, gameChannelOf(h))}`;
  return { names, snapshots, stoppedAt };
}

describe('rebuilding holdings from the public channel', () => {
  it('succeeds in an open game, move after move, with the reader the hidden test uses', async () => {
    // The deal is fixed (as the players' choices are), so the game is the same in every run: 89
    // decisions. Dealt at random, two-player games here lasted 58–89 (16 deals); one run of the
    // full suite stopped after 21 for a reason not found, which the message below would tell.
    harness = await startHarness({ users: 2, gameSeed: () => 1 });
    const { names, snapshots, stoppedAt } = await playWatched(harness, 'open', 21);
    expect(snapshots.length, `the players stopped at ${stoppedAt}`).toBeGreaterThan(30);
    for (const snapshot of snapshots) expect(rebuild(snapshot.lines, names)).toEqual(snapshot.shares);
  }, 240_000);

  it('fails for every player in a hidden game', async () => {
    harness = await startHarness({ users: 2, gameSeed: () => 1 });
    const { names, snapshots } = await playWatched(harness, 'hidden', 21);
    const last = snapshots.at(-1)!;
    const rebuilt = rebuild(last.lines, names);
    names.forEach((name, seat) => expect(rebuilt[seat], `${name}'s shares rebuilt from public lines`).not.toEqual(last.shares[seat]));
    // Nor, before the end, does any public line give the bank's count of a chain or a player's cash.
    expect(last.lines.filter((line) => /in bank|\bBk\b|\*\*: \$[\d,]+/.test(line))).toEqual([]);
  }, 240_000);
});
