/**
 * Structured JSON logs (pino). A player's tiles must never reach a log line: every string that
 * looks like a tile name is masked before a line is written, whatever logged it (a Prisma error
 * can quote the query's arguments, and the game state holds every hand).
 */
import { pino, type Logger } from 'pino';

export type { Logger };

const TILE_PATTERN = /\b(1[0-2]|[1-9])[A-I]\b/g;

/** Replaces anything shaped like a tile name (1A … 12I) with `??`. */
export function maskTiles(text: string): string {
  return text.replace(TILE_PATTERN, '??');
}

function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskTiles(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    return {
      type: value.name,
      message: maskTiles(value.message),
      stack: value.stack ? maskTiles(value.stack) : undefined,
      code: (value as { code?: unknown }).code,
    };
  }
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskDeep(item, depth + 1)]));
}

export interface LoggerOptions {
  level?: string;
  /** Where lines go; standard output by default. */
  destination?: pino.DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      // The pid tells the processes apart where several write to one stream (shards).
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // The token never appears in our own fields; these paths catch it in objects we pass on.
      redact: { paths: ['token', '*.token', 'headers.authorization', '*.headers.authorization'], censor: '[redacted]' },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => maskDeep(object) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          // The message string itself is masked too.
          const masked = args.map((arg) => (typeof arg === 'string' ? maskTiles(arg) : arg)) as Parameters<typeof method>;
          method.apply(this, masked);
        },
      },
    },
    options.destination,
  );
}
