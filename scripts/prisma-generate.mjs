// `npm run generate`: writes the Prisma client to src/store/generated.
//
// Prisma 7's CLI insists on locating its schema engine binary before any command, and
// downloads it when missing. `prisma generate` never runs that binary, so where the download
// is impossible (offline machines, CI without network) pointing PRISMA_SCHEMA_ENGINE_BINARY at
// any existing file is enough. An explicit setting from the environment wins.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const prismaCli = require.resolve('prisma/build/index.js');

const result = spawnSync(process.execPath, [prismaCli, 'generate', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  },
});
if (result.error) throw result.error;
process.exit(result.status ?? 1);
