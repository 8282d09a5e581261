/**
 * The bot as a user runs it: a shell command (`npm start`) in a directory, as its own process
 * tree, read through its standard output and stopped with a signal.
 */
import { spawn } from 'node:child_process';
import { onTestFailed } from 'vitest';
import { configSchema } from '../../src/bot/config.js';

export type LogLine = Record<string, unknown> & { msg?: string; pid?: number; level?: string };

export interface BotProcess {
  /** Every JSON line on standard output, in order. */
  readonly lines: LogLine[];
  /** Standard output lines that are not JSON (npm's banner excluded): there should be none. */
  readonly otherLines: string[];
  stderr(): string;
  /** Resolves with the `count`-th line whose `msg` is `msg`. */
  waitForLine(msg: string, options?: { count?: number; timeoutMs?: number }): Promise<LogLine>;
  /** Resolves with the exit code of the command (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Kills whatever is left of the process tree (after a failed test). */
  kill(): void;
}

/**
 * `npm start` prints its own banner (`> name@version start`, `> tsx src/main.ts` and blank
 * lines) before the bot runs; those lines are npm's, not the bot's logs.
 */
const NPM_BANNER = /^(> .*)?$/;

/**
 * The environment for a bot process: this one without any of the bot's own settings (a
 * developer's DATABASE_URL must not leak into a test), plus the test's.
 */
export function botEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(configSchema.shape)) delete env[key];
  return { ...env, ...settings };
}

export function startBotProcess(command: string, options: { cwd: string; env: Record<string, string> }): BotProcess {
  // Its own process group, so that kill() reaches npm, the shell and tsx as well.
  const child = spawn(command, { cwd: options.cwd, env: botEnvironment(options.env), shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: LogLine[] = [];
  const otherLines: string[] = [];
  let stderr = '';
  let pending = '';
  const waiters = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop() ?? '';
    for (const text of parts) {
      try {
        lines.push(JSON.parse(text) as LogLine);
      } catch {
        if (!NPM_BANNER.test(text)) otherLines.push(text);
      }
    }
    for (const waiter of waiters) waiter();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    // A failed test shows what the bot logged: a timeout seen from the double's side says what
    // did not happen, the bot's own lines why (no player's tiles are ever in them).
    onTestFailed(() => console.error(`${command} (pid ${child.pid}) logged:\n${lastLines(lines, otherLines, stderr)}`));
  } catch {
    // Started outside a test (in a beforeAll): there is no test to attach the report to.
  }
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    for (const waiter of waiters) waiter();
  });

  return {
    lines,
    otherLines,
    stderr: () => stderr,
    exited,
    waitForLine(msg, { count = 1, timeoutMs = 60_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.filter((line) => line.msg === msg)[count - 1];
          if (!found && !hasExited) return;
          clearTimeout(timer);
          waiters.delete(check);
          if (found) resolve(found);
          else reject(new Error(`the bot exited before logging "${msg}"; it wrote:\n${lastLines(lines, otherLines, stderr, Infinity)}`));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no "${msg}" line (x${count}) after ${timeoutMs} ms; stderr:\n${stderr}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    kill() {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    },
  };
}

/** The last `count` lines a bot process wrote (each of its log, its other output and its standard error), for a failure's report. */
function lastLines(lines: readonly LogLine[], otherLines: readonly string[], stderr: string, count = 60): string {
  const logged = lines
    .slice(-count)
    .map(({ time, level, msg, pid: _pid, hostname: _hostname, ...rest }) => `${String(time)} ${String(level)} ${String(msg)} ${JSON.stringify(rest)}`);
  return [...logged, ...otherLines.slice(-count), ...(stderr ? ['stderr:', ...stderr.split('\n').slice(-count)] : [])].join('\n');
}

/**
 * Runs a shell command to its end without blocking this process, whose event loop also serves
 * the Discord double the command may talk to.
 */
export function runCommand(command: string, options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { cwd: options.cwd, env: options.env ?? process.env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Whether a process is still running. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
