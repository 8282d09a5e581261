/**
 * Unplayable tiles (README "Fixed rules" and option `unplayable`; 001 "Drawing a Tile"; 000 FAQ;
 * 004 "Unplayable Tiles"): a tile merging two safe chains is dead for good and, in `replace`
 * games, set aside and replaced at the end of the turn, once per turn; a tile founding an eighth
 * chain waits in the hand; a hand with nothing playable may be revealed and redrawn.
 */
import { describe, expect, it } from 'vitest';
import { currentDecision, handEffects, legalActions, tileEffect } from '../../src/engine/index.js';
import { buy, eventsOf, place, play, redraw, refused, scenario, skip } from './helpers.js';

// Two safe chains: every tile from 1C to 11C would merge them.
const twoSafe = `
  A ............
  B TTTTTTTTTTT.
  C ............
  D LLLLLLLLLLL.
  E ............
  F ............
  G ............
  H ............
  I ............`;

// All seven chains on the board and a lone tile at 1F: 2F would found an eighth chain.
const sevenChains = `
  A LL.TT.AA.WW.
  B ............
  C FF.II.CC....
  D ............
  E ............
  F x...........
  G ............
  H ............
  I ............`;

// Two pairs of safe chains: every tile of rows C and G (but the 12th) merges two of them.
const twoSafePairs = `
  A ............
  B TTTTTTTTTTT.
  C ............
  D LLLLLLLLLLL.
  E ............
  F WWWWWWWWWWW.
  G ............
  H AAAAAAAAAAA.
  I ............`;

describe('permanently unplayable tiles', () => {
  it('cannot be played, and say why', () => {
    const state = scenario({ board: twoSafe, players: [{ hand: ['9C', '12I'] }, {}, {}] });
    expect(refused(state, place('p0', '9C'), 'tile/unplayable')).toBe('9C would merge two safe chains (Tower and Luxor), so it can never be played.');
    expect(tileEffect(state, '9C')).toMatchObject({ kind: 'unplayable', playable: false, permanent: true });
    expect(legalActions(state)).toEqual([{ type: 'placeTile', player: 'p0', tile: '12I' }]);
  });

  it('are set aside face up and replaced at the end of the turn', () => {
    const state = scenario({ board: twoSafe, players: [{ hand: ['9C', '12I', '1F', '3F', '5F', '7F'] }, {}, {}], bag: ['1H', '3H', '5H'] });
    const { state: after, events } = play(state, place('p0', '12I'), buy('p0'));
    expect(eventsOf(events, 'deadTilesReplaced')).toEqual([{ type: 'deadTilesReplaced', seat: 0, revealed: ['9C'] }]);
    expect(after.discarded).toEqual(['9C']);
    expect(after.players[0]!.hand).toEqual(['1F', '3F', '5F', '7F', '1H', '3H']);
    expect(after.bag).toEqual(['5H']);
  });

  it('after the normal draw, the tile just drawn included; a dead replacement waits for the next turn', () => {
    // 5C and 7C are dead too (row C lies between the two safe chains).
    const state = scenario({
      board: twoSafe,
      players: [{ hand: ['9C', '12I', '1F', '3F', '5F', '7F'] }, { hand: ['9F'] }, { hand: ['11F'] }],
      bag: ['5C', '7C', '1H', '3H', '5H'],
    });
    const { state: first, events } = play(state, place('p0', '12I'), buy('p0'));
    // The normal draw (5C) comes first; then 9C and 5C are set aside and replaced by 7C and 1H.
    expect(eventsOf(events, 'deadTilesReplaced')).toEqual([{ type: 'deadTilesReplaced', seat: 0, revealed: ['9C', '5C'] }]);
    expect(first.discarded).toEqual(['9C', '5C']);
    expect(first.players[0]!.hand).toEqual(['1F', '3F', '5F', '7F', '7C', '1H']);
    // Round the table and back to Ann: 7C goes at the end of her next turn.
    const next = play(first, place('p1', '9F'), buy('p1'), place('p2', '11F'), buy('p2'), place('p0', '1F'), buy('p0')).state;
    expect(next.discarded).toEqual(['9C', '5C', '7C']);
    expect(next.players[0]!.hand).not.toContain('7C');
  });

  it('are kept in `strict` games', () => {
    const state = scenario({ board: twoSafe, options: { unplayable: 'strict' }, players: [{ hand: ['9C', '12I'] }, {}, {}], bag: ['1H', '3H', '5H'] });
    const after = play(state, place('p0', '12I'), buy('p0')).state;
    expect(after.players[0]!.hand).toEqual(['9C', '1H', '3H', '5H']);
    expect(after.discarded).toEqual([]);
  });
});

describe('temporarily unplayable tiles', () => {
  it('a tile founding an eighth chain waits in the hand and is never replaced', () => {
    const state = scenario({ board: sevenChains, players: [{ hand: ['2F', '12I'] }, {}, {}], bag: ['1H', '3H'] });
    expect(tileEffect(state, '2F')).toMatchObject({
      playable: false,
      permanent: false,
      description: '2F would found an eighth chain while all seven are on the board; keep it until a chain is free.',
    });
    const after = play(state, place('p0', '12I'), buy('p0')).state;
    expect(after.players[0]!.hand).toEqual(['2F', '1H', '3H']);
    expect(after.discarded).toEqual([]);
  });

  it('becomes playable when a merger frees a chain', () => {
    const state = scenario({ board: sevenChains, players: [{ hand: ['2F', '3A'] }, {}, {}] });
    expect(tileEffect(state, '2F').playable).toBe(false);
    const merged = play(state, place('p0', '3A'), { type: 'chooseSurvivor', player: 'p0', chain: 'Luxor' }).state;
    expect(handEffects(merged, 'p0')).toMatchObject([{ tile: '2F', playable: true, description: 'founds a chain' }]);
  });
});

describe('a hand with no playable tile', () => {
  const deadHand = ['1C', '2C', '3C', '4C', '5C', '6C'];

  it('may be revealed and redrawn (replace games, 000 FAQ), then a tile is played', () => {
    const state = scenario({ board: twoSafe, players: [{ hand: deadHand }, {}, {}], bag: ['1G', '3G', '5G', '7G', '9G', '11G', '1I'] });
    expect(currentDecision(state)).toMatchObject({ kind: 'placeTile', mustSkip: true, mayRedraw: true });
    expect(legalActions(state)).toEqual([
      { type: 'skipPlacement', player: 'p0' },
      { type: 'redrawHand', player: 'p0' },
    ]);
    const { state: after, events } = play(state, redraw('p0'));
    expect(eventsOf(events, 'handRedrawn')).toEqual([{ type: 'handRedrawn', seat: 0, revealed: deadHand }]);
    expect(after.discarded).toEqual(deadHand);
    expect(after.players[0]!.hand).toEqual(['1G', '3G', '5G', '7G', '9G', '11G']);
    expect(currentDecision(after)).toMatchObject({ kind: 'placeTile', seat: 0, mustSkip: false, mayRedraw: false });
    expect(play(after, place('p0', '5G')).state.board.filter((cell) => cell !== null)).toHaveLength(23);
  });

  it('may not be redrawn while it holds a playable tile', () => {
    const state = scenario({ board: twoSafe, players: [{ hand: ['1C', '12I'] }, {}, {}] });
    expect(refused(state, redraw('p0'), 'redraw/not_allowed')).toBe('You hold a tile you can play, so you cannot redraw your hand.');
    expect(refused(state, skip('p0'), 'tile/playable_tile_in_hand')).toBe('You hold a tile you can play, so you must place one.');
  });

  it('is redrawn once per turn; a second dead hand skips the placement but still buys', () => {
    const state = scenario({ board: twoSafe, players: [{ hand: deadHand }, { hand: ['12I'] }, {}], bag: ['7C', '8C', '9C', '10C', '11C'] });
    const { state: after, events } = play(state, redraw('p0'));
    expect(eventsOf(events, 'placementSkipped')).toEqual([{ type: 'placementSkipped', seat: 0 }]);
    expect(currentDecision(after)).toMatchObject({ kind: 'buyShares', seat: 0 });
    const bought = play(after, buy('p0', 'Tower')).state;
    expect(bought.players[0]!.cash).toBe(6000 - 700);
    expect(bought.currentPlayer).toBe(1);
  });

  it('a second redraw in the same turn is refused', () => {
    // With trades on, nothing is skipped automatically, so the player is still asked to place.
    const state = scenario({ board: twoSafe, options: { trades: true }, players: [{ hand: deadHand }, {}, {}], bag: ['7C', '8C', '9C', '10C', '11C'] });
    const after = play(state, redraw('p0')).state;
    expect(currentDecision(after)).toMatchObject({ kind: 'placeTile', mustSkip: true, mayRedraw: false });
    expect(refused(after, redraw('p0'), 'redraw/not_allowed')).toBe('You have already redrawn your hand this turn.');
    expect(currentDecision(play(after, skip('p0')).state)).toMatchObject({ kind: 'buyShares', seat: 0 });
  });

  it('in `strict` games the placement is only skipped: no redraw', () => {
    const state = scenario({ board: twoSafe, options: { unplayable: 'strict' }, players: [{ hand: deadHand }, {}, {}] });
    expect(currentDecision(state)).toMatchObject({ mustSkip: true, mayRedraw: false });
    expect(refused(state, redraw('p0'), 'redraw/not_allowed')).toBe('This game is played without redrawing unplayable hands.');
    const after = play(state, skip('p0'), buy('p0', 'Luxor')).state;
    expect(after.players[0]!.cash).toBe(5300);
    expect(after.players[0]!.hand).toEqual(deadHand);
    expect(after.currentPlayer).toBe(1);
  });

  it('in `strict` games the next player with nothing playable is skipped without being asked', () => {
    const state = scenario({ board: twoSafe, options: { unplayable: 'strict' }, players: [{ hand: ['12I'] }, { hand: deadHand }, {}] });
    const { state: after, events } = play(state, place('p0', '12I'), buy('p0'));
    expect(eventsOf(events, 'placementSkipped')).toEqual([{ type: 'placementSkipped', seat: 1 }]);
    expect(currentDecision(after)).toMatchObject({ kind: 'buyShares', seat: 1 });
  });

  it('in `strict` games, when no one can play and every hand is full, the game ends though the bag is not empty', () => {
    const state = scenario({
      board: twoSafePairs,
      options: { unplayable: 'strict' },
      players: [{ hand: ['1C', '2C', '3C', '4C', '5C', '6C'] }, { hand: ['1G', '2G', '3G', '4G', '5G', '6G'] }],
      bag: ['1A', '2A', '3A'],
    });
    const { state: over, events } = play(state, skip('p0'), buy('p0'));
    expect(over.phase.kind).toBe('gameOver');
    expect(over.result?.reason).toBe('noPlayableTiles');
    expect(over.bag).toHaveLength(3);
    expect(eventsOf(events, 'gameEnded')).toHaveLength(1);
  });

  it('in `replace` games the same position goes on: dead tiles are replaced from the bag', () => {
    const state = scenario({
      board: twoSafePairs,
      players: [{ hand: ['1C', '2C', '3C', '4C', '5C', '6C'] }, { hand: ['1G', '2G', '3G', '4G', '5G', '6G'] }],
      bag: ['1A', '2A', '3A', '4A', '5A', '6A', '7A', '8A', '9A'],
    });
    const { state: after } = play(state, skip('p0'), buy('p0'));
    expect(after.phase.kind).not.toBe('gameOver');
    expect(after.players[0]!.hand).toEqual(['1A', '2A', '3A', '4A', '5A', '6A']);
  });
});
