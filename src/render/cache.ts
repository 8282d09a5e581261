/**
 * A cache bounded by the bytes of what it holds. The drawing threads keep sprites and encoded
 * strips of boards in such caches: a busy bot draws for thousands of games, and a cache bounded
 * by count grows with the size of what it meets.
 *
 * What it drops is chosen as LIRS does (Jiang and Zhang, "LIRS: an efficient low inter-reference
 * recency set replacement policy", SIGMETRICS 2002), not least recently used first. A drawing
 * thread meets its games in turn, each board reusing the strips its game's last board left, so
 * the strips come back in a loop as long as all its games. While that loop fits, both policies
 * keep everything it needs. Past it, the least recently used strip is always the one needed
 * next: every band of every board was drawn again at once (a thread with 400 games in mid-game,
 * eleven bands a board against two). LIRS keeps the entries that came back soonest (`settled`)
 * and lets newcomers prove themselves in a small queue, so past its budget the cache still
 * serves as many games as it holds and the work grows a little at a time
 * (test/render/cache.test.ts; `npm run bench render`).
 */
interface Entry<Value> {
  /** Undefined for a key remembered after its value left (LIRS's non-resident entry). */
  value: Value | undefined;
  size: number;
  settled: boolean;
}

/** The share of the budget settled entries may take; newcomers have the rest, and any room settled ones leave. */
const SETTLED_SHARE = 3 / 4;

export class BoundedCache<Value> {
  /** Every key held or remembered. */
  private readonly entries = new Map<string, Entry<Value>>();
  /**
   * Keys by their last use, oldest first (LIRS's stack S): every settled key, and the others used
   * since the oldest settled one was. A key comes back from here soon enough to be settled.
   */
  private readonly recency = new Map<string, true>();
  /** Held keys not settled, oldest first (LIRS's queue Q): what is dropped first. */
  private readonly newcomers = new Map<string, true>();
  private settledBytes = 0;
  private newcomerBytes = 0;
  private remembered = 0;
  /** The key last asked for or set. */
  private newest: string | undefined;
  private readonly settledBudget: number;

  /**
   * @param budget bytes it may hold (one entry more, when a single entry is larger)
   * @param sizeOf an entry's bytes
   * @param dropped called with an entry as it leaves, to give its memory back at once
   */
  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: Value) => number,
    private readonly dropped: (value: Value) => void = () => {},
  ) {
    this.settledBudget = budget * SETTLED_SHARE;
  }

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined || entry.value === undefined) return undefined;
    if (entry.settled) {
      this.touch(key);
      this.forgetBelowSettled();
    } else if (key === this.newest) {
      // Asked for again with nothing else between (a sprite measured, then drawn): one use, not a return.
    } else if (this.recency.has(key)) {
      // Back before the oldest settled key: it comes back sooner than that one, so it settles in its place.
      this.newcomers.delete(key);
      this.newcomerBytes -= entry.size;
      this.settle(key, entry);
    } else {
      this.recency.set(key, true);
      this.newcomers.delete(key);
      this.newcomers.set(key, true);
    }
    this.newest = key;
    return entry.value;
  }

  set(key: string, value: Value): void {
    const size = this.sizeOf(value);
    const known = this.entries.get(key);
    if (known !== undefined && known.value === undefined) {
      // Remembered, so needed again within the loop of settled keys: it settles.
      this.remembered--;
      known.value = value;
      known.size = size;
      this.settle(key, known);
    } else {
      // A held value replaced starts again as a key never seen.
      if (known !== undefined) this.remove(key, known);
      const fresh = { value, size, settled: false };
      this.entries.set(key, fresh);
      if (this.settledBytes + size <= this.settledBudget) this.settle(key, fresh);
      else {
        this.touch(key);
        this.joinNewcomers(key, fresh);
      }
    }
    this.newest = key;
    this.dropNewcomers(key);
    this.forgetRememberedPastBound();
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.settledBytes + this.newcomerBytes;
  }

  private touch(key: string): void {
    this.recency.delete(key);
    this.recency.set(key, true);
  }

  /** `entry`, held and counted nowhere yet, settles; the settled keys used longest ago make room for it. */
  private settle(key: string, entry: Entry<Value>): void {
    if (entry.size > this.settledBudget) {
      // Never settled: settled entries leave only to make room for others, and this one needs it all.
      this.touch(key);
      this.joinNewcomers(key, entry);
      return;
    }
    entry.settled = true;
    this.settledBytes += entry.size;
    this.touch(key);
    while (this.settledBytes > this.settledBudget && this.unsettleOldest(key)) {}
    this.forgetBelowSettled();
  }

  /** The settled key used longest ago (never `keep`) joins the newcomers; false when there is none. */
  private unsettleOldest(keep: string): boolean {
    for (const key of this.recency.keys()) {
      const entry = this.entries.get(key)!;
      if (!entry.settled || key === keep) continue;
      this.recency.delete(key);
      this.settledBytes -= entry.size;
      this.joinNewcomers(key, entry);
      this.forgetBelowSettled();
      return true;
    }
    return false;
  }

  /** `entry`, held and counted nowhere, joins the newcomers at the back of their queue. */
  private joinNewcomers(key: string, entry: Entry<Value>): void {
    entry.settled = false;
    this.newcomerBytes += entry.size;
    this.newcomers.set(key, true);
  }

  /** Keeps the oldest key in `recency` a settled one: what is older can no longer settle. */
  private forgetBelowSettled(): void {
    for (const key of this.recency.keys()) {
      const entry = this.entries.get(key)!;
      if (entry.settled) return;
      this.recency.delete(key);
      if (entry.value === undefined) {
        this.entries.delete(key);
        this.remembered--;
      }
    }
  }

  /** The oldest newcomers (never `keep`) leave until the cache is within its budget. */
  private dropNewcomers(keep: string): void {
    for (const key of this.newcomers.keys()) {
      if (this.bytes <= this.budget) return;
      if (key === keep) continue;
      const entry = this.entries.get(key)!;
      this.newcomers.delete(key);
      this.newcomerBytes -= entry.size;
      this.dropped(entry.value!);
      if (this.recency.has(key)) {
        entry.value = undefined;
        this.remembered++;
      } else {
        this.entries.delete(key);
      }
    }
  }

  /**
   * Remembered keys cost memory outside the budget: past as many as the entries held, the oldest
   * are forgotten (down to half that, so the walk is paid rarely).
   */
  private forgetRememberedPastBound(): void {
    const held = this.entries.size - this.remembered;
    if (this.remembered <= Math.max(held, 64)) return;
    for (const key of this.recency.keys()) {
      if (this.remembered <= held / 2) return;
      const entry = this.entries.get(key)!;
      if (entry.value !== undefined) continue;
      this.recency.delete(key);
      this.entries.delete(key);
      this.remembered--;
    }
  }

  /** A held entry leaves (replaced by `set`), without calling `dropped`: its caller replaces it knowingly. */
  private remove(key: string, entry: Entry<Value>): void {
    if (entry.settled) this.settledBytes -= entry.size;
    else {
      this.newcomerBytes -= entry.size;
      this.newcomers.delete(key);
    }
    this.recency.delete(key);
    this.entries.delete(key);
    this.forgetBelowSettled();
  }
}
