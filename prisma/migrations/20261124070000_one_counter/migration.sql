-- One counter: the column that guarded writes ("version") always equalled the engine's state
-- id. It is kept, as the indexed copy of state.stateId the write guard compares, under that name.
ALTER TABLE "games" RENAME COLUMN "version" TO "state_id";
