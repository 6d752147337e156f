import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { DEMO_MERCHANT_CODE, runSeed } from './db/seed/index.ts';
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

/**
 * The merchant MERCHANT_CODE names is not in the database: the message says how to create it (still a
 * MerchantNotFoundError). main.ts prints it and exits with 1.
 */
export class MerchantMissingAtStartError extends MerchantNotFoundError {
  constructor(code: string, config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>) {
    super(code);
    const where = config.databaseUrl
      ? 'DATABASE_URL'
      : `DATA_DIR (${config.dataDir}), with the server stopped`;
    const demo =
      code === DEMO_MERCHANT_CODE
        ? ` For the demo merchant instead, run \`npm run seed:demo\` or start outside production (SEED_DEMO=1).`
        : '';
    this.message =
      `Merchant ${code} does not exist in the database. Create it once with ` +
      `\`npm run merchant:create -- --code ${code} --name "<site name>" --domain <main domain>\` ` +
      `on the same ${where}, then start again.${demo}`;
    this.name = 'MerchantMissingAtStartError';
  }
}

/**
 * Applies the migrations to an open database, then the demo seed when the configuration asks for it
 * (SEED_DEMO: by default outside production only), and checks that the merchant exists. Production thus
 * starts with migrations only: its merchant comes from `npm run merchant:create`
 * (docs/decisions/018-demo-seed-and-merchant-setup.md).
 */
export async function readyDatabase(
  database: Database,
  config: Pick<AppConfig, 'seedDemo' | 'merchantCode' | 'databaseUrl' | 'dataDir'>,
): Promise<void> {
  // The seed runs under the migrations' lock: processes started together seed once, one after the other
  // (the seed only inserts what is missing, so the next finds nothing to do).
  await database.migrate(config.seedDemo ? () => runSeed(database.db) : undefined);
  if (!(await createMerchantRepository(database.db).findByCode(config.merchantCode))) {
    throw new MerchantMissingAtStartError(config.merchantCode, config);
  }
}

/** Opens the database and readies it (readyDatabase); closed again when that fails. */
export async function prepareDatabase(config: AppConfig): Promise<Database> {
  const database = await openDatabase(databaseTarget(config));
  try {
    await readyDatabase(database, config);
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
