/**
 * The optional health endpoint (HEALTH_PORT) that container health checks call: `GET /health`
 * on 127.0.0.1 answers 200 `ok` while the check passes and 503 otherwise. It listens on the
 * loopback interface only: Docker's HEALTHCHECK runs inside the container, and nothing outside
 * needs to learn more than that.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from 'discord.js';
import type { Database } from '../store/index.js';

/** Resolves true when the process is healthy; a rejection counts as unhealthy. */
export type HealthCheck = () => Promise<boolean>;

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
export async function startHealthServer(port: number, check: HealthCheck): Promise<HealthServer> {
  const server = createServer((request, response) => {
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
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
