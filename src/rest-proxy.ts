/**
 * `npm run rest-proxy`: one REST budget for a bot run in several processes. Discord's global
 * limit (`DISCORD_GLOBAL_REST_LIMIT`, 50 requests a second unless Discord granted more) belongs
 * to the bot's token, not to a process: three processes each pacing their own requests would
 * send three times what Discord allows, and a bot that keeps meeting 429s is shut out for an
 * hour. This process is discord.js's own `@discordjs/proxy` in front of Discord: every bot
 * process given `DISCORD_REST_PROXY` sends its bot-token requests here, and one discord.js REST
 * queue paces them all (the global limit, each route's limit from Discord's headers, 429s
 * waited out). Interaction answers do not come here: Discord does not count them, and each bot
 * process sends them itself, at once.
 *
 * `GET /health` answers 200 here (the Docker image's health check); every other request is
 * passed on to Discord.
 */
import 'dotenv/config';
import { createServer } from 'node:http';
import { proxyRequests } from '@discordjs/proxy';
import { REST } from 'discord.js';
import { z } from 'zod';
import { configSchema } from './bot/config.js';
import { listen } from './bot/health.js';
import { createLogger } from './bot/logger.js';

const proxySchema = z.object({
  /** The port the proxy listens on (0: any free one, logged). */
  REST_PROXY_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  /** The address it listens on: 0.0.0.0 for bot processes in other containers (never published to the internet: anyone reaching it may send requests). */
  REST_PROXY_HOST: z
    .union([z.ipv4(), z.ipv6()], { error: 'REST_PROXY_HOST must be an IP address to listen on, like 127.0.0.1 or 0.0.0.0' })
    .default('127.0.0.1'),
  DISCORD_GLOBAL_REST_LIMIT: configSchema.shape.DISCORD_GLOBAL_REST_LIMIT,
  DISCORD_API_URL: configSchema.shape.DISCORD_API_URL,
  LOG_LEVEL: configSchema.shape.LOG_LEVEL,
});

/**
 * The share of the global limit the proxy uses: nine tenths, as a lone process does
 * (src/bot/client.ts). Each bot process still makes a few bot-token requests of its own (its
 * gateway's address at login, a channel fetched), and Discord's one-second windows do not line
 * up with the proxy's.
 */
const SHARE_OF_LIMIT = 0.9;

interface RestProxy {
  port: number;
  close(): Promise<void>;
}

/** Starts the proxy; port 0 picks a free one. */
async function startRestProxy(options: { port: number; host: string; globalLimit: number; api?: string }): Promise<RestProxy> {
  const rest = new REST({
    ...(options.api ? { api: options.api } : {}),
    globalRequestsPerSecond: Math.max(1, Math.floor(options.globalLimit * SHARE_OF_LIMIT)),
  });
  const forward = proxyRequests(rest);
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
      return;
    }
    Promise.resolve(forward(request, response)).catch(() => {
      // A failure proxyRequests does not know (the connection gone, say): the caller sees a 502.
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  const listening = await listen(server, options.port, options.host);
  return {
    port: listening.port,
    close: async () => {
      await listening.close();
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    },
  };
}

async function main(): Promise<void> {
  const parsed = proxySchema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`Configuration problem: ${String(issue.path[0] ?? '')} ${issue.message}`);
    process.exit(1);
  }
  const config = parsed.data;
  const log = createLogger({ level: config.LOG_LEVEL });
  const proxy = await startRestProxy({
    port: config.REST_PROXY_PORT,
    host: config.REST_PROXY_HOST,
    globalLimit: config.DISCORD_GLOBAL_REST_LIMIT,
    ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}),
  });
  log.info(
    { port: proxy.port, host: config.REST_PROXY_HOST, requestsPerSecond: Math.max(1, Math.floor(config.DISCORD_GLOBAL_REST_LIMIT * SHARE_OF_LIMIT)) },
    'rest proxy listening',
  );
  const stop = (signal: string) => {
    log.info({ signal }, 'rest proxy stopping');
    void proxy.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
