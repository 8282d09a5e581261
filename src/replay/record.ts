/**
 * A finished game as a file: its setup (players, options, seed) and its action log, enough for
 * the engine's public `replay` to rebuild it exactly. Read back through zod, like every other
 * stored value.
 */
import { z } from 'zod';
import { actionSchema, optionsSchema, replay, type Action, type GameSetup, type GameState } from '../engine/index.js';

export const RECORD_FORMAT = 'acquire-game/1';

const recordSchema = z.object({
  format: z.literal(RECORD_FORMAT),
  setup: z.object({
    players: z
      .array(z.object({ id: z.string().min(1), name: z.string() }))
      .min(2)
      .max(6),
    options: optionsSchema.partial(),
    seed: z.number().int(),
  }),
  actions: z.array(actionSchema),
});

export type GameRecord = z.infer<typeof recordSchema>;

export function exportRecord(setup: GameSetup, actions: readonly Action[]): GameRecord {
  if (setup.seed === undefined) throw new Error('a game without a seed cannot be exported');
  return {
    format: RECORD_FORMAT,
    setup: { players: setup.players.map(({ id, name }) => ({ id, name })), options: setup.options ?? {}, seed: setup.seed },
    actions: [...actions],
  };
}

/** The record checked, and the game it replays to. Throws on a malformed record or a move the rules refuse. */
export function importRecord(json: unknown): { record: GameRecord; final: GameState } {
  const record = recordSchema.parse(json);
  return { record, final: replay(record.setup, record.actions as Action[]) };
}
