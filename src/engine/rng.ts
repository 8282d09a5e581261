/**
 * A small seeded random source (mulberry32) whose whole state is one 32-bit number kept in the
 * game state, so applying the same actions to the same state always gives the same game.
 */

/** The state after `rngState`: one step of the source. */
export function advance(rngState: number): number {
  return (rngState + 0x6d2b79f5) >>> 0;
}

/** The float in [0, 1) a state (just advanced to) stands for. Apart from `advance` so hot loops allocate nothing. */
export function valueAt(rng: number): number {
  let t = rng;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Returns the next state and a float in [0, 1). */
export function nextRandom(rngState: number): { rng: number; value: number } {
  const rng = advance(rngState);
  return { rng, value: valueAt(rng) };
}

/** A whole number in [0, bound). */
export function nextInt(rngState: number, bound: number): { rng: number; value: number } {
  const { rng, value } = nextRandom(rngState);
  return { rng, value: Math.floor(value * bound) };
}

/** Fisher–Yates shuffle of a copy of `items`; returns the shuffled copy and the next state. */
export function shuffle<T>(items: readonly T[], rngState: number): { rng: number; items: T[] } {
  const result = items.slice();
  let rng = rngState >>> 0;
  for (let i = result.length - 1; i > 0; i--) {
    rng = advance(rng);
    const j = Math.floor(valueAt(rng) * (i + 1)); // nextInt, without an object per draw
    const swap = result[i] as T;
    result[i] = result[j] as T;
    result[j] = swap;
  }
  return { rng, items: result };
}
