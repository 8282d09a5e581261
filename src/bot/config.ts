/**
 * The bot's configuration, from the environment (and `.env`), checked with zod at start so a
 * mistake is one clear sentence per problem rather than a stack trace later.
 */
import { z } from 'zod';

const TOKEN_HELP =
  'Create an application at the Discord Developer Portal (Applications → New Application → Bot → Reset Token), then put the token in DISCORD_TOKEN (in the environment or in a .env file).';

/** A bot token is three base64url parts joined by dots; the first encodes the bot's user id. */
const tokenSchema = z
  .string({ error: `DISCORD_TOKEN is not set. ${TOKEN_HELP}` })
  .trim()
  .min(1, { message: `DISCORD_TOKEN is empty. ${TOKEN_HELP}`, abort: true })
  .regex(
    /^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$/,
    `DISCORD_TOKEN does not look like a bot token (three parts separated by dots). ${TOKEN_HELP}`,
  );

const snowflake = z.string().regex(/^\d{17,20}$/, 'must be a Discord id (17 to 20 digits)');

export const configSchema = z
  .object({
    DISCORD_TOKEN: tokenSchema,
    /** Register commands to this guild only (instant), instead of globally. */
    DISCORD_GUILD_ID: snowflake.optional(),
    /** PostgreSQL connection URL; unset: the embedded database in DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data/pglite'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `auto`, or a number of shards: run through discord.js's ShardingManager. */
    SHARDS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(1000)]).optional(),
    /**
     * With SHARD_COUNT: run only these shards here (`0,1` or `0-3`), so that the shards of one bot
     * can be spread over several machines on one PostgreSQL database.
     */
    SHARD_IDS: z
      .string()
      .transform((text, context) => {
        const ids = parseShardIds(text);
        if (ids === null) {
          context.addIssue({ code: 'custom', message: 'must list shard ids like 0,1 or 0-3' });
          return z.NEVER;
        }
        return ids;
      })
      .optional(),
    /** The bot's total number of shards, across every machine (with SHARD_IDS). */
    SHARD_COUNT: z.coerce.number().int().min(1).max(1000).optional(),
    /** Serve `GET /health` on this port of 127.0.0.1 (the container's health check). */
    HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** The address HEALTH_PORT listens on: the loopback by default; 0.0.0.0 for a Prometheus outside the container to scrape `/metrics`. */
    HEALTH_HOST: z.union([z.ipv4(), z.ipv6()], { error: 'HEALTH_HOST must be an IP address to listen on, like 127.0.0.1 or 0.0.0.0' }).default('127.0.0.1'),
    /**
     * Requests per second the bot may make with its token: Discord's global limit, 50 unless
     * Discord granted the bot more. Interaction answers are not counted and never wait for it.
     */
    DISCORD_GLOBAL_REST_LIMIT: z.coerce.number().int().min(1).max(100_000).default(50),
    /** Pause before each computer player's move, so people can follow the table (0 to 10 s). */
    COMPUTER_MOVE_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(1500),
    /**
     * A REST proxy (`npm run rest-proxy`, src/rest-proxy.ts) every bot-token request goes through,
     * so that all the bot's processes share one budget: e.g. http://rest-proxy:8090.
     */
    DISCORD_REST_PROXY: z
      .url({ protocol: /^https?$/, error: 'DISCORD_REST_PROXY must be the http:// address of the REST proxy, like http://rest-proxy:8090' })
      .optional(),
    /** Discord's REST API base (only tests point it elsewhere: the local Discord double). */
    DISCORD_API_URL: z.url().optional(),
  })
  .refine((config) => config.SHARDS === undefined || config.DATABASE_URL !== undefined, {
    path: ['SHARDS'],
    message: 'SHARDS needs DATABASE_URL: every shard is its own process, and the embedded database can only be opened by one process.',
  })
  .refine((config) => (config.SHARD_IDS === undefined) === (config.SHARD_COUNT === undefined), {
    path: ['SHARD_IDS'],
    message: 'SHARD_IDS and SHARD_COUNT go together: the shards this machine runs, out of how many in all.',
  })
  .refine((config) => config.SHARD_IDS === undefined || config.SHARDS === undefined, {
    path: ['SHARD_IDS'],
    message: 'SHARD_IDS cannot be combined with SHARDS: SHARDS runs every shard here, SHARD_IDS only some.',
  })
  .refine((config) => config.SHARD_IDS === undefined || config.DATABASE_URL !== undefined, {
    path: ['SHARD_IDS'],
    message: 'SHARD_IDS needs DATABASE_URL: the shards of every machine share one PostgreSQL database.',
  })
  .refine((config) => config.SHARD_IDS === undefined || config.SHARD_IDS.every((id) => id < (config.SHARD_COUNT ?? 0)), {
    path: ['SHARD_IDS'],
    message: 'SHARD_IDS must be below SHARD_COUNT (shards are numbered from 0).',
  });

/** `0,1` or `0-3` or `0-1,4`: the shard ids, ascending and distinct; null when malformed. */
export function parseShardIds(text: string): number[] | null {
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^\s*(\d{1,4})\s*(?:-\s*(\d{1,4})\s*)?$/.exec(part);
    if (!match) return null;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from) return null;
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** Empty strings count as unset, as they would in most .env files. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

/**
 * Whether this process is a shard spawned by discord.js's ShardingManager. There the manager
 * has replaced SHARDS with the shard's own id (which the client reads itself), and the manager
 * serves HEALTH_PORT: neither setting is this process's.
 */
function isShardProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SHARDING_MANAGER === 'true';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = withoutEmpty(env);
  if (isShardProcess(env)) {
    delete values.SHARDS;
    delete values.SHARD_IDS;
    delete values.SHARD_COUNT;
    delete values.HEALTH_PORT;
  }
  const parsed = configSchema.safeParse({ ...values, DISCORD_TOKEN: env.DISCORD_TOKEN });
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) =>
      issue.path[0] && !issue.message.includes(String(issue.path[0])) ? `${String(issue.path[0])} ${issue.message}` : issue.message,
    ),
  );
}
