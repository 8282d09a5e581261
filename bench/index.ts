/**
 * `npm run bench`: every benchmark of the project, one after the other. Each part prints its
 * own summary line (e.g. `engine: 2400 games/s`), computed as a median over several runs.
 */
const parts = ['engine', 'store', 'render'] as const;

const only = process.argv.slice(2);
for (const part of parts) {
  if (only.length > 0 && !only.includes(part)) continue;
  const module = (await import(`./${part}.js`).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  })) as { run: () => Promise<string[]> } | null;
  if (!module) continue;
  for (const line of await module.run()) console.log(line);
}
