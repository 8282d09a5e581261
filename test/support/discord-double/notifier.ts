interface Waiter {
  check: () => boolean;
  resolve: () => void;
}

/**
 * Lets tests wait for a condition on the double's state. Every state change calls
 * `changed()`, which re-checks the pending conditions; a timeout turns into an error
 * whose text is produced at that moment, so it can describe what did arrive.
 *
 * A condition may name the one channel it reads (its messages, the answers to interactions made
 * there): it is then re-checked only after a change in that channel. The load bench keeps a
 * waiting condition for each of hundreds of games, and re-checking every one of them after each
 * request the bot made was a tenth of the double's CPU, which shares the machine with the bot.
 */
export class ChangeNotifier {
  /** Conditions that may read anything: re-checked after every change. */
  readonly #waiters = new Set<Waiter>();
  /** Conditions that read one channel, by channel id. */
  readonly #byChannel = new Map<string, Set<Waiter>>();

  /** `changedChannels`: where the double's state notes each change (`DoubleState.changedChannels`); emptied at each `changed()`. */
  constructor(private readonly changedChannels: Set<string>) {}

  /** Re-checks the conditions that may read anything, and those of the channels changed since the last call. */
  changed(): void {
    for (const waiter of this.#waiters) {
      if (waiter.check()) waiter.resolve();
    }
    for (const channelId of this.changedChannels) {
      const waiters = this.#byChannel.get(channelId);
      if (!waiters) continue;
      for (const waiter of waiters) {
        if (waiter.check()) waiter.resolve();
      }
    }
    this.changedChannels.clear();
  }

  /** Resolves once `check` holds; with `channelId`, `check` reads only that channel (see the class). */
  waitFor(check: () => boolean, timeoutMs: number, describeFailure: () => string, channelId?: string): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiters = channelId === undefined ? this.#waiters : this.#channelWaiters(channelId);
      const forget = () => {
        waiters.delete(waiter);
        if (channelId !== undefined && waiters.size === 0) this.#byChannel.delete(channelId);
      };
      const waiter: Waiter = {
        check,
        resolve: () => {
          clearTimeout(timer);
          forget();
          resolve();
        },
      };
      const timer = setTimeout(() => {
        forget();
        reject(new Error(describeFailure()));
      }, timeoutMs);
      waiters.add(waiter);
    });
  }

  #channelWaiters(channelId: string): Set<Waiter> {
    let waiters = this.#byChannel.get(channelId);
    if (!waiters) this.#byChannel.set(channelId, (waiters = new Set()));
    return waiters;
  }
}
