/**
 * A click whose answer needs the game read is answered in time when the database is slow: it is
 * acknowledged within a few ms ("thinking…" for a private answer), and the answer follows as an
 * edit, the same answer a quick database gives. Refusals arrive the same way and change nothing.
 */
import { InteractionResponseType } from 'discord.js';
import { afterEach, expect, it } from 'vitest';
import { refusals } from '../../src/bot/refusals.js';
import { say } from '../../src/i18n/index.js';
import { SLOW_ANSWER_AFTER_MS } from '../../src/bot/replies.js';
import { decidingSeat } from '../../src/engine/index.js';
import { getGame, type Database } from '../../src/store/index.js';
import { SETTLE_MS, buttonsOf, latestPublicWithButtons, openGame, startHarness, type Harness } from './harness.js';

const READ_DELAY_MS = 400;
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/**
 * Until `restore` is called, every SQL read the bot makes through `$queryRaw` (a game's, a move's) takes `ms` longer.
 */
function slowDatabase(database: Database, ms: number): { restore(): void } {
  const delayed = <Target extends object, Key extends keyof Target>(target: Target, key: Key): (() => void) => {
    const original = target[key] as (...args: unknown[]) => Promise<unknown>;
    (target as Record<Key, unknown>)[key] = async (...args: unknown[]) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return original.apply(target, args);
    };
    return () => ((target as Record<Key, unknown>)[key] = original);
  };
  return { restore: delayed(database.prisma as unknown as { $queryRaw: unknown }, '$queryRaw') };
}

it('answers a click in time when the database is slow, then shows the same panel', async () => {
  harness = await startHarness({ users: 3 });
  const h = harness;
  const onlooker = h.guild.users[2];
  const { game: before } = await openGame(h);
  const game = before;
  const decider = h.guild.users.find((user) => user.id === before.state!.players[decidingSeat(before.state!)!]!.id)!;
  const table = latestPublicWithButtons(h)!;
  // The button that opens the deciding player's panel (their hand, when placing a tile).
  const opener = buttonsOf(table).find((button) => button.kind === 'decide' || button.kind === 'hand')!;

  // A quick database: the panel is the first answer.
  const quick = await h.double.clickButton({ message: table, customId: opener.customId, user: decider }).settled({ timeoutMs: SETTLE_MS });
  expect(quick.callback?.type).toBe(InteractionResponseType.ChannelMessageWithSource);
  const panel = quick.original!;
  expect(panel.ephemeral).toBe(true);

  // A slow one: acknowledged well before the read is back, then the same panel by an edit.
  const slow = slowDatabase(h.database, READ_DELAY_MS);
  const click = h.double.clickButton({ message: table, customId: opener.customId, user: decider });
  const late = await click.settled({ timeoutMs: SETTLE_MS });
  expect(late.callback?.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
  expect(late.callback!.ephemeral).toBe(true);
  expect(late.callback!.at - click.dispatchedAt).toBeLessThan(READ_DELAY_MS / 2);
  expect(late.callback!.at - click.dispatchedAt).toBeGreaterThanOrEqual(SLOW_ANSWER_AFTER_MS - 5);
  expect(late.original!.ephemeral).toBe(true);
  expect(late.original!.content).toBe(panel.content);
  expect(buttonsOf(late.original).map((button) => button.label)).toEqual(buttonsOf(panel).map((button) => button.label));

  // A refusal (someone not playing) arrives the same way, and nothing changes.
  const refused = h.double.clickButton({ message: table, customId: opener.customId, user: onlooker! });
  const refusal = await refused.settled({ timeoutMs: SETTLE_MS });
  expect(refusal.callback?.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
  const answer = refusal.followUps.at(-1) ?? refusal.original;
  expect(answer?.ephemeral).toBe(true);
  expect(answer?.content).toBe(say('en', refusals.notSeated));
  expect(buttonsOf(answer)).toEqual([]);
  slow.restore();
  const after = (await getGame(h.database.prisma, game.id))!;
  expect(after.state).toEqual(before.state);
  expect(latestPublicWithButtons(h)?.id).toBe(table.id);
}, 60_000);
