/**
 * The layer order ARCHITECTURE.md promises, checked by `npm run layers` (part of `npm test`):
 * dependencies point one way, down this list, and nothing imports in a cycle.
 *
 *   src/main.ts → commands/ → src/bot/ → src/ai/ → src/replay/ → src/render/ → src/store/ → src/engine/
 *
 * src/main.ts (with src/sharding.ts, src/process-faults.ts, and src/rest-proxy.ts, the REST
 * proxy's own entry point) puts the process together, so it sits on top. The process's own
 * small helpers beside it (src/worker-entry.ts …) may be imported by any layer and import none.
 */
const LAYERS = [
  ['main', '^src/(main|sharding|rest-proxy|process-faults)\\.ts$'],
  ['commands', '^commands/'],
  ['bot', '^src/bot/'],
  ['ai', '^src/ai/'],
  ['replay', '^src/replay/'],
  ['render', '^src/render/'],
  ['store', '^src/store/'],
  ['engine', '^src/engine/'],
];

/** A layer may import only from the layers below it (and from itself). */
const upward = LAYERS.slice(1).map(([name, path], index) => ({
  name: `${name}-imports-upward`,
  comment: `${name} sits below ${LAYERS.slice(0, index + 1)
    .map(([above]) => above)
    .join(', ')} (ARCHITECTURE.md)`,
  severity: 'error',
  from: { path },
  to: { path: LAYERS.slice(0, index + 1).map(([, above]) => above) },
}));

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'an import cycle', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'engine-is-pure',
      comment: 'the rules import no I/O, no Discord, no database (ARCHITECTURE.md: src/engine/ is pure)',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: ['^node_modules/(discord\\.js|@discordjs|@prisma|pg|canvas|piscina|pino)/', '^(node:)?(fs|net|http|https|child_process|worker_threads)$'] },
    },
    {
      name: 'src-not-from-tests',
      comment: 'the bot never imports test or benchmark code',
      severity: 'error',
      from: { path: '^(src|commands)/' },
      to: { path: '^(test|bench)/' },
    },
    ...upward,
    {
      name: 'process-helpers-import-no-layer',
      comment: "src/'s own top-level helpers serve every layer, so they import none",
      severity: 'error',
      from: { path: '^src/[^/]+\\.ts$', pathNot: '^src/(main|sharding|rest-proxy|process-faults)\\.ts$' },
      to: { path: LAYERS.map(([, path]) => path) },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/store/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
