-- AlterTable
ALTER TABLE "games" ADD COLUMN     "public_message_id" TEXT,
ADD COLUMN     "turn_limit_seconds" INTEGER NOT NULL DEFAULT 0;
