// Prisma CLI configuration (Prisma 7 reads the connection URL from here, not from the schema).
// The bot never uses this file: it connects through src/store/client.ts and applies the
// migrations itself at start-up. The URL only matters for commands such as
// `prisma migrate status`, which need a real PostgreSQL.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL },
});
