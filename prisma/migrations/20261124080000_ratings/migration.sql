-- Ratings per server (Weng-Lin, the openskill library): one row per human player, and one per
-- computer level ('ai:easy', 'ai:medium', 'ai:hard'), updated by the statement that records a
-- finished game's result, so a game is counted exactly once.
CREATE TABLE "ratings" (
    "guild_id" TEXT NOT NULL,
    "player_id" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "wins" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "places" INTEGER NOT NULL DEFAULT 0,
    "best_cash" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ratings_pkey" PRIMARY KEY ("guild_id","player_id")
);
