/**
 * A process that cannot keep up answers anyway: a click that reaches the bot too late for its
 * work to be answered within Discord's 3 s (here: this process's event loop held, as a starved
 * CPU would hold it) is refused at once, privately, with "the table is busy", and changes
 * nothing; the same click a moment later is served.
 */
import { InteractionResponseType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusals } from '../../src/bot/refusals.js';
import { say } from '../../src/i18n/index.js';
import { BUSY_AFTER_MS, Lateness } from '../../src/bot/overload.js';
import { decidingSeat } from '../../src/engine/index.js';
import { getGame } from '../../src/store/index.js';
import { SETTLE_MS, buttonsOf, latestPublicWithButtons, openGame, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ users: 2 });
});
afterAll(async () => {
  await h?.close();
});

/** Holds this process's event loop (the bot's and the double's) for `ms`, as other work on a starved CPU would. */
function holdTheCpu(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('overload', () => {
  it('refuses a click that arrives too late as busy, changing nothing, and serves it once it arrives in time', async () => {
    const { game: before } = await openGame(h);
    const game = before;
    const decider = h.guild.users.find((user) => user.id === before.state!.players[decidingSeat(before.state!)!]!.id)!;
    const table = latestPublicWithButtons(h)!;
    const opener = buttonsOf(table).find((button) => button.kind === 'decide' || button.kind === 'hand')!;
    const panel = (await h.double.clickButton({ message: table, customId: opener.customId, user: decider }).settled({ timeoutMs: SETTLE_MS })).original!;
    const tile = buttonsOf(panel).find((button) => button.kind === 'tile')!;

    // The tile clicked while the CPU is held: the bot receives it late, and says so at once,
    // within the 3 s Discord (and the double) allow from the click.
    const late = h.double.clickButton({ message: panel, customId: tile.customId, user: decider });
    holdTheCpu(BUSY_AFTER_MS + 800);
    const refused = await late.settled({ timeoutMs: SETTLE_MS });
    expect(refused.callback?.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(refused.original?.ephemeral).toBe(true);
    expect(refused.original?.content).toBe(say('en', refusals.busy));
    await h.bot.context.locks.idle();
    const unchanged = (await getGame(h.database.prisma, game.id))!;
    expect(unchanged.state!.stateId).toBe(before.state!.stateId);
    expect(h.double.message(panel.id)?.components).toEqual(panel.components);
    expect(await h.bot.context.metrics.shed.get()).toMatchObject({ values: [{ value: 1 }] });

    // Clicked again with the CPU free: the tile is placed.
    const served = await h.double.clickButton({ message: panel, customId: tile.customId, user: decider }).settled({ timeoutMs: SETTLE_MS });
    expect(served.callback?.type).toBe(InteractionResponseType.DeferredMessageUpdate);
    await h.bot.context.locks.idle();
    expect((await getGame(h.database.prisma, game.id))!.state!.stateId).toBeGreaterThan(before.state!.stateId);
  }, 120_000);
});

describe('lateness', () => {
  it('is measured from the quickest recent arrival, so that a clock set ahead of Discord does not make every click late', () => {
    const lateness = new Lateness();
    const now = 1_800_000_000_000;
    // This host's clock runs 5 s ahead: every click looks 5 s old, the quickest ones no older.
    expect(lateness.behind(now - 5_020, now)).toBe(0);
    expect(lateness.behind(now + 1_000 - 5_010, now + 1_000)).toBe(0);
    expect(lateness.behind(now + 2_000 - 6_510, now + 2_000)).toBe(1_500);
    // A clock behind Discord's: ages below zero count as on time.
    const behindClock = new Lateness();
    expect(behindClock.behind(now + 300, now)).toBeLessThan(0);
    expect(behindClock.behind(now - 1_200, now)).toBe(1_200);
    // The quickest arrival is remembered ten minutes, not for ever.
    expect(lateness.behind(now + 11 * 60_000 - 5_900, now + 11 * 60_000)).toBe(0);
  });
});
