import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from '../db/schema.ts';

/**
 * The sandbox provider's own database (docs/decisions/036-sandboxes-process.md): an embedded PGlite in
 * its data folder by default, or PostgreSQL at SANDBOXES_DATABASE_URL. It shares nothing with the site's.
 */

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository runs its statements on: the database, or the caller's transaction. */
export type DbOrTx = Db | Tx;

export interface ProviderDatabase {
  db: Db;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../db/migrations', import.meta.url));

/**
 * Opens the database and applies its migrations: PostgreSQL at `databaseUrl`, else PGlite in `dataDir`
 * (undefined: in memory, for tests).
 */
export async function openProviderDatabase(target: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
}): Promise<ProviderDatabase> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 5 });
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, close: () => pool.end() };
  }
  // PGlite creates only the last folder of its path.
  if (target.dataDir) await mkdir(dirname(target.dataDir), { recursive: true });
  const client = await PGlite.create({ ...(target.dataDir && { dataDir: target.dataDir }) });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, close: () => client.close() };
}
