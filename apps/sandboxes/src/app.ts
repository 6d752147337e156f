import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { devClockRequest } from '@kl/contracts/status';
import type { SandboxesConfig } from './config.ts';
import { registerGateway } from './gateway/routes.ts';
import { registerErrorHandler } from './platform/api.ts';
import type { Clock } from './platform/clock.ts';
import { openProviderDatabase } from './platform/db.ts';
import { createSandboxProviderModule, type SandboxProviderModule } from './provider/index.ts';

export interface SandboxesAppOptions {
  config: Pick<SandboxesConfig, 'siteUrl' | 'paymentCallbackSecret' | 'logLevel'> &
    Partial<
      Pick<SandboxesConfig, 'providerSecret' | 'databaseUrl' | 'dataDir' | 'providerScheduler' | 'devClock'>
    >;
  /** The current time; the system's by default. */
  clock?: Clock;
  /** How the gateway reaches the site; Node's fetch by default (tests may hand the site's inject). */
  fetch?: typeof fetch;
  logger?: FastifyServerOptions['logger'];
  /**
   * The sandbox provider: by default made from the configuration on its own database; a module made by
   * the caller (tests: their database, clock and timers); or false for the gateway alone.
   */
  provider?: SandboxProviderModule | false;
}

/** The provider's API is called by its game client on the site's pages: another origin, a bearer token. */
const PROVIDER_PREFIX = '/api/sandbox-provider/';
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST',
  'access-control-allow-headers': 'authorization, content-type, accept, accept-language, x-module-id',
  'access-control-max-age': '600',
};

/**
 * The sandboxes process (docs/decisions/036-sandboxes-process.md): the stand-ins of the site's outside
 * parties — the payment gateway and the game provider — on a Fastify of their own. They reach the site
 * only over HTTP, as the real parties do.
 */
export async function buildSandboxesApp(options: SandboxesAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 64 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // DEV_CLOCK: a clock PUT /dev/clock moves, as the site's (end-to-end journeys move both together).
  let offsetMs = 0;
  const base = options.clock ?? (() => new Date());
  const clock: Clock = config.devClock ? () => new Date(base().getTime() + offsetMs) : base;
  if (config.devClock) {
    app.put('/dev/clock', { schema: { body: devClockRequest } }, async (request) => {
      offsetMs = (request.body as { offsetMs: number }).offsetMs;
      return { now: clock().toISOString(), offsetMs };
    });
  }
  await registerGateway(app, {
    siteUrl: config.siteUrl,
    secret: config.paymentCallbackSecret,
    clock,
    ...(options.fetch && { fetch: options.fetch }),
  });
  app.get('/health', async () => ({ ok: true }));

  let provider = options.provider;
  let closeDatabase: (() => Promise<void>) | undefined;
  if (provider === undefined) {
    if (config.providerSecret === undefined) throw new Error('the sandbox provider needs its key');
    const database = await openProviderDatabase(config);
    closeDatabase = () => database.close();
    provider = createSandboxProviderModule({
      db: database.db,
      clock,
      secret: config.providerSecret,
      walletUrl: () => config.siteUrl,
      scheduler: config.providerScheduler ?? true,
    });
  }
  if (provider) {
    const module = provider;
    await app.register(async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        if (request.url.startsWith(PROVIDER_PREFIX)) reply.headers(CORS_HEADERS);
      });
      api.options(`${PROVIDER_PREFIX}*`, async (_request, reply) => reply.code(204).send());
      await module.register(api);
    });
    module.attach(app);
  }
  if (closeDatabase) app.addHook('onClose', closeDatabase);
  return app;
}
