/**
 * A cache bounded by the bytes of what it holds, dropping the least recently used first. The
 * drawing threads keep sprites and encoded strips of boards in such caches: a busy bot draws for
 * thousands of games, and a cache bounded by count grows with the size of what it meets.
 */
export class BoundedCache<Value> {
  /** Least recently used first: a Map keeps insertion order, and a hit moves its entry to the end. */
  private readonly entries = new Map<string, Value>();
  private held = 0;

  /**
   * @param budget bytes it may hold (one entry more, when a single entry is larger)
   * @param sizeOf an entry's bytes
   * @param dropped called with an entry as it leaves, to give its memory back at once
   */
  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: Value) => number,
    private readonly dropped: (value: Value) => void = () => {},
  ) {}

  get(key: string): Value | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Value): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.held -= this.sizeOf(old);
    }
    this.entries.set(key, value);
    this.held += this.sizeOf(value);
    for (const [oldKey, oldValue] of this.entries) {
      if (this.held <= this.budget || oldValue === value) break;
      this.entries.delete(oldKey);
      this.held -= this.sizeOf(oldValue);
      this.dropped(oldValue);
    }
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.held;
  }
}
