import { createRequire } from 'node:module';
import type * as KyselyModule from 'kysely';

// Kysely's ES module build is ~290 files, and Node loads each ES module dearly: at startup
// it cost more than the rest of the store. Its CommonJS build is the same code and loads in
// about two thirds of the time. Every value the store uses comes from here, so only one copy
// of Kysely is ever loaded (types may still be imported from 'kysely' directly).
const kysely = createRequire(import.meta.url)('kysely') as typeof KyselyModule;

export const { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } = kysely;
/** The query builder's type, under the same name as its class. */
export type Kysely<DB> = KyselyModule.Kysely<DB>;
