/**
 * `npm run bench [part ...]`: every benchmark of the project, one after the other. Each part
 * prints its own summary lines (e.g. `engine: 2400 games/s ...`), medians over several runs.
 * A part that cannot load or fails stops the run with a non-zero exit and says which and why:
 * a figure that silently goes missing is worse than a red run.
 */
const parts = ['engine', 'store', 'render', 'replay'] as const;

const only = process.argv.slice(2);
const unknown = only.filter((name) => !(parts as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`bench: no part called ${unknown.join(', ')} (parts: ${parts.join(', ')}; the tournament is npm run bench:ai)`);
  process.exit(2);
}
let failed = false;
for (const part of parts) {
  if (only.length > 0 && !only.includes(part)) continue;
  try {
    const module = (await import(`./${part}.js`)) as { run?: () => Promise<string[]> };
    if (typeof module.run !== 'function') throw new Error(`bench/${part}.ts exports no run()`);
    for (const line of await module.run()) console.log(line);
  } catch (error) {
    failed = true;
    console.error(`bench: the ${part} part failed: ${(error as Error).stack ?? String(error)}`);
  }
}
if (failed) process.exit(1);
