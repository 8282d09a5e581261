/**
 * Trading with computer players, through the real discord.js client and the Discord double: a
 * person offers a computer a trade from the same buttons as with a person, the computer answers
 * it on its merits (a good offer is accepted) and the trade is made; a computer's own offers
 * reach the person with Accept and Decline, as a person's would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharePrice, type GameState } from '../../src/engine/index.js';
import { SETTLE_MS, buttonsOf, humansTurnOrEnd, latestPublicWithButtons, messageText, privateFollowUps, startHarness, type Harness } from './harness.js';
import { Table } from './players.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ users: 1, gameSeed: () => 7 });
});
afterAll(async () => {
  await h?.close();
});

/** A chain on the board the seat holds shares of, if any: the person will ask it for one. */
function chainToAskFor(state: GameState, seat: number): { name: string; price: number } | null {
  const index = state.chains.findIndex((chain, at) => chain.headquarters !== null && state.players[seat]!.shares[at]! > 0);
  if (index < 0) return null;
  const chain = state.chains[index]!;
  return { name: chain.name, price: sharePrice(chain.tier, chain.size) };
}

describe('trading with computer players', () => {
  it("a person's good offer to a computer is accepted and made; the computers' offers reach the person", async () => {
    const [host] = h.guild.users as [(typeof h.guild.users)[0]];
    const start = await h.double
      .slashCommand({ guildId: h.guild.id, channelId: h.guild.channelId, user: host, name: 'acquire', subcommand: 'start', options: { trades: true } })
      .settled({ timeoutMs: SETTLE_MS });
    const lobby = start.original!;
    const click = (kind: string, arg?: string) => {
      const found = buttonsOf(h.double.message(lobby.id)).find((button) => button.kind === kind && (arg === undefined || button.arg === arg));
      if (!found) throw new Error(`no ${kind} button on the lobby`);
      return h.double.clickButton({ message: lobby, customId: found.customId, user: host }).settled({ timeoutMs: SETTLE_MS });
    };
    await click('addBot', 'medium');
    await click('addBot', 'medium');
    await click('start');
    const gameId = (await h.database.prisma.game.findFirstOrThrow({ where: { channelId: h.guild.channelId } })).id;
    const table = new Table(h, 3);
    table.tradesOffered = 1; // the simulated player makes no offers of its own: this test makes one
    let traded = false;
    for (let decisions = 0; !traded; decisions++) {
      expect(decisions, 'a computer came to hold shares before the game ended').toBeLessThan(200);
      const game = await humansTurnOrEnd(h, gameId, host.id);
      expect(game.status).toBe('active');
      if (game.status !== 'active') return;
      const me = game.state.players.findIndex((player) => player.id === host.id);
      const computer = game.state.players.findIndex((_, seat) => seat !== me && chainToAskFor(game.state, seat) !== null);
      if (game.state.phase.kind !== 'placeTile' || computer < 0) {
        expect(await table.playDecision()).toBe(true);
        continue;
      }
      // The person's panel: "Offer <computer> a trade", its form: eight times the share's price for one
      // share, more than the share and any bonus it might cost the computer (a fair price is declined
      // when the share keeps a bonus for its holder).
      const wanted = chainToAskFor(game.state, computer)!;
      const board = latestPublicWithButtons(h)!;
      const opener = buttonsOf(board).find((button) => button.kind === 'decide' || button.kind === 'hand')!;
      const panel = (await h.double.clickButton({ message: board, customId: opener.customId, user: host }).settled({ timeoutMs: SETTLE_MS })).original!;
      const offer = buttonsOf(panel).find((button) => button.kind === 'offer' && button.arg === String(computer));
      expect(offer, 'an offer button for the computer').toBeDefined();
      const opened = h.double.clickButton({ message: panel, customId: offer!.customId, user: host });
      expect((await opened.settled({ timeoutMs: SETTLE_MS })).modal).toBeTruthy();
      const sharesBefore = game.state.players[me]!.shares.slice();
      const cashBefore = game.state.players[me]!.cash;
      const submitted = await h.double
        .submitModal({ modalOf: opened, values: { giveShares: '', giveCash: String(8 * wanted.price), getShares: `1 ${wanted.name}`, getCash: '' } })
        .settled({ timeoutMs: SETTLE_MS });
      expect(privateFollowUps(submitted).map((message) => message.content)).toEqual([]);
      // The computer answers by itself; the turn comes back to the person, to place a tile.
      const after = await humansTurnOrEnd(h, gameId, host.id);
      if (after.status !== 'active') throw new Error('the game ended');
      const index = after.state.chains.findIndex((chain) => chain.name === wanted.name);
      expect(after.state.phase.kind).toBe('placeTile');
      expect(after.state.players[me]!.shares[index]).toBe(sharesBefore[index]! + 1);
      expect(after.state.players[me]!.cash).toBe(cashBefore - 8 * wanted.price);
      expect(messageText(latestPublicWithButtons(h))).toMatch(/accepted/);
      traded = true;
    }
    // The rest of the game: the computers keep answering and may offer; an offer to the person
    // comes with Accept and Decline on the person's panel.
    let offersSeen = 0;
    for (let decisions = 0; ; decisions++) {
      expect(decisions).toBeLessThan(400);
      const game = await humansTurnOrEnd(h, gameId, host.id);
      if (game.status === 'finished') break;
      if (game.status === 'active' && game.state.phase.kind === 'tradeOffer') {
        offersSeen++;
        const board = latestPublicWithButtons(h)!;
        const opener = buttonsOf(board).find((button) => button.kind === 'decide' || button.kind === 'hand')!;
        const panel = (await h.double.clickButton({ message: board, customId: opener.customId, user: host }).settled({ timeoutMs: SETTLE_MS })).original!;
        expect(
          buttonsOf(panel)
            .filter((button) => button.kind === 'answer')
            .map((button) => button.label),
        ).toEqual(['Accept', 'Decline']);
      }
      expect(await table.playDecision()).toBe(true);
    }
    expect(offersSeen).toBeGreaterThan(0);
  }, 300_000);
});
