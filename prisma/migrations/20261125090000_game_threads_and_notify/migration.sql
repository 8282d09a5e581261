-- A game per thread: the lobby is posted in the channel and the game is played in a public
-- thread opened from it; the lobby message stays in the channel as the game's summary.
ALTER TABLE "games" ADD COLUMN "thread_id" TEXT,
ADD COLUMN "summary_message_id" TEXT,
ADD COLUMN "notified_state_id" INTEGER;

-- Several games may now run in one channel, one per thread. What stays one per channel is the
-- lobby forming there, or a game played in the channel itself (where threads are not allowed).
DROP INDEX "games_one_live_per_channel";
CREATE UNIQUE INDEX "games_one_live_per_channel" ON "games"("channel_id") WHERE "status" IN ('lobby', 'active') AND "thread_id" IS NULL;

-- CreateIndex
CREATE INDEX "games_thread_id_idx" ON "games"("thread_id");

-- Per-player settings (direct-message reminders), remembered across games and servers.
CREATE TABLE "player_settings" (
    "user_id" TEXT NOT NULL,
    "notify" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "player_settings_pkey" PRIMARY KEY ("user_id")
);
