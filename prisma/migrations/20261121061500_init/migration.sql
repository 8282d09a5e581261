-- CreateEnum
CREATE TYPE "game_status" AS ENUM ('lobby', 'active', 'finished', 'cancelled');

-- CreateTable
CREATE TABLE "games" (
    "id" TEXT NOT NULL,
    "guild_id" TEXT NOT NULL,
    "channel_id" TEXT NOT NULL,
    "status" "game_status" NOT NULL DEFAULT 'lobby',
    "options" JSONB NOT NULL DEFAULT '{}',
    "seed" INTEGER,
    "state" JSONB,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "games_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seats" (
    "game_id" TEXT NOT NULL,
    "seat_index" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "final_cash" INTEGER,
    "final_place" INTEGER,

    CONSTRAINT "seats_pkey" PRIMARY KEY ("game_id","seat_index")
);

-- CreateTable
CREATE TABLE "game_actions" (
    "game_id" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "action" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_actions_pkey" PRIMARY KEY ("game_id","sequence")
);

-- CreateIndex
CREATE INDEX "games_guild_id_status_idx" ON "games"("guild_id", "status");

-- CreateIndex
CREATE INDEX "seats_user_id_idx" ON "seats"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "seats_game_id_user_id_key" ON "seats"("game_id", "user_id");

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_actions" ADD CONSTRAINT "game_actions_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- At most one live game per channel. Written by hand: Prisma's schema cannot express a
-- partial index. createLobby relies on this index to refuse a second live game.
CREATE UNIQUE INDEX "games_one_live_per_channel" ON "games"("channel_id") WHERE "status" IN ('lobby', 'active');
