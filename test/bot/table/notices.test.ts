/**
 * The turn clock's public lines in a game with hidden holdings: a merger holder who is reminded
 * or runs out of time is neither named nor pinged, since that would tell the table who holds the
 * chain being wound up. Everyone else is named and pinged as before.
 */
import { describe, expect, it } from 'vitest';
import { clockReminder, secretDecider, timeoutLines } from '../../../src/bot/table/notices.js';
import { currentDecision, type Decision, type GameOptions, type GameState, type PlayerState } from '../../../src/engine/index.js';
import { playRandomGame } from '../../engine/playout.js';

/** The first state of a seeded random game where a merger's holder decides about their shares. */
function holderDeciding(options: Partial<GameOptions>): GameState {
  for (let seed = 1; seed < 200; seed++) {
    let found: GameState | null = null;
    playRandomGame(seed, 4, options, (state) => {
      if (!found && currentDecision(state).kind === 'disposeShares') found = state;
    });
    if (found) return found;
  }
  throw new Error('no random game reached a merger with a holder to decide');
}

/** That state, the holder's decision and the holder. */
function holderAt(options: Partial<GameOptions>): {
  state: GameState;
  decision: Extract<Decision, { kind: 'disposeShares' }>;
  holder: PlayerState;
} {
  const state = holderDeciding(options);
  const decision = currentDecision(state);
  if (decision.kind !== 'disposeShares') throw new Error('expected a holder’s decision');
  return { state, decision, holder: state.players[decision.seat]! };
}

describe('the turn clock at a merger holder’s decision', () => {
  it('with hidden holdings, names and pings no one, and tells nothing of what they held', () => {
    const { state, decision, holder } = holderAt({ holdings: 'hidden' });
    expect(secretDecider(state, decision)).toBe(true);

    const reminder = clockReminder({ userId: holder.id, left: '1 min', secretHolderOf: decision.defunct }, 'en');
    expect(reminder.ping).toBeNull();
    expect(reminder.content).not.toContain(holder.id);
    expect(reminder.content).toContain(`A holder of ${decision.defunct}`);

    const lines = timeoutLines(
      {
        name: holder.name,
        move: `sold 3 and traded 2 of their ${decision.defunct} shares`,
        missedInARow: 2,
        offerAutopilot: true,
        secretHolderOf: decision.defunct,
      },
      'en',
    );
    expect(lines).toEqual([`⏰ A holder of ${decision.defunct} ran out of time: a default decision was made for them.`]);
    expect(lines.join('\n')).not.toContain(holder.name);
  });

  it('with open holdings, names and pings the holder, and offers autopilot after repeated misses', () => {
    const { state, decision, holder } = holderAt({ holdings: 'open' });
    expect(secretDecider(state, decision)).toBe(false);

    const reminder = clockReminder({ userId: holder.id, left: '1 min', secretHolderOf: null }, 'en');
    expect(reminder.ping).toBe(holder.id);
    expect(reminder.content).toContain(`<@${holder.id}>`);

    const lines = timeoutLines(
      {
        name: holder.name,
        move: 'kept their shares',
        missedInARow: 2,
        offerAutopilot: true,
        secretHolderOf: null,
      },
      'en',
    );
    expect(lines[0]).toBe(`⏰ ${holder.name} ran out of time: kept their shares.`);
    expect(lines[1]).toContain(`${holder.name} has missed 2 decisions in a row`);
  });

  it('keeps no secret about a decision that is not a holder’s, even with hidden holdings', () => {
    const state = holderDeciding({ holdings: 'hidden' });
    const placing = { ...state, phase: { kind: 'placeTile', redrawn: false, tradeOffers: 0 } } as GameState;
    expect(secretDecider(placing, currentDecision(placing))).toBe(false);
  });
});
