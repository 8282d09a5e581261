/**
 * Real bot processes (`npm start`) on one embedded database directory: the second refuses to
 * start and names the one that owns it; a lock left by a killed bot does not block a restart;
 * and a bot whose database directory is deleted stops with a non-zero status instead of
 * acknowledging moves it can no longer keep.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordDouble } from '../support/discord-double/index.js';
import { startBotProcess, type BotProcess } from './bot-process.js';
import { quickStart, REPO_ROOT } from './readme.js';

let workDir: string;
let double: DiscordDouble;
const bots: BotProcess[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'acquire-embedded-'));
  double = new DiscordDouble();
  await double.start();
  double.createGuild({ users: 1 });
});

afterAll(async () => {
  for (const bot of bots) bot.kill();
  await double.stop();
  rmSync(workDir, { recursive: true, force: true });
});

function start(dataDir: string): BotProcess {
  const bot = startBotProcess(quickStart().start, { cwd: REPO_ROOT, env: { DISCORD_TOKEN: double.token, DISCORD_API_URL: double.restUrl, DATA_DIR: dataDir } });
  bots.push(bot);
  return bot;
}

describe('the embedded database and its processes', () => {
  it('refuses a second bot on the same directory, and a killed bot does not block the next', async () => {
    const dataDir = join(workDir, 'shared', 'pglite');
    const first = start(dataDir);
    const online = await first.waitForLine('bot online', { timeoutMs: 90_000 });

    const second = start(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`in use by another bot process (pid ${online.pid})`);
    expect(second.stderr()).toContain(dataDir);
    expect(second.lines.some((line) => line.msg === 'bot online')).toBe(false);

    // SIGKILL leaves the lock file behind; the next start takes it over.
    process.kill(online.pid!, 'SIGKILL');
    await first.exited;
    const third = start(dataDir);
    const back = await third.waitForLine('bot online', { timeoutMs: 90_000 });
    process.kill(back.pid!, 'SIGTERM');
    expect(await third.exited).toBe(0);
  }, 240_000);

  it('stops with a non-zero status when its database directory is deleted', async () => {
    const dataDir = join(workDir, 'doomed', 'pglite');
    const bot = start(dataDir);
    await bot.waitForLine('bot online', { timeoutMs: 90_000 });
    rmSync(dataDir, { recursive: true, force: true });
    const gone = await bot.waitForLine('the embedded database directory is gone; stopping', { timeoutMs: 20_000 });
    expect(gone.level).toBe('fatal');
    expect(await bot.exited).toBe(1);
  }, 180_000);
});
