/**
 * The optional health endpoint (HEALTH_PORT) that container health checks call: `GET /health`
 * on 127.0.0.1 answers 200 `ok` while the check passes and 503 otherwise; beside it `GET
 * /metrics`, the bot's metrics in Prometheus's text format (src/bot/metrics.ts). It listens on
 * the loopback interface unless told otherwise (HEALTH_HOST): Docker's HEALTHCHECK runs inside
 * the container; a Prometheus outside it needs the port published, on 0.0.0.0.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from 'discord.js';
import type { Database } from '../store/index.js';

/** Resolves true when the process is healthy; a rejection counts as unhealthy. */
export type HealthCheck = () => Promise<boolean>;

/** The metrics' text and its content type, read at each scrape. */
export type MetricsSource = () => Promise<{ contentType: string; text: string }>;

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A bot process is healthy when its gateway session is ready and its database can be used (it
 * answers, and the embedded one still has its directory).
 */
export function botHealthCheck(client: Client, database: Pick<Database, 'check'>): HealthCheck {
  return async () => {
    if (!client.isReady()) return false;
    await database.check();
    return true;
  };
}

/** Starts the endpoint; port 0 picks a free one (tests). */
export async function startHealthServer(port: number, check: HealthCheck, options: { metrics?: MetricsSource; host?: string } = {}): Promise<HealthServer> {
  const { metrics, host = '127.0.0.1' } = options;
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/metrics' && metrics) {
      metrics().then(
        ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
        () => response.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable\n'),
      );
      return;
    }
    if (request.method !== 'GET' || request.url !== '/health') {
      response.writeHead(404).end();
      return;
    }
    check()
      .catch(() => false)
      .then((healthy) => {
        response.writeHead(healthy ? 200 : 503, { 'content-type': 'text/plain' }).end(healthy ? 'ok\n' : 'unavailable\n');
      });
  });
  return listen(server, port, host);
}

/** Listens on `host:port` (0: a free port); `close` ends the open connections too. */
export async function listen(server: Server, port: number, host: string): Promise<HealthServer> {
  server.listen(port, host);
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
