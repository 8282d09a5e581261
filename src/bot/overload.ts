/**
 * Overload answered, never silent. Discord shows "This interaction failed" to a player whose
 * click has no answer 3 s after they made it. A process that falls behind (the CPU taken by
 * other work on the machine, more clicks than it can serve) receives clicks late, and a click
 * that waited its turn behind others would wait again behind the work it starts: answered, if
 * at all, long after Discord gave up. So a click that arrives too late is refused at once with
 * one sentence ("the table is busy"), the cheapest answer there is, and nothing else is done
 * for it: the work the process sheds is what lets it answer the next ones in time. A refusal
 * changes nothing, so no acknowledged move is lost; the player clicks again a moment later.
 */
import type { Interaction } from 'discord.js';
import type { BotContext } from './context.js';
import { refusals } from './refusals.js';
import { refuse } from './replies.js';

/**
 * How late a click may arrive and still be served: past this, the answer and the work it starts
 * (a database read and write, a picture) risk Discord's 3 s, and the process is behind.
 */
export const BUSY_AFTER_MS = 1_000;

/** How long the earliest arrival of each minute is remembered, as the measure of an on-time click. */
const FLOOR_MINUTES = 10;

/**
 * How late each interaction arrives: its age (from its id's timestamp, Discord's clock) less
 * the smallest age seen in the last minutes. Measured against that floor rather than zero, a
 * host clock set seconds ahead of Discord's does not make every click look late; the floor also
 * holds the gateway's own transit, which is not the process's delay.
 */
export class Lateness {
  private readonly floors: { minute: number; age: number }[] = [];

  /** How many ms later than the quickest recent arrival `createdAt` arrives at `now`. */
  behind(createdAt: number, now = Date.now()): number {
    const age = now - createdAt;
    const minute = Math.floor(now / 60_000);
    const last = this.floors.at(-1);
    if (last?.minute === minute) last.age = Math.min(last.age, age);
    else {
      this.floors.push({ minute, age });
      while (this.floors.length > FLOOR_MINUTES || (this.floors[0] && this.floors[0].minute <= minute - FLOOR_MINUTES)) this.floors.shift();
    }
    const floor = Math.min(...this.floors.map((entry) => entry.age));
    return age - Math.max(0, floor);
  }

  /** Whether an interaction arrives too late to be served (see `BUSY_AFTER_MS`). */
  tooLate(interaction: Interaction, now = Date.now()): boolean {
    return this.behind(interaction.createdTimestamp, now) > BUSY_AFTER_MS;
  }
}

/** Refuses a late interaction at once: "the table is busy", nothing changed, nothing else done. */
export async function refuseBusy(ctx: Pick<BotContext, 'log' | 'metrics'>, interaction: Interaction): Promise<void> {
  ctx.metrics.shed.inc();
  if (!interaction.isRepliable()) return;
  ctx.log.debug({ interactionId: interaction.id }, 'interaction arrived late; refused as busy');
  await refuse(interaction, refusals.busy).catch((error: unknown) =>
    ctx.log.warn({ err: error, interactionId: interaction.id }, 'could not refuse a late interaction'),
  );
}
