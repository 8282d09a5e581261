/** Persistence of games: the database client, its migrations and the game repository. */
export {
  openDatabase,
  targetFromEnv,
  DEFAULT_PGLITE_DIR,
  type Database,
  type DatabaseOptions,
  type DatabaseTarget,
  type Db,
  type PrismaClient,
} from './client.js';
export { migrate, loadMigrations, MIGRATIONS_DIR, type Migration, type MigrationReport } from './migrate.js';
export * from './records.js';
export * from './lobby.js';
export * from './moves.js';
export * from './stats.js';
export * from './ratings.js';
export * from './clock.js';
export * from './table.js';
export { isDatabaseUnavailable, isKnownUnsaved } from './availability.js';
export { DatabaseInUseError, DataDirectoryMissingError } from './embedded-guard.js';
