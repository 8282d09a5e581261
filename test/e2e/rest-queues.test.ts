/**
 * Answers to interactions never wait behind the bot's own channel posts: those go through a
 * REST queue of their own, held to the bot's global limit (here a very low one, 2 a second, so
 * that a backlog builds), while a command is answered at once all the same. And neither queue
 * keeps a rate-limit handler for every click's webhook once the click is done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLE_MS, backgroundSettled, buttonsOf, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';
import { Server } from './session.js';
import { until } from '../support/until.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ users: 2, globalRestLimit: 2, channels: ['one', 'two', 'three', 'four', 'five'] });
});
afterAll(async () => {
  await h?.close();
});

describe('REST queues', () => {
  it('answers a command at once while a backlog of board posts waits for the global limit', async () => {
    const [host, guest] = h.guild.users as [never, never];
    // Five lobbies, then all five games started at once: five boards to post at 2 a second.
    const lobbies = [];
    for (const channel of h.guild.channels) {
      const start = await h.double
        .slashCommand({ guildId: h.guild.id, channelId: channel.id, user: host, name: 'acquire', subcommand: 'start' })
        .settled({ timeoutMs: SETTLE_MS });
      const lobby = start.original!;
      await h.double
        .clickButton({ message: lobby, customId: buttonsOf(lobby).find((button) => button.kind === 'join')!.customId, user: guest })
        .settled({ timeoutMs: SETTLE_MS });
      lobbies.push(lobby);
    }
    const started = performance.now();
    const starts = lobbies.map((lobby) =>
      h.double.clickButton({ message: lobby, customId: buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === 'start')!.customId, user: host }),
    );
    // While the boards queue, a command in the first channel is answered promptly.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const asked = performance.now();
    const rules = h.double.slashCommand({ guildId: h.guild.id, channelId: h.guild.channelId, user: guest, name: 'acquire', subcommand: 'rules' });
    await rules.response(SETTLE_MS);
    const answeredMs = performance.now() - asked;
    await Promise.all(starts.map((start) => start.settled({ timeoutMs: 30_000 })));
    const postedMs = performance.now() - started;
    expect(answeredMs).toBeLessThan(1000);
    // The boards did queue: five posts at 2 a second take seconds.
    expect(postedMs).toBeGreaterThan(2000);
    expect(h.double.unhandledCalls).toEqual([]);
    expect(h.double.calls.filter((call) => call.status === 429)).toEqual([]);
  }, 60_000);
});

describe('REST rate-limit handlers', () => {
  let swept: Harness;
  beforeAll(async () => {
    swept = await startHarness({ users: 1, restHandlerSweepMs: 1000 });
  });
  afterAll(async () => {
    await swept?.close();
  });

  /** The handlers both of the bot's REST queues hold for interaction webhooks (one per token and route). */
  const tokenHandlers = () => {
    const { client, channelRest } = swept.bot.context;
    return [...client.rest.handlers.keys(), ...channelRest.handlers.keys()].filter((id) => id.includes('/webhooks/:id/:token'));
  };

  it("lets go of each click's webhook handlers once idle, and the game goes on after", async () => {
    const s = await Server.open(swept, { users: 2 });
    const [host, guest] = s.users as [never, never];
    const { game } = await s.startGame(host, [guest]);
    const table = new Table(s.harness(), 3, game.threadId!);
    let most = 0;
    for (let decision = 0; decision < 12; decision++) {
      expect(await table.playDecision()).toBe(true);
      most = Math.max(most, tokenHandlers().length);
    }
    // Every click's webhook had a handler of its own while the game was played...
    expect(most).toBeGreaterThan(3);
    // ...and a sweep later none is left: a busy bot does not keep one per click for an hour.
    await swept.bot.context.locks.idle();
    await backgroundSettled(swept);
    await until(() => tokenHandlers().length === 0, { description: 'no webhook handler left after a sweep (every 1 s)' });
    expect(tokenHandlers()).toEqual([]);
    // Routes used again get a handler again: the next move is still made.
    const movesBefore = table.moves;
    expect(await table.playDecision()).toBe(true);
    expect(table.moves).toBeGreaterThan(movesBefore);
  }, 60_000);
});
