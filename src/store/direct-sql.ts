/**
 * The two statements every move makes (a game's read, on each click; a move's write) sent
 * straight to the driver adapter that Prisma itself was given, instead of through `$queryRaw`.
 *
 * Why: above the adapter, Prisma's `$queryRaw` serializes the parameters to JSON and parses them
 * back, runs the statement through its query interpreter and re-types every value of the result:
 * some 130 µs of the event loop's CPU a statement, more than the adapter and the driver take
 * together (the statement alone: 202–226 µs through `$queryRaw` against 74–81 through the
 * adapter, PostgreSQL on the same machine, three rounds of 2,000). A bot makes three such
 * statements a move. `npm run bench store` prints a game's whole read (the row's checks
 * included) both ways: 168 µs against 332 on 2026-11-27.
 *
 * The rows come back as `$queryRaw` gives them (the same names, and numbers, text, booleans,
 * dates, parsed JSON and 64-bit integers as `bigint`; test/store/direct-sql.test.ts compares
 * both on each database), and the adapter's errors are the ones Prisma wraps, which
 * `isDatabaseUnavailable` reads the same way. Inside a transaction the statement goes through
 * the transaction's client: only the client the adapter was registered for is bypassed.
 */
import { ColumnTypeEnum, type ColumnType, type SqlQueryable } from '@prisma/driver-adapter-utils';
// From the generated client, not client.ts (which registers the adapters here): its `Db` is this union.
import type { Prisma, PrismaClient } from './generated/client.js';

const adapters = new WeakMap<object, SqlQueryable>();

/** Sends `client`'s direct statements to `adapter`, a connection of the adapter `client` was made with. */
export function sendDirectly(client: PrismaClient, adapter: SqlQueryable): void {
  adapters.set(client, adapter);
}

/** The adapter `client`'s direct statements go to, if any (a test slows it down, say). */
export function directAdapterOf(client: PrismaClient): SqlQueryable | undefined {
  return adapters.get(client);
}

/**
 * Names for the direct statements' texts, so that PostgreSQL parses and plans each once per
 * connection and then only binds and runs it (`statementName`, given to the PostgreSQL adapter).
 * Measured with a scratch loop of 2,000 statements on one connection, the server's CPU a
 * statement: a game's read 70–80 µs named against 180–205 unnamed, an update of a game's state
 * 190–200 against 280–285. The texts are the code's own (a call site's template, its values
 * bound apart), so there are few; the cap only keeps a caller that built texts from data from
 * filling every connection's cache.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 32;

/** The name a statement is prepared under on each connection, or '' (unnamed) for one the bot did not send directly. */
export function statementName(query: { sql: string }): string {
  return statementNames.get(query.sql) ?? '';
}

/** Rows of `query` as `db.$queryRaw(query)` returns them, straight through the adapter where `db` has one. */
export async function queryRows(db: PrismaClient | Prisma.TransactionClient, query: Prisma.Sql): Promise<Record<string, unknown>[]> {
  const adapter = adapters.get(db);
  if (!adapter) return db.$queryRaw<Record<string, unknown>[]>(query);
  // Prisma's `text` joins the template anew at each read: read once, and the same string given to
  // the adapter, whose `statementName` then finds it by the hash this lookup left on it.
  const sql = query.text;
  if (!statementNames.has(sql) && statementNames.size < MAX_NAMED_STATEMENTS) statementNames.set(sql, `acquire_direct_${statementNames.size}`);
  const values = query.values;
  // Every parameter is a plain value (text, number, boolean, date or null): the adapter formats a
  // date itself, and needs a type only for lists and for dates or bytes given as text.
  const result = await adapter.queryRaw({ sql, args: values, argTypes: values.map(() => ({ scalarType: 'unknown', arity: 'scalar' })) });
  const { columnNames, columnTypes, rows } = result;
  const readers = columnTypes.map(readerOf);
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (let column = 0; column < columnNames.length; column++) {
      const value = row[column];
      record[columnNames[column] as string] = value === null ? null : (readers[column] as Reader)(value);
    }
    return record;
  });
}

type Reader = (value: unknown) => unknown;

const asIs: Reader = (value) => value;

/** How `$queryRaw` gives a value of `type`; the types these statements do not select are refused, not guessed. */
function readerOf(type: ColumnType): Reader {
  switch (type) {
    case ColumnTypeEnum.Int32:
    case ColumnTypeEnum.Float:
    case ColumnTypeEnum.Double:
      return (value) => Number(value);
    case ColumnTypeEnum.Int64:
      return (value) => BigInt(value as string | number);
    case ColumnTypeEnum.Boolean:
      return (value) => value === true || value === 'true' || value === 't';
    case ColumnTypeEnum.Text:
    case ColumnTypeEnum.Character:
    case ColumnTypeEnum.Enum:
    case ColumnTypeEnum.Uuid:
      return asIs;
    case ColumnTypeEnum.DateTime:
      return (value) => new Date(value as string);
    case ColumnTypeEnum.Json:
      return (value) => (typeof value === 'string' ? JSON.parse(value) : value);
    default:
      throw new Error(
        `a direct statement selected a column of adapter type ${type}, which queryRows does not read; select it as text or send the statement through $queryRaw`,
      );
  }
}
