/**
 * `npm run bench:load`: the bot as production runs it (compiled, `node --expose-gc dist/src/main.js`, its own
 * process) against the local Discord double, many games at once (a game that ends is followed by
 * a new one in its channel, so that as many stay live), players simulated in this process
 * clicking only what the bot shows them (test/e2e/players.ts). Three parts:
 *
 * - latency: 200 live games, each making a move every 2–5 s, at Discord's default global limit
 *   (50 requests/s), on PostgreSQL and on the embedded database: the first answer's p50 / p99
 *   (from the click reaching the double to the bot's interaction callback; goal p99 ≤ 50 ms),
 *   moves/s, the requests per move counted against the global limit (goal ≤ 1) and, on
 *   PostgreSQL, the database statements per move (the server's transaction count), the CPU of
 *   the bot per move (all its threads, its background work included, so it is higher at a light
 *   load: 21 ms a move at 50 games, 14 at 200; it says what the bot costs where p99 says little),
 *   the bot's resident memory at the end (with `--seconds 300`, what minutes of load leave),
 *   every request a move (interaction callbacks included), and the first answer's p50 / p99 for
 *   each kind of click (which clicks make the slow tail: those answered once the game is read, or
 *   those acknowledged at once);
 * - ceiling: the global limit raised (the bot's and the double's) so that the CPU is what is
 *   measured; the games move ever faster until the first answer's p99 passes 1 s; prints the
 *   moves/s reached before that (goal ≥ 300 per process), and at each step the requests the bot
 *   made and its CPU, per move (past the fastest pace it keeps up with, answers late enough to
 *   be acknowledged first cost a request more, and the bot's CPU a move grows);
 * - memory: 1,000 live games on PostgreSQL, each having made a move: the bot process's resident
 *   memory (goal ≤ 300 MB);
 * - starved: the latency part's load on PostgreSQL with the CPU taken beside the bot (a busy-loop
 *   node process per core, at the bot's own priority, started once the games are under way): the
 *   clicks whose first answer came after 3 s (Discord shows "This interaction failed"; the double
 *   refuses an answer that late, as Discord does) and after 15 s, or never (goal 0 of each), the
 *   clicks the bot refused as busy and its own count of first answers past 3 s (`/metrics`),
 *   moves/s and the first answer's p50 / p99. This process (Discord and the players, which are
 *   not on the bot's machine in production) runs at a higher priority (nice -5) when it may, so
 *   that what is starved is the bot and its database. Not among the default parts: it takes the
 *   whole machine.
 *
 * Options: `-- --part latency|ceiling|memory|starved` (repeatable), `--games N`, `--seconds S` (each
 * measuring window), `--database postgres|embedded` (the latency part's; both by default); BENCH_BOT_NODE_ARGS adds node options to the bot (a CPU profile, say).
 *
 * The bot runs on the Node the Docker image runs (its `NODE_IMAGE`, Node 24), as in production:
 * `node` on the PATH if that is the same major version, else that version's official build from
 * the npm registry (the `node-<platform>-<arch>` package), fetched once into
 * node_modules/.cache/bench-node. node-canvas and native/malloc-trim are Node-API addons, so the
 * build `npm ci` made loads on it too. BENCH_BOT_NODE names another node binary (`node`: the
 * PATH's, whatever its version). The line that opens the run names the Node measured; the
 * simulated players and the double run on the PATH's. A part that cannot run fails the whole
 * run; a goal missed is printed as MISSED and does not.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { REST, Routes } from 'discord.js';
import pg from 'pg';
import { commandDefinitions } from '../commands/acquire.js';
import { decodeEnvelope } from '../src/bot/components.js';
import { startBotProcess, type BotProcess } from '../test/install/bot-process.js';
import { buttonsOf, type Harness } from '../test/e2e/harness.js';
import { Table } from '../test/e2e/players.js';
import { DISCORD_RATE_LIMITS, DiscordDouble, type GuildFixture, type RateLimitOptions } from '../test/support/discord-double/index.js';

const ROOT = new URL('..', import.meta.url).pathname;
const SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const UNLIMITED = 100_000;
/** The Node major version the Docker image runs (the Dockerfile's `NODE_IMAGE`). */
function imageNodeMajor(): number {
  const match = /^ARG NODE_IMAGE=node:(\d+)/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  if (!match) throw new Error('bench:load: the Dockerfile names no NODE_IMAGE=node:<major>');
  return Number(match[1]);
}

const versionOf = (binary: string) => execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
const majorOf = (version: string) => Number(/^v(\d+)/.exec(version)?.[1] ?? 0);

/**
 * A node binary of `major`: the PATH's if it is one, else the official build from the npm
 * registry, unpacked under node_modules/.cache/bench-node (once; later runs find it there).
 */
function nodeOfMajor(major: number): { binary: string; from: string } {
  if (majorOf(versionOf('node')) === major) return { binary: 'node', from: 'the PATH' };
  const cache = join(ROOT, 'node_modules', '.cache', 'bench-node');
  const unpacked = join(cache, `node-${process.platform}-${process.arch}-${major}`);
  const binary = join(unpacked, 'package', 'bin', 'node');
  if (!existsSync(binary)) {
    mkdirSync(unpacked, { recursive: true });
    const tarball = execFileSync('npm', ['pack', '--silent', `node-${process.platform}-${process.arch}@${major}`, '--pack-destination', cache], {
      cwd: cache,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1)!;
    execFileSync('tar', ['xzf', join(cache, tarball), '-C', unpacked]);
    rmSync(join(cache, tarball));
  }
  return { binary, from: `the npm registry (node-${process.platform}-${process.arch}, in ${cache})` };
}

/** The Node the bot runs on (see the top of this file) and its version. */
const BOT_NODE = (() => {
  const image = imageNodeMajor();
  const { binary, from } = process.env.BENCH_BOT_NODE ? { binary: process.env.BENCH_BOT_NODE, from: 'BENCH_BOT_NODE' } : nodeOfMajor(image);
  const version = versionOf(binary);
  const major = majorOf(version);
  return {
    binary,
    version,
    major,
    description: `Node ${version} from ${from}${major === image ? ", the Docker image's major version" : `, not the Docker image's ${image}`}`,
  };
})();

const { values } = parseArgs({
  options: { part: { type: 'string', multiple: true }, games: { type: 'string' }, seconds: { type: 'string' }, database: { type: 'string', multiple: true } },
});
const parts = values.part ?? ['latency', 'ceiling', 'memory'];
const seconds = Number(values.seconds ?? 60);
const databases = (values.database ?? ['postgres', 'embedded']) as DatabaseKind[];

type DatabaseKind = 'postgres' | 'embedded';

interface Scenario {
  database: DatabaseKind;
  games: number;
  /** The bot's and the double's global limit. */
  globalLimit: number;
}

interface Answer {
  ms: number;
  /** The component's kind as its custom id names it (`hand`, `cart`, `tile`…), or `other`. */
  kind: string;
}

/** The clicks that make a move from a player's panel (their panel then shows what the move did). */
const PANEL_MOVES: ReadonlySet<string> = new Set(['tile', 'skip', 'redraw', 'found', 'survivor', 'defunct', 'disposeOk', 'buyOk', 'answer']);

/** The first answers to one kind of click in a window. */
interface KindLatency {
  kind: string;
  count: number;
  p50: number;
  p99: number;
}

/** One running bot process, the double it talks to, and its games' tables. */
interface Rig {
  double: DiscordDouble;
  bot: BotProcess;
  pid: number;
  /** The bot's /metrics, as text. */
  metrics(): Promise<string>;
  tables: Table[];
  /** A new game in table `index`'s channel, once its game is over: the games stay live. */
  reopen(index: number): Promise<Table>;
  /** Moves made by games that are over (their tables replaced), so that moves are counted across. */
  finishedMoves: number;
  /** Games begun by `reopen` so far. */
  gamesBegun: number;
  /** Every click's first answer since the window began: in ms, and the kind of component clicked. */
  answers: Answer[];
  /** Every move clicked on a panel since the window began: ms from the click to the clicker's panel showing its result. */
  panels: number[];
  unanswered: number;
  /** The database's transactions so far (PostgreSQL only: the embedded database keeps no count). */
  transactions: (() => Promise<number>) | null;
  stop(): Promise<void>;
}

/** Bot processes still running: killed should this process end first (an error, Ctrl-C, a timeout). */
const running = new Set<BotProcess>();
/** The starved part's CPU hogs, likewise. */
const hogs = new Set<ChildProcess>();
process.on('exit', () => {
  for (const bot of running) bot.kill();
  for (const hog of hogs) hog.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const quantile = (sorted: number[], q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm run build`, laid out as the Docker image has it: prisma/ beside the compiled src/. */
function build(): void {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(join(ROOT, 'dist', 'prisma'))) symlinkSync(join(ROOT, 'prisma'), join(ROOT, 'dist', 'prisma'));
}

/** One statement on the server's maintenance database, on a connection of its own. */
async function onServer<Row extends object>(sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<{ url: string; transactions(): Promise<number>; drop(): Promise<void> }> {
  const name = `acquire_load_${process.pid}_${Date.now()}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /**
     * Transactions the database has committed or rolled back so far (each statement outside a
     * transaction is one). The server publishes these counts within a second or so, and at most
     * 10 s late for a connection that stays idle: over a window of tens of seconds, a good count.
     */
    async transactions() {
      const rows = await onServer<{ count: string }>('SELECT xact_commit + xact_rollback AS count FROM pg_stat_database WHERE datname = $1', [name]);
      return Number(rows[0]?.count ?? NaN);
    },
    async drop() {
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Opens a lobby in `channelId`, seats the guest and starts; returns the game's table. */
async function openGame(double: DiscordDouble, guild: GuildFixture, channelId: string, index: number): Promise<Table> {
  const [host, guest] = [guild.users[2 * index]!, guild.users[2 * index + 1]!];
  const start = await double
    .slashCommand({ guildId: guild.id, channelId, user: host, name: 'acquire', subcommand: 'start', options: {} })
    .settled({ timeoutMs: 120_000 });
  const lobby = start.original!;
  await double
    .clickButton({ message: lobby, customId: buttonsOf(lobby).find((button) => button.kind === 'join')!.customId, user: guest })
    .settled({ timeoutMs: 120_000 });
  await double
    .clickButton({ message: lobby, customId: buttonsOf(double.message(lobby.id)).find((button) => button.kind === 'start')!.customId, user: host })
    .settled({ timeoutMs: 120_000 });
  return new Table({ double, guild: { ...guild, channelId } } as unknown as Harness, 1000 + index);
}

async function startRig(scenario: Scenario): Promise<Rig> {
  const limits: RateLimitOptions = { ...DISCORD_RATE_LIMITS, globalPerSecond: scenario.globalLimit };
  const double = new DiscordDouble({ rateLimits: limits, keepHistory: false });
  await double.start();
  const guild = double.createGuild({ users: scenario.games * 2, channels: Array.from({ length: scenario.games }, (_, index) => `table-${index + 1}`) });
  await new REST({ api: double.restUrl })
    .setToken(double.token)
    .put(Routes.applicationGuildCommands(double.botUser.id, guild.id), { body: commandDefinitions });

  const database = scenario.database === 'postgres' ? await freshDatabase() : null;
  const dataDir = scenario.database === 'embedded' ? mkdtempSync(join(tmpdir(), 'acquire-load-')) : null;
  const healthPort = await freePort();
  const env: Record<string, string> = {
    HEALTH_PORT: String(healthPort),
    DISCORD_TOKEN: double.token,
    DISCORD_API_URL: double.restUrl,
    DISCORD_GLOBAL_REST_LIMIT: String(scenario.globalLimit),
    // As the Docker image runs it (see the Dockerfile): on Node 22 or later (the image runs 24)
    // the young generation at most 8 MB a half (Node 20's own bound, 16 MB, is left as it was).
    ...(BOT_NODE.major >= 22 ? { NODE_OPTIONS: '--max-semi-space-size=8' } : {}),
    // 'bot online' is an info line; moves log nothing at info.
    LOG_LEVEL: 'info',
    ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir! }),
  };
  // `exec`: the shell becomes node, so the process measured is the bot itself. BENCH_BOT_NODE_ARGS
  // adds node options to it (`--cpu-prof --cpu-prof-dir=/tmp/p`: a CPU profile written as it stops).
  const bot = startBotProcess(`exec ${BOT_NODE.binary} --expose-gc ${process.env.BENCH_BOT_NODE_ARGS ?? ''} src/main.js`, { cwd: join(ROOT, 'dist'), env });
  running.add(bot);
  const online = await bot.waitForLine('bot online', { timeoutMs: 120_000 });
  const pid = online.pid!;

  const rig: Rig = {
    double,
    bot,
    pid,
    metrics: async () => (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text(),
    tables: [],
    async reopen(index) {
      const table = rig.tables[index]!;
      rig.finishedMoves += table.moves;
      rig.gamesBegun++;
      const next = await openGame(double, guild, guild.channels[index]!.id, index);
      rig.tables[index] = next;
      return next;
    },
    finishedMoves: 0,
    gamesBegun: 0,
    answers: [],
    panels: [],
    unanswered: 0,
    transactions: database?.transactions ?? null,
    async stop() {
      // SIGTERM, as `docker stop` does (a CPU profile asked for in BENCH_BOT_NODE_ARGS is written then).
      process.kill(pid, 'SIGTERM');
      await Promise.race([bot.exited, sleep(30_000)]);
      bot.kill();
      running.delete(bot);
      await double.stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // Every click the players make: its first answer as the double saw it (dispatch to callback).
  const click = double.clickButton.bind(double);
  double.clickButton = (spec) => {
    const handle = click(spec);
    handle.response(30_000).then(
      (callback) => rig.answers.push({ ms: callback.at - handle.dispatchedAt, kind: decodeEnvelope(spec.customId)?.kind ?? 'other' }),
      () => rig.unanswered++,
    );
    // A move clicked on the player's panel: the panel's first edit after the click shows its result.
    const panel = double.message(typeof spec.message === 'string' ? spec.message : spec.message.id);
    if (panel?.ephemeral && PANEL_MOVES.has(decodeEnvelope(spec.customId)?.kind ?? '')) {
      const edited = () => (double.message(panel.id)?.editedAt ?? 0) >= handle.dispatchedAt;
      double.waitFor(edited, { timeoutMs: 30_000, channelId: panel.channelId }).then(
        () => rig.panels.push(double.message(panel.id)!.editedAt! - handle.dispatchedAt),
        () => undefined,
      );
    }
    return handle;
  };
  const channels = guild.channels.map((channel) => channel.id);
  for (let from = 0; from < channels.length; from += 10) {
    rig.tables.push(...(await Promise.all(channels.slice(from, from + 10).map((channelId, offset) => openGame(double, guild, channelId, from + offset)))));
  }
  return rig;
}

/** A port free on the loopback now (for the bot's HEALTH_PORT). */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Window {
  moves: number;
  movesPerSecond: number;
  p50: number;
  p99: number;
  /** From a move's click on a panel to that panel showing its result. */
  panelP50: number;
  panelP99: number;
  globalPerMove: number;
  /** Every request the bot made (interaction callbacks included), per move. */
  requestsPerMove: number;
  errors: number;
  /** What the first few errors said (distinct first lines): a count alone leaves a run unexplained. */
  errorTexts: string[];
  /** Games that ended and were followed by a new one in the window. */
  gamesBegun: number;
  /** CPU used in the window, in % of one core: the bot's process, its main thread, and this one (the double and the players). */
  botCpu: number;
  botMainCpu: number;
  driverCpu: number;
  /** This process's event-loop delay p99, ms: above a few ms, its own timestamps run late. */
  driverLag: number;
  /** The first answer by kind of click, the most frequent first. */
  byKind: KindLatency[];
  /** Database transactions (statements, reads included) per move; null on the embedded database. */
  transactionsPerMove: number | null;
}

/**
 * A process's user + system CPU time so far, in seconds (/proc/<pid>/stat, clock ticks of 1/100
 * s); with `thread`, that thread's alone (the main thread's id is the process's): the event loop
 * that answers clicks, apart from the drawing threads and V8's helpers.
 */
function cpuSeconds(pid: number, thread?: number): number {
  const path = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
  const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Every table makes a move every `delay` ms (drawn in the range) for `ms`; what was measured. */
async function play(rig: Rig, delay: [number, number], ms: number): Promise<Window> {
  rig.answers.length = 0;
  rig.panels.length = 0;
  const movesSoFar = () => rig.tables.reduce((sum, table) => sum + table.moves, rig.finishedMoves);
  const movesBefore = movesSoFar();
  const gamesBegunBefore = rig.gamesBegun;
  const callsBefore = { ...rig.double.callCounts };
  const until = Date.now() + ms;
  let errors = 0;
  const errorTexts = new Set<string>();
  const transactionsBefore = rig.transactions ? await rig.transactions() : null;
  const botCpuBefore = cpuSeconds(rig.pid);
  const botMainCpuBefore = cpuSeconds(rig.pid, rig.pid);
  const driverCpuBefore = process.cpuUsage();
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const started = performance.now();
  await Promise.all(
    rig.tables.map(async (first, index) => {
      let table = first;
      await sleep((index * 97) % delay[1]);
      while (Date.now() < until) {
        await sleep(delay[0] + Math.random() * (delay[1] - delay[0]));
        if (Date.now() >= until) break;
        try {
          // A game over is followed by a new one in its channel, as on a busy server, so that
          // a step measures as many live games as asked (before, a table whose game had ended
          // stopped playing: at 40 games most of them within the ceiling's fast steps).
          if (!(await table.playDecision())) table = await rig.reopen(index);
        } catch (error) {
          errors++;
          if (errorTexts.size < 3)
            errorTexts.add(
              String((error as Error).message ?? error)
                .split('\n')[0]!
                .slice(0, 300),
            );
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  lag.disable();
  const driverCpu = process.cpuUsage(driverCpuBefore);
  const cpu = {
    botCpu: (100 * (cpuSeconds(rig.pid) - botCpuBefore)) / elapsed,
    botMainCpu: (100 * (cpuSeconds(rig.pid, rig.pid) - botMainCpuBefore)) / elapsed,
    driverCpu: (100 * (driverCpu.user + driverCpu.system)) / 1e6 / elapsed,
    driverLag: lag.percentile(99) / 1e6,
  };
  const moves = movesSoFar() - movesBefore;
  const calls = rig.double.callCounts.all - callsBefore.all;
  const global = rig.double.callCounts.global - callsBefore.global;
  const sorted = rig.answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const panels = [...rig.panels].sort((a, b) => a - b);
  const transactionsPerMove = rig.transactions && transactionsBefore !== null ? ((await rig.transactions()) - transactionsBefore) / Math.max(1, moves) : null;
  return {
    transactionsPerMove,
    moves,
    movesPerSecond: moves / elapsed,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    panelP50: quantile(panels, 0.5),
    panelP99: quantile(panels, 0.99),
    globalPerMove: global / Math.max(1, moves),
    requestsPerMove: calls / Math.max(1, moves),
    errors: errors + rig.unanswered,
    errorTexts: [...errorTexts],
    gamesBegun: rig.gamesBegun - gamesBegunBefore,
    byKind: latencyByKind(rig.answers),
    ...cpu,
  };
}

/**
 * The first answers kind by kind: some clicks are acknowledged at once (a move from a panel),
 * others answered once the game is read (a panel opened, a cart changed), so the p99 of all
 * answers says little about where its slow tail comes from without this.
 */
function latencyByKind(answers: readonly Answer[]): KindLatency[] {
  const byKind = new Map<string, number[]>();
  for (const answer of answers) {
    const times = byKind.get(answer.kind);
    if (times) times.push(answer.ms);
    else byKind.set(answer.kind, [answer.ms]);
  }
  return [...byKind]
    .map(([kind, times]) => {
      times.sort((a, b) => a - b);
      return { kind, count: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
    })
    .sort((a, b) => b.count - a.count);
}

/** The kinds that make at least 2 % of the answers, as `hand 3105 × p50 7 / p99 58 ms`. */
function kindsLine(window: Window): string {
  const total = window.byKind.reduce((sum, kind) => sum + kind.count, 0);
  return window.byKind
    .filter((kind) => kind.count >= 0.02 * total)
    .map((kind) => `${kind.kind} ${kind.count} × p50 ${kind.p50.toFixed(0)} / p99 ${kind.p99.toFixed(0)} ms`)
    .join(', ');
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/** `0 errors`, or their count and what the first of them said. */
const errorsOf = (window: Window) =>
  `${window.errors} errors${window.errorTexts.length > 0 ? ` (${window.errorTexts.map((text) => JSON.stringify(text)).join(', ')})` : ''}`;

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/** CPU time a move, in ms, from a window's CPU in % of one core (10 ms a second per per cent). */
const msAMove = (cpuPercent: number, window: Window) => (10 * cpuPercent) / window.movesPerSecond;

async function latency(database: DatabaseKind): Promise<string> {
  const games = Number(values.games ?? 200);
  const rig = await startRig({ database, games, globalLimit: DISCORD_RATE_LIMITS.globalPerSecond });
  try {
    await play(rig, [2000, 5000], 10_000); // warm-up: every game under way, the JIT settled
    const window = await play(rig, [2000, 5000], seconds * 1000);
    return `load, ${database}: ${games} games, a move every 2–5 s each: ${window.movesPerSecond.toFixed(1)} moves/s, first answer p50 ${window.p50.toFixed(0)} ms p99 ${window.p99.toFixed(0)} ms (goal ≤ 50: ${verdict(window.p99 <= 50)}), the clicker's panel showing their move p50 ${window.panelP50.toFixed(0)} ms p99 ${window.panelP99.toFixed(0)} ms, ${window.globalPerMove.toFixed(2)} requests per move against the global limit (goal ≤ 1: ${verdict(window.globalPerMove <= 1)}), ${window.transactionsPerMove === null ? '' : `${window.transactionsPerMove.toFixed(1)} database statements per move (reads included), `}${errorsOf(window)}, over ${seconds} s; CPU: bot ${window.botCpu.toFixed(0)} % (${msAMove(window.botCpu, window).toFixed(1)} ms a move, ${msAMove(window.botMainCpu, window).toFixed(1)} of them on its main thread), driver ${window.driverCpu.toFixed(0)} % (event-loop p99 ${window.driverLag.toFixed(0)} ms); bot RSS ${rssMb(rig.pid).toFixed(0)} MB at the end; ${window.requestsPerMove.toFixed(2)} requests a move in all (interaction callbacks included); the first answer by click: ${kindsLine(window)}`;
  } finally {
    await rig.stop();
  }
}

async function ceiling(): Promise<string> {
  const games = Number(values.games ?? 200);
  const rig = await startRig({ database: 'postgres', games, globalLimit: UNLIMITED });
  const steps: [number, number][] = [
    [2000, 5000],
    [1000, 2000],
    [500, 1000],
    [250, 500],
    [100, 250],
    [0, 100],
    [0, 20],
  ];
  let best = 0;
  const seen: string[] = [];
  try {
    for (const delay of steps) {
      const window = await play(rig, delay, Math.min(seconds, 20) * 1000);
      seen.push(
        `a move every ${delay[0] / 1000}–${delay[1] / 1000} s: ${window.movesPerSecond.toFixed(0)}/s p99 ${window.p99.toFixed(0)} ms (${window.requestsPerMove.toFixed(1)} requests, bot ${msAMove(window.botCpu, window).toFixed(1)} ms a move, driver ${msAMove(window.driverCpu, window).toFixed(1)}, ${window.gamesBegun} games ended and begun again, ${errorsOf(window)})`,
      );
      if (window.p99 > 1000) break;
      best = Math.max(best, window.movesPerSecond);
    }
    return `load, ceiling (postgres, ${games} games, global limit raised): ${best.toFixed(0)} moves/s before the first answer's p99 passes 1 s (goal ≥ 300: ${verdict(best >= 300)}); steps ${seen.join(', ')}`;
  } finally {
    await rig.stop();
  }
}

async function memory(): Promise<string> {
  const games = Number(values.games ?? 1000);
  const rig = await startRig({ database: 'postgres', games, globalLimit: UNLIMITED });
  try {
    const started = rssMb(rig.pid);
    // One move in every game (its table remembered, its clock running), then quiet.
    for (let from = 0; from < rig.tables.length; from += 20)
      await Promise.all(rig.tables.slice(from, from + 20).map((table) => table.playDecision().catch(() => false)));
    await sleep(10_000);
    const after = rssMb(rig.pid);
    // And once the games have been quiet a minute: what a server idle between moves holds (the
    // JavaScript heap and the allocator give back some of what the burst of moves took).
    await sleep(50_000);
    const settled = rssMb(rig.pid);
    return `load, memory (postgres): ${games} live games: bot RSS ${after.toFixed(0)} MB 10 s after a move in each (goal ≤ 300: ${verdict(after <= 300)}; ${started.toFixed(0)} MB once started, ${settled.toFixed(0)} MB after a quiet minute)`;
  } finally {
    await rig.stop();
  }
}

/** A counter's value in a /metrics text (its series summed), 0 when absent. */
function counterIn(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split('\n')) if (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) sum += Number(line.split(' ').at(-1));
  return sum;
}

/** The first answers the bot counted within `le` seconds (its histogram's bucket, every kind summed). */
function bucketIn(text: string, le: string): number {
  let sum = 0;
  for (const line of text.split('\n'))
    if (line.startsWith('acquire_first_answer_seconds_bucket{') && line.includes(`le="${le}"`)) sum += Number(line.split(' ').at(-1));
  return sum;
}

async function starvedPart(): Promise<string> {
  const games = Number(values.games ?? 200);
  const rig = await startRig({ database: 'postgres', games, globalLimit: DISCORD_RATE_LIMITS.globalPerSecond });
  const cores = availableParallelism();
  try {
    await play(rig, [2000, 5000], 10_000); // warm-up, on a quiet machine
    const refusedBefore = counterIn(await rig.metrics(), 'acquire_interactions_refused_busy_total');
    const unansweredBefore = rig.unanswered;
    // Discord and the players stand apart from the bot's machine: ahead of the hogs, if this process may.
    const driverNice = (() => {
      try {
        setPriority(-5);
        return 'this process (Discord and the players) at nice -5';
      } catch {
        return 'this process (Discord and the players) at the same priority (it may not raise its own)';
      }
    })();
    const metricsBefore = await rig.metrics();
    // A node busy loop per core, at the bot's own priority: the CPU the bot would have had is taken.
    for (let core = 0; core < cores; core++) hogs.add(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    let window: Window;
    try {
      window = await play(rig, [2000, 5000], seconds * 1000);
    } finally {
      for (const hog of hogs) hog.kill('SIGKILL');
      hogs.clear();
      try {
        setPriority(0);
      } catch {
        // It was not raised.
      }
    }
    // Every click of the window has its answer, or has waited the 30 s after which it counts as never answered.
    await sleep(31_000);
    const never = rig.unanswered - unansweredBefore;
    const after = (ms: number) => rig.answers.filter((answer) => answer.ms > ms).length + never;
    const metricsAfter = await rig.metrics();
    const refused = counterIn(metricsAfter, 'acquire_interactions_refused_busy_total') - refusedBefore;
    // The bot's own view: its first answers, and those sent more than 3 s after the click.
    const botAnswers = counterIn(metricsAfter, 'acquire_first_answer_seconds_count') - counterIn(metricsBefore, 'acquire_first_answer_seconds_count');
    const botOnTime = bucketIn(metricsAfter, '3') - bucketIn(metricsBefore, '3');
    return `load, starved (postgres, ${games} games, a move every 2–5 s each, a busy loop on each of the ${cores} cores beside the bot): ${after(3000)} clicks answered after 3 s or never (goal 0: ${verdict(after(3000) === 0)}), ${after(15_000)} after 15 s or never (goal 0: ${verdict(after(15_000) === 0)}), of ${rig.answers.length + never}; ${refused} refused as busy; the bot's own count: ${botAnswers - botOnTime} of ${botAnswers} first answers after 3 s, ${rig.bot.lines.filter((line) => line.msg === 'interaction expired before it was answered').length} logged as expired; ${driverNice}, its event-loop p99 ${window.driverLag.toFixed(0)} ms; ${window.movesPerSecond.toFixed(1)} moves/s, first answer p50 ${window.p50.toFixed(0)} ms p99 ${window.p99.toFixed(0)} ms, ${errorsOf(window)}, over ${seconds} s`;
  } finally {
    await rig.stop();
  }
}

build();
// Which Node the bot runs on: the figures differ between Node's versions (the Docker image runs 24).
console.log(`bench:load: the bot on ${BOT_NODE.description}`);
let failed = false;
for (const part of parts) {
  const runs: (() => Promise<string>)[] =
    part === 'latency'
      ? databases.map((database) => () => latency(database))
      : part === 'ceiling'
        ? [ceiling]
        : part === 'memory'
          ? [memory]
          : part === 'starved'
            ? [starvedPart]
            : [];
  if (runs.length === 0) {
    console.error(`bench:load: no part called ${part} (parts: latency, ceiling, memory, starved)`);
    process.exit(2);
  }
  for (const run of runs) {
    try {
      console.log(await run());
    } catch (error) {
      failed = true;
      console.error(`bench:load: the ${part} part failed: ${(error as Error).stack ?? String(error)}`);
    }
  }
}
process.exit(failed ? 1 : 0);
