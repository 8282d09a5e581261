/** The health endpoint container health checks call (HEALTH_PORT). */
import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer, type HealthServer } from '../../src/bot/health.js';

let server: HealthServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('health endpoint', () => {
  it('answers 200 while the check passes, 503 when it fails or throws, 404 elsewhere', async () => {
    let state: 'up' | 'down' | 'broken' = 'down';
    server = await startHealthServer(0, async () => {
      if (state === 'broken') throw new Error('database unreachable');
      return state === 'up';
    });
    const health = () => fetch(`http://127.0.0.1:${server!.port}/health`).then((response) => response.status);
    expect(await health()).toBe(503);
    state = 'up';
    expect(await health()).toBe(200);
    state = 'broken';
    expect(await health()).toBe(503);
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
  });
});
