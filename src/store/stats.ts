/**
 * Results across games: a server's leaderboard over its finished games.
 */
import { z } from 'zod';
import type { Db } from './client.js';

export interface LeaderboardEntry {
  userId: string;
  /** The name the player used in their latest finished game. */
  displayName: string;
  games: number;
  wins: number;
  bestCash: number;
  averageCash: number;
}

const leaderboardRowSchema = z.object({
  user_id: z.string(),
  display_name: z.string(),
  games: z.number().int(),
  wins: z.number().int(),
  best_cash: z.number().int(),
  average_cash: z.number().int(),
});

/** A server's human players ranked by wins, then by best final cash, over its finished games. */
export async function guildLeaderboard(db: Db, guildId: string, limit = 10): Promise<LeaderboardEntry[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT s.user_id,
           (array_agg(s.display_name ORDER BY g.updated_at DESC))[1] AS display_name,
           count(*)::int AS games,
           (count(*) FILTER (WHERE s.final_place = 1))::int AS wins,
           max(s.final_cash)::int AS best_cash,
           round(avg(s.final_cash))::int AS average_cash
    FROM seats s
    JOIN games g ON g.id = s.game_id
    WHERE g.guild_id = ${guildId} AND g.status = 'finished'
      -- Computer players (ids 'ai:<level>:<n>') are not on a server's leaderboard.
      AND s.user_id NOT LIKE 'ai:%'
    GROUP BY s.user_id
    ORDER BY wins DESC, best_cash DESC, s.user_id
    LIMIT ${limit}`;
  return rows.map((raw) => {
    const row = leaderboardRowSchema.parse(raw);
    return {
      userId: row.user_id,
      displayName: row.display_name,
      games: row.games,
      wins: row.wins,
      bestCash: row.best_cash,
      averageCash: row.average_cash,
    };
  });
}
