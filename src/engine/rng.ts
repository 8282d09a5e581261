/**
 * A small seeded random source (mulberry32) whose whole state is one 32-bit number kept in the
 * game state, so applying the same actions to the same state always gives the same game.
 */

/** Returns the next state and a float in [0, 1). */
export function nextRandom(rngState: number): { rng: number; value: number } {
  const rng = (rngState + 0x6d2b79f5) >>> 0;
  let t = rng;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const value = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return { rng, value };
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
    const draw = nextInt(rng, i + 1);
    rng = draw.rng;
    const j = draw.value;
    const swap = result[i] as T;
    result[i] = result[j] as T;
    result[j] = swap;
  }
  return { rng, items: result };
}
