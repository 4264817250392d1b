// A server migrating its schema while another schema on the same database is dropped (another
// server's, a test run's) must not fail: CI once lost a run to "schema … does not exist".
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dropSchema, newSchema, postgresUrl } from '@zilch/testkit';
import { loadConfig } from '../src/config/config.ts';
import { openDb } from '../src/store/db.ts';

const url = await postgresUrl();

describe.skipIf(!url)('migrating on PostgreSQL', () => {
  it('is not upset by other schemas being created and dropped meanwhile', async () => {
    const churn = new pg.Client({ connectionString: url as string });
    await churn.connect();
    let stop = false;
    let dropped = 0;
    // Schemas with tables and serial columns come and go as fast as the database allows.
    const churning = (async () => {
      while (!stop) {
        const s = newSchema('zilch_churn');
        await churn.query(
          `create schema ${s}; create table ${s}.t (id serial primary key, a int); create table ${s}.u (b int)`,
        );
        await churn.query(`drop schema ${s} cascade`);
        dropped++;
      }
    })();
    const mine: string[] = [];
    try {
      for (let i = 0; i < 12; i++) {
        const schema = newSchema('zilch_race');
        mine.push(schema);
        const c = loadConfig({ DATABASE_URL: url as string, ZILCH_PG_SCHEMA: schema });
        if (!c.ok) throw new Error(c.message);
        const db = await openDb(c.config);
        await db.close();
      }
    } finally {
      stop = true;
      await churning;
      await churn.end();
      for (const s of mine) await dropSchema(url as string, s);
    }
    expect(dropped).toBeGreaterThan(12);
  }, 60_000);
});
