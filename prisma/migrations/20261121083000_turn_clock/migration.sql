-- AlterTable
ALTER TABLE "games" ADD COLUMN     "clock" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "deadline_at" TIMESTAMPTZ(3),
ADD COLUMN     "public_state_id" INTEGER,
ADD COLUMN     "reminder_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "games_status_deadline_at_idx" ON "games"("status", "deadline_at");
