/**
 * Ratings: each finished game updates its players' ratings on the server (the openskill
 * library's Weng-Lin model, made for 2–6 players and ties), in the statement that records the
 * result (src/store/moves.ts), so a crash never counts a game twice or loses it. Computer
 * players are rated per level ("ai:hard"), apart from the people. Cancelled games never count.
 */
import { ordinal, rate, rating } from 'openskill';
import { z } from 'zod';
import type { Standing } from '../engine/index.js';
import type { Db } from './client.js';

/** The rating key of a seat: a person's Discord id, or a computer player's level. */
export function ratingKey(playerId: string): string {
  const level = /^ai:(easy|medium|hard):\d$/.exec(playerId)?.[1];
  return level ? `ai:${level}` : playerId;
}

export interface RatingRow {
  playerId: string;
  displayName: string;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
  places: number;
  bestCash: number;
}

/** The ratings after a finished game, for each rating key at the table (one per person or level). */
export function ratedResult(previous: ReadonlyMap<string, RatingRow>, standings: readonly Standing[], names: ReadonlyMap<string, string>): RatingRow[] {
  const first = standings.filter((standing) => standing.place === 1).length;
  // Two seats of one computer level share a rating: the better place stands for the level.
  const bestByKey = new Map<string, Standing>();
  for (const standing of standings) {
    const key = ratingKey(standing.playerId);
    const seen = bestByKey.get(key);
    if (!seen || standing.place < seen.place) bestByKey.set(key, standing);
  }
  const keys = [...bestByKey.keys()];
  if (keys.length < 2) return [];
  const before = keys.map((key) => {
    const row = previous.get(key);
    return row ? rating({ mu: row.mu, sigma: row.sigma }) : rating();
  });
  const after = rate(
    before.map((player) => [player]),
    { rank: keys.map((key) => bestByKey.get(key)!.place) },
  );
  return keys.map((key, index) => {
    const standing = bestByKey.get(key)!;
    const row = previous.get(key);
    return {
      playerId: key,
      displayName: names.get(key) ?? key,
      mu: after[index]![0]!.mu,
      sigma: after[index]![0]!.sigma,
      games: (row?.games ?? 0) + 1,
      wins: (row?.wins ?? 0) + (standing.place === 1 ? 1 / first : 0),
      places: (row?.places ?? 0) + standing.place,
      bestCash: Math.max(row?.bestCash ?? 0, standing.cash),
    };
  });
}

/** The figure shown: conservative (μ − 3σ), on the scale players know (0 to about 3,000). */
export function shownRating(row: Pick<RatingRow, 'mu' | 'sigma'>): number {
  return Math.round(100 * ordinal({ mu: row.mu, sigma: row.sigma }) + 1000);
}

const ratingRowSchema = z.object({
  player_id: z.string(),
  display_name: z.string(),
  mu: z.number(),
  sigma: z.number(),
  games: z.number(),
  wins: z.number(),
  places: z.number(),
  best_cash: z.number(),
});

function toRow(raw: unknown): RatingRow {
  const row = ratingRowSchema.parse(raw);
  return {
    playerId: row.player_id,
    displayName: row.display_name,
    mu: row.mu,
    sigma: row.sigma,
    games: row.games,
    wins: row.wins,
    places: row.places,
    bestCash: row.best_cash,
  };
}

export async function ratingsOf(db: Db, guildId: string, playerIds: readonly string[]): Promise<Map<string, RatingRow>> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT player_id, display_name, mu, sigma, games, wins, places, best_cash FROM ratings
    WHERE guild_id = ${guildId} AND player_id = ANY(${[...playerIds]}::text[])`;
  return new Map(rows.map(toRow).map((row) => [row.playerId, row]));
}

/** A server's ladder: people by conservative rating, then the computer levels apart. */
export async function ladder(db: Db, guildId: string, limit = 10): Promise<{ people: RatingRow[]; computers: RatingRow[] }> {
  const rows = (
    await db.$queryRaw<unknown[]>`
    SELECT player_id, display_name, mu, sigma, games, wins, places, best_cash FROM ratings WHERE guild_id = ${guildId}`
  ).map(toRow);
  rows.sort((a, b) => shownRating(b) - shownRating(a) || b.games - a.games);
  return { people: rows.filter((row) => !row.playerId.startsWith('ai:')).slice(0, limit), computers: rows.filter((row) => row.playerId.startsWith('ai:')) };
}

export interface RecentGame {
  gameId: string;
  endedAt: Date;
  place: number;
  cash: number;
  players: number;
}

/** One player's rating on a server and their latest finished games. */
export async function profile(db: Db, guildId: string, playerId: string): Promise<{ rating: RatingRow | null; recent: RecentGame[] }> {
  const rating = (await ratingsOf(db, guildId, [playerId])).get(playerId) ?? null;
  const rows = await db.$queryRaw<{ id: string; updated_at: Date; final_place: number; final_cash: number; players: number }[]>`
    SELECT g.id, g.updated_at, s.final_place, s.final_cash, (SELECT count(*)::int FROM seats o WHERE o.game_id = g.id) AS players
    FROM games g JOIN seats s ON s.game_id = g.id
    WHERE g.guild_id = ${guildId} AND g.status = 'finished' AND s.user_id = ${playerId}
    ORDER BY g.updated_at DESC LIMIT 5`;
  return {
    rating,
    recent: rows.map((row) => ({ gameId: row.id, endedAt: row.updated_at, place: row.final_place, cash: row.final_cash, players: row.players })),
  };
}
