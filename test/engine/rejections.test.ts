/** Every refusal is typed, readable, and leaves the state exactly as it was. */
import { describe, expect, it } from 'vitest';
import { apply, parseAction, type Action, type GameState } from '../../src/engine/index.js';
import { buy, found, place, play, scenario, survivor } from './helpers.js';

const board = `
  A LLL.TTT.....
  B ............
  C x...........
  D ............
  E ............
  F ............
  G ............
  H ............
  I ............`;

const game = (): GameState => scenario({ board, players: [{ hand: ['4A', '2C', '9I'], cash: 800 }, { hand: ['12I'], shares: { Tower: 24 } }, {}] });

/** Refused with `code`, and the state untouched; returns the message. */
function refusedUnchanged(state: GameState, action: Action, code: string, options = {}): string {
  const before = structuredClone(state);
  const result = apply(state, action, options);
  expect(result.ok).toBe(false);
  expect(state).toEqual(before);
  if (result.ok) return '';
  expect(result.code).toBe(code);
  return result.message;
}

describe('rejections', () => {
  it('out of turn', () => {
    expect(refusedUnchanged(game(), place('p1', '12I'), 'action/not_your_decision')).toBe('It is not your decision now: waiting for Ann to place a tile.');
  });

  it('a stranger', () => {
    expect(refusedUnchanged(game(), place('zed', '9I'), 'action/unknown_player')).toBe('You are not playing in this game.');
  });

  it('a stale button: the state has moved on since it was offered', () => {
    const offered = game();
    const moved = play(offered, place('p0', '9I')).state;
    expect(moved.stateId).toBe(offered.stateId + 1);
    expect(refusedUnchanged(moved, buy('p0'), 'action/stale', { expectedStateId: offered.stateId })).toBe(
      'The game has moved on since this was offered, so nothing was changed.',
    );
    expect(apply(moved, buy('p0'), { expectedStateId: moved.stateId }).ok).toBe(true);
  });

  it('a tile not in the hand, or not a tile at all', () => {
    expect(refusedUnchanged(game(), place('p0', '12I'), 'tile/not_in_hand')).toBe('12I is not one of your tiles.');
    expect(refusedUnchanged(game(), place('p0', '13A'), 'tile/not_in_hand')).toBe('13A is not one of your tiles.');
    expect(play(game(), place('p0', '9i')).state.lastPlacedTile).toBe('9I');
  });

  it('the wrong kind of action for the moment', () => {
    expect(refusedUnchanged(game(), buy('p0', 'Luxor'), 'action/wrong_phase')).toBe('That is not possible now: waiting for Ann to place a tile.');
    const placed = play(game(), place('p0', '2C')).state;
    expect(refusedUnchanged(placed, place('p0', '9I'), 'action/wrong_phase')).toBe('That is not possible now: waiting for Ann to name the new chain.');
  });

  it('forged chain names', () => {
    const founding = play(game(), place('p0', '2C')).state;
    expect(refusedUnchanged(founding, found('p0', 'Hilton'), 'chain/unknown')).toBe('There is no chain called Hilton in this game.');
    expect(refusedUnchanged(founding, found('p0', 'Luxor'), 'chain/not_available')).toBe('Luxor is already on the board; choose a chain that is not.');
    const merging = play(game(), place('p0', '4A')).state;
    expect(refusedUnchanged(merging, survivor('p0', 'Hilton'), 'merger/not_a_candidate')).toBe('Hilton cannot survive: choose one of Luxor, Tower.');
    const buying = play(game(), place('p0', '9I')).state;
    expect(refusedUnchanged(buying, buy('p0', 'Hilton'), 'chain/unknown')).toBe('There is no chain called Hilton in this game.');
  });

  it('buying too much: more than three, more than the cash, more than the bank', () => {
    const buying = play(game(), place('p0', '9I')).state;
    expect(refusedUnchanged(buying, buy('p0', 'Luxor', 'Luxor', 'Luxor', 'Luxor'), 'buy/too_many')).toBe('You may buy at most 3 shares a turn.');
    expect(refusedUnchanged(buying, buy('p0', 'Luxor', 'Luxor', 'Luxor'), 'buy/not_enough_cash')).toBe('Those shares cost $900 and you have $800.');
    expect(refusedUnchanged(buying, buy('p0', 'Tower', 'Tower'), 'shares/bank_short')).toBe('The bank has only 1 Tower shares left.');
    expect(refusedUnchanged(buying, buy('p0', 'American'), 'buy/inactive_chain')).toBe('American is not on the board, so its shares cannot be bought.');
  });

  it('a finished game', () => {
    const over = { ...game(), phase: { kind: 'gameOver' as const } };
    expect(refusedUnchanged(over, place('p0', '9I'), 'action/game_over')).toBe('This game is over.');
  });
});

describe('malformed actions from outside (parseAction)', () => {
  it.each([
    ['not an object', 'placeTile 5D'],
    ['an unknown type', { type: 'teleport', player: 'p0' }],
    ['a missing field', { type: 'placeTile', player: 'p0' }],
    ['a wrong field type', { type: 'disposeShares', player: 'p0', sell: '2', trade: 0 }],
    ['a negative count', { type: 'disposeShares', player: 'p0', sell: -1, trade: 0 }],
    ['four shares', { type: 'buyShares', player: 'p0', chains: ['Luxor', 'Luxor', 'Luxor', 'Luxor'] }],
    ['an empty player id', { type: 'declareEnd', player: '' }],
  ])('refuses %s', (_, input) => {
    expect(parseAction(input)).toEqual({ ok: false, code: 'action/malformed', message: 'That move could not be understood.' });
  });

  it('passes a well-formed action through', () => {
    expect(parseAction({ type: 'placeTile', player: 'p0', tile: '9I' })).toEqual(place('p0', '9I'));
  });
});
