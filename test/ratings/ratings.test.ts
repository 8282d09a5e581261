/** Ratings after a finished game: Weng-Lin through openskill, people apart from computer levels. */
import { describe, expect, it } from 'vitest';
import { ratedResult, ratingKey, shownRating } from '../../src/store/ratings.js';

const standing = (playerId: string, place: number, cash = 10_000) => ({ seat: 0, playerId, name: playerId, cash, place });
const names = (ids: string[]) => new Map(ids.map((id) => [ratingKey(id), id]));

describe('ratings after a game', () => {
  it('raise the winner and lower the others, from equal starts', () => {
    const rows = ratedResult(new Map(), [standing('1', 1, 30_000), standing('2', 2), standing('3', 3)], names(['1', '2', '3']));
    const [first, second, third] = rows.map(shownRating);
    expect(first).toBeGreaterThan(second!);
    expect(second).toBeGreaterThan(third!);
    expect(rows[0]).toMatchObject({ games: 1, wins: 1, places: 1, bestCash: 30_000 });
    expect(rows[2]).toMatchObject({ games: 1, wins: 0, places: 3 });
  });

  it('share a tied first place: each counts half a win, with equal ratings', () => {
    const rows = ratedResult(new Map(), [standing('1', 1), standing('2', 1), standing('3', 3)], names(['1', '2', '3']));
    expect(rows.map((row) => row.wins)).toEqual([0.5, 0.5, 0]);
    expect(shownRating(rows[0]!)).toBe(shownRating(rows[1]!));
  });

  it('rate six players at once, each from their own rating', () => {
    const ids = ['1', '2', '3', '4', '5', '6'];
    const strong = new Map([['6', { playerId: '6', displayName: '6', mu: 35, sigma: 3, games: 40, wins: 30, places: 60, bestCash: 90_000 }]]);
    const rows = ratedResult(
      strong,
      ids.map((id, index) => standing(id, index + 1)),
      names(ids),
    );
    expect(rows).toHaveLength(6);
    // The strong player lost to everyone: their rating falls, and their record goes on.
    expect(rows[5]!.mu).toBeLessThan(35);
    expect(rows[5]).toMatchObject({ games: 41, wins: 30, places: 66, bestCash: 90_000 });
  });

  it('keep computer players apart, one rating per level, however many seats it had', () => {
    const ids = ['1', 'ai:hard:1', 'ai:hard:2', 'ai:easy:1'];
    const rows = ratedResult(new Map(), [standing('ai:hard:2', 1), standing('1', 2), standing('ai:hard:1', 3), standing('ai:easy:1', 4)], names(ids));
    expect(rows.map((row) => row.playerId).sort()).toEqual(['1', 'ai:easy', 'ai:hard']);
    expect(rows.find((row) => row.playerId === 'ai:hard')).toMatchObject({ games: 1, wins: 1, places: 1 });
  });

  it('do not rate a game with a single rated side', () => {
    expect(ratedResult(new Map(), [standing('ai:hard:1', 1), standing('ai:hard:2', 2)], names(['ai:hard:1', 'ai:hard:2']))).toEqual([]);
  });
});
