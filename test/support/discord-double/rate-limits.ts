/**
 * Discord's rate limits, as a bot meets them:
 * - the global limit: 50 requests per second for everything sent with the bot token.
 *   Interaction callbacks and the interaction-token webhook routes (follow-ups, editing the
 *   reply) are exempt; in the double those are exactly the routes called without the token.
 * - the per-channel limit on posting messages (5 per 5 s per channel, threads included), which
 *   Discord announces in `X-RateLimit-*` headers on every answer of that route so a client
 *   can wait before it is refused.
 * Over a limit the answer is 429 with Discord's body and headers; discord.js waits and retries.
 */

export interface RateLimitOptions {
  /** Requests per second counted against the global limit. Discord's default: 50. */
  globalPerSecond: number;
  /** Messages a bot may post in one channel per window. Discord: 5 per 5,000 ms. */
  channelSends: { count: number; windowMs: number };
}

export const DISCORD_RATE_LIMITS: RateLimitOptions = {
  globalPerSecond: 50,
  channelSends: { count: 5, windowMs: 5_000 },
};

/**
 * Discord's limits with the per-channel window twenty times shorter, for tests that play whole
 * games at machine speed: the bot meets the same buckets and headers and must obey them the same
 * way, only the waits are shorter.
 */
export const FAST_TEST_RATE_LIMITS: RateLimitOptions = {
  globalPerSecond: DISCORD_RATE_LIMITS.globalPerSecond,
  channelSends: { count: DISCORD_RATE_LIMITS.channelSends.count, windowMs: DISCORD_RATE_LIMITS.channelSends.windowMs / 20 },
};

export interface RateLimitVerdict {
  /** Whether the request counts against the global limit. */
  countsGlobally: boolean;
  /** Headers to send with the answer (the bucket's `X-RateLimit-*`). */
  headers: Record<string, string>;
  /** Set when the request is refused with 429. */
  refusal: { retryAfterMs: number; global: boolean } | null;
}

interface Window {
  startedAt: number;
  used: number;
}

/** The bucket id Discord reports for posting messages; the channel is its major parameter. */
const CHANNEL_SEND_BUCKET = 'double-channel-messages-post';

export class RateLimiter {
  readonly #options: RateLimitOptions;
  readonly #now: () => number;
  #global: Window = { startedAt: 0, used: 0 };
  readonly #channelSends = new Map<string, Window>();

  constructor(options: RateLimitOptions, now: () => number = Date.now) {
    this.#options = options;
    this.#now = now;
  }

  /**
   * Decides one request before it is routed: `authenticated` is true for requests made with the
   * bot token (the ones the global limit counts).
   */
  check(method: string, segments: readonly string[], authenticated: boolean, now: number = this.#now()): RateLimitVerdict {
    const headers: Record<string, string> = {};
    if (authenticated) {
      if (now - this.#global.startedAt >= 1_000) this.#global = { startedAt: now, used: 0 };
      if (this.#global.used >= this.#options.globalPerSecond) {
        return { countsGlobally: false, headers, refusal: { retryAfterMs: this.#global.startedAt + 1_000 - now, global: true } };
      }
    }

    const channelId = method === 'POST' && segments.length === 3 && segments[0] === 'channels' && segments[2] === 'messages' ? segments[1] : undefined;
    if (channelId !== undefined) {
      const { count, windowMs } = this.#options.channelSends;
      let window = this.#channelSends.get(channelId);
      if (!window || now - window.startedAt >= windowMs) {
        window = { startedAt: now, used: 0 };
        this.#channelSends.set(channelId, window);
      }
      const resetAfterMs = window.startedAt + windowMs - now;
      const remaining = count - window.used;
      Object.assign(headers, {
        'x-ratelimit-limit': String(count),
        'x-ratelimit-bucket': CHANNEL_SEND_BUCKET,
        'x-ratelimit-reset-after': (resetAfterMs / 1000).toFixed(3),
        'x-ratelimit-reset': ((now + resetAfterMs) / 1000).toFixed(3),
      });
      if (remaining <= 0) {
        headers['x-ratelimit-remaining'] = '0';
        return { countsGlobally: false, headers, refusal: { retryAfterMs: resetAfterMs, global: false } };
      }
      window.used += 1;
      headers['x-ratelimit-remaining'] = String(remaining - 1);
    }

    if (authenticated) this.#global.used += 1;
    return { countsGlobally: authenticated, headers, refusal: null };
  }
}

/** The 429 answer Discord sends: body and headers. */
export function rateLimitedAnswer(refusal: { retryAfterMs: number; global: boolean }): { json: unknown; headers: Record<string, string> } {
  const seconds = Math.max(refusal.retryAfterMs, 1) / 1000;
  const headers: Record<string, string> = {
    'retry-after': String(seconds),
    'x-ratelimit-scope': refusal.global ? 'global' : 'user',
  };
  if (refusal.global) headers['x-ratelimit-global'] = 'true';
  return { json: { message: 'You are being rate limited.', retry_after: seconds, global: refusal.global, code: 0 }, headers };
}
