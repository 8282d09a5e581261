import { describe, expect, it } from 'vitest';
import { splitSqlStatements } from '../../src/store/sql-statements.js';

describe('splitSqlStatements', () => {
  it('splits on semicolons and drops comment-only pieces', () => {
    const script = '-- CreateTable\nCREATE TABLE a (x int);\n\n-- CreateIndex\nCREATE INDEX i ON a (x);\n-- trailing note\n';
    expect(splitSqlStatements(script)).toEqual(['-- CreateTable\nCREATE TABLE a (x int)', '-- CreateIndex\nCREATE INDEX i ON a (x)']);
  });

  it('keeps semicolons inside comments, strings, identifiers and dollar quotes', () => {
    const script = [
      "INSERT INTO t VALUES ('a;b', 'it''s; fine')",
      'CREATE TABLE "odd;name" (x int) /* block; comment */',
      'CREATE FUNCTION f() RETURNS int AS $body$ BEGIN RETURN 1; END; $body$ LANGUAGE plpgsql',
      'DO $$ BEGIN PERFORM 1; END $$',
      '-- a comment; with a semicolon\nSELECT 1',
    ];
    expect(splitSqlStatements(`${script.join(';\n')};`)).toEqual(script);
  });
});
