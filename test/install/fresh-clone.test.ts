/**
 * What a new user does, on the committed code: clone, run the README's set-up command, start
 * the bot with the README's start command (against the Discord double, on the embedded
 * database), register the command, stop it with SIGTERM.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordDouble } from '../support/discord-double/index.js';
import { botEnvironment, runCommand, startBotProcess, type BotProcess } from './bot-process.js';
import { commandsIn, quickStart, REPO_ROOT } from './readme.js';

const SETUP_TIMEOUT_MS = 15 * 60_000;

let workDir: string;
let clone: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'acquire-install-'));
  clone = join(workDir, 'acquire');
  execFileSync('git', ['clone', '--quiet', REPO_ROOT, clone]);
  const started = Date.now();
  const setup = await runCommand(quickStart().setup, { cwd: clone });
  if (setup.code !== 0) throw new Error(`"${quickStart().setup}" failed (${setup.code}):\n${setup.output}`);
  console.info(`install: "${quickStart().setup}" took ${((Date.now() - started) / 1000).toFixed(0)} s in a fresh clone`);
}, SETUP_TIMEOUT_MS);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('a fresh clone, set up as the README says', () => {
  it('comes online on the embedded database, registers its command and stops cleanly on SIGTERM', async () => {
    const double = new DiscordDouble();
    await double.start();
    const guild = double.createGuild({ users: 2 });
    const dataDir = join(workDir, 'data', 'pglite');
    let bot: BotProcess | undefined;
    try {
      bot = startBotProcess(quickStart().start, { cwd: clone, env: { DISCORD_TOKEN: double.token, DISCORD_API_URL: double.restUrl, DATA_DIR: dataDir } });
      const ready = await bot.waitForLine('database ready');
      expect(ready.database).toBe('pglite');
      expect(ready.applied).not.toHaveLength(0);
      const online = await bot.waitForLine('bot online');
      expect(double.identifications).toHaveLength(1);
      expect(existsSync(dataDir)).toBe(true);

      for (const command of commandsIn('Registering the command')) {
        const register = await runCommand(command, {
          cwd: clone,
          env: botEnvironment({ DISCORD_TOKEN: double.token, DISCORD_API_URL: double.restUrl, DISCORD_GUILD_ID: guild.id }),
        });
        expect(register.code, register.output).toBe(0);
      }
      expect(double.registeredCommands(guild.id).map((command) => command.name)).toEqual(['acquire']);

      process.kill(online.pid!, 'SIGTERM');
      expect(await bot.exited).toBe(0);
      expect(bot.lines.at(-1)?.msg).toBe('shutting down');
      // Standard output is the JSON log and nothing else.
      expect(bot.otherLines).toEqual([]);
      for (const line of bot.lines)
        expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String), pid: expect.any(Number), msg: expect.any(String) });
      // Nothing to warn of in a fresh clone: the native package that gives the C allocator's free
      // memory back (native/malloc-trim) was built by the set-up command, with node-canvas.
      expect(bot.lines.filter((line) => ['warn', 'error', 'fatal'].includes(line.level ?? ''))).toEqual([]);
    } finally {
      bot?.kill();
      await double.stop();
    }
  }, 120_000);

  it.each([
    ['without DISCORD_TOKEN', {}, /^Configuration problem: DISCORD_TOKEN is not set\. /],
    ['with a malformed DISCORD_TOKEN', { DISCORD_TOKEN: 'not-a-token' }, /^Configuration problem: DISCORD_TOKEN does not look like a bot token/],
  ])(
    'explains in one line and exits 1 when started %s',
    async (_case, env: Record<string, string>, explanation) => {
      const bot = startBotProcess(quickStart().start, { cwd: clone, env });
      expect(await bot.exited).toBe(1);
      // npm adds its own "npm error" lines about the failed script; the rest is the bot's.
      const botLines = bot
        .stderr()
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('npm '));
      expect(botLines).toHaveLength(1);
      expect(botLines[0]).toMatch(explanation);
      expect(bot.lines).toEqual([]);
    },
    60_000,
  );
});
