/**
 * Splits a migration script into its statements.
 *
 * Prisma's own migrate sends a whole script at once over PostgreSQL's simple query protocol.
 * Through Prisma Client a raw query is always a prepared statement, which PostgreSQL (and
 * PGlite) refuse when it holds more than one command, so the migrator runs the statements one
 * by one. Semicolons inside comments, quoted strings, quoted identifiers and dollar-quoted
 * bodies do not end a statement. (Backslash escapes in E'…' strings are not understood: keep
 * them out of migrations.)
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < script.length) {
    const char = script[i];
    const next = script[i + 1];
    if (char === '-' && next === '-') {
      i = endOf(script, '\n', i + 2);
    } else if (char === '/' && next === '*') {
      i = endOf(script, '*/', i + 2);
    } else if (char === "'" || char === '"') {
      // A doubled quote inside the literal reads as the literal ending and a new one starting,
      // which leaves the scan in the right place.
      i = endOf(script, char, i + 1);
    } else if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0];
      i = tag ? endOf(script, tag, i + tag.length) : i + 1;
    } else if (char === ';') {
      statements.push(script.slice(start, i));
      i += 1;
      start = i;
    } else {
      i += 1;
    }
  }
  statements.push(script.slice(start));
  return statements.filter((statement) => !isBlank(statement)).map((statement) => statement.trim());
}

/** The index just past the next `terminator` at or after `from`, or the end of the script. */
function endOf(script: string, terminator: string, from: number): number {
  const at = script.indexOf(terminator, from);
  return at === -1 ? script.length : at + terminator.length;
}

/** True when a piece holds nothing but whitespace and comments. */
function isBlank(statement: string): boolean {
  return statement.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim() === '';
}
