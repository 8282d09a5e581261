-- The Discord language a player was last seen with, for the direct messages the bot sends them.
ALTER TABLE "player_settings" ADD COLUMN "locale" TEXT;
