interface Waiter {
  check: () => boolean;
  resolve: () => void;
}

/**
 * Lets tests wait for a condition on the double's state. Every state change calls
 * `changed()`, which re-checks the pending conditions; a timeout turns into an error
 * whose text is produced at that moment, so it can describe what did arrive.
 */
export class ChangeNotifier {
  readonly #waiters = new Set<Waiter>();

  changed(): void {
    for (const waiter of this.#waiters) {
      if (waiter.check()) waiter.resolve();
    }
  }

  waitFor(check: () => boolean, timeoutMs: number, describeFailure: () => string): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        check,
        resolve: () => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new Error(describeFailure()));
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }
}
