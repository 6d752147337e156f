import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { runSeed } from './db/seed/index.ts';
import { createMerchantRepository, MerchantNotFoundError } from './modules/merchant/index.ts';
import type { AppConfig } from './platform/config.ts';
import { type Database, databaseTarget, openDatabase } from './platform/db.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** Base URL the server listens on, e.g. http://127.0.0.1:8080. */
  url: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens the database, applies migrations and the seed, checks the merchant exists. */
export async function prepareDatabase(config: AppConfig): Promise<Database> {
  const database = await openDatabase(databaseTarget(config));
  try {
    await database.migrate();
    await runSeed(database.db);
    if (!(await createMerchantRepository(database.db).findByCode(config.merchantCode))) {
      throw new MerchantNotFoundError(config.merchantCode);
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

export async function startServer(
  config: AppConfig,
  options: { logger?: FastifyServerOptions['logger']; startedAt?: number } = {},
): Promise<RunningServer> {
  const startedAt = options.startedAt ?? Date.now();
  const database = await prepareDatabase(config);
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      startedAt,
      ...(options.logger !== undefined && { logger: options.logger }),
    });
    app.addHook('onClose', async () => database.close());
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  app.log.info(
    { url, database: database.kind, merchant: config.merchantCode, startupMs: Date.now() - startedAt },
    `site ready at ${url}/m/home (API docs at ${url}/api/docs)`,
  );
  return { app, url, close: () => app.close() };
}
