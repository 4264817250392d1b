import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { dropSchema, newSchema, postgresUrl } from '@zilch/testkit';
import { PreparedTexts, preparedPool } from '../src/store/pg-prepared.ts';

describe('which texts run as named statements', () => {
  it('names a data statement only after it ran often enough, and never more than the cap', () => {
    const t = new PreparedTexts({ after: 3, most: 2, counted: 100 });
    expect(t.nameFor('select 1')).toBeNull();
    expect(t.nameFor('select 1')).toBeNull();
    const first = t.nameFor('select 1');
    expect(first).toMatch(/^zilch_\d+$/);
    expect(t.nameFor('select 1')).toBe(first);
    for (let i = 0; i < 3; i++) t.nameFor('  WITH u AS (select 2) select * from u');
    expect(t.size).toBe(2);
    for (let i = 0; i < 10; i++) expect(t.nameFor('update x set a = 1')).toBeNull();
  });

  it('leaves schema changes and transaction control unnamed', () => {
    const t = new PreparedTexts({ after: 1, most: 10, counted: 100 });
    expect(t.nameFor('create table x (a int)')).toBeNull();
    expect(t.nameFor('begin')).toBeNull();
    expect(t.nameFor('commit')).toBeNull();
    expect(t.nameFor('select 1')).not.toBeNull();
  });

  it('never gives a second text the name of one still prepared, after a refusal', () => {
    const t = new PreparedTexts({ after: 1, most: 10, counted: 100 });
    const a = t.nameFor('select 1');
    const b = t.nameFor('select 2');
    t.refuse('select 1');
    expect(t.nameFor('select 1')).toBeNull();
    // `b` is still prepared on the connections, and so is `a`: a new text gets neither name.
    const c = t.nameFor('select 3');
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('forgets counts past its bound instead of growing', () => {
    const t = new PreparedTexts({ after: 3, most: 10, counted: 4 });
    for (let i = 0; i < 100; i++) t.nameFor(`select ${i}`);
    // Every count started over before reaching 3, so nothing was named.
    expect(t.size).toBe(0);
  });
});

const url = await postgresUrl();

describe.skipIf(!url)('named statements on PostgreSQL', () => {
  const schema = newSchema();
  const pool = new pg.Pool({
    connectionString: url as string,
    max: 2,
    options: `-c search_path=${schema}`,
  });
  afterAll(async () => {
    await pool.end();
    await dropSchema(url as string, schema);
  });

  it('gives the same answers named as unnamed, and survives a table changed under it', async () => {
    await pool.query(`create schema if not exists ${schema}`);
    await pool.query('create table t (a integer)');
    await pool.query('insert into t values (1), (2)');
    const texts = new PreparedTexts({ after: 2, most: 10, counted: 100 });
    const c = await preparedPool(pool, texts).connect();
    try {
      const rows: unknown[] = [];
      for (let i = 0; i < 4; i++)
        rows.push(
          (await c.query<{ a: number }>('select * from t where a >= $1 order by a', [1])).rows,
        );
      expect(texts.size).toBe(1);
      for (const r of rows) expect(r).toEqual([{ a: 1 }, { a: 2 }]);
      // The connection really holds it as a prepared statement.
      const held = await c.query<{ n: string }>(
        'select count(*)::text as n from pg_prepared_statements',
        [],
      );
      expect(held.rows[0]?.n).toBe('1');
      // Another process's migration changes the row type: the named plan no longer fits.
      await pool.query('alter table t add column b integer default 7');
      const after = await c.query<{ a: number; b: number }>(
        'select * from t where a >= $1 order by a',
        [1],
      );
      expect(after.rows).toEqual([
        { a: 1, b: 7 },
        { a: 2, b: 7 },
      ]);
      expect(texts.size).toBe(0);
    } finally {
      c.release();
    }
  });
});
