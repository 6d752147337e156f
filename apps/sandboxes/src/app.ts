import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { SandboxesConfig } from './config.ts';
import { registerGateway } from './gateway/routes.ts';

export interface SandboxesAppOptions {
  config: Pick<SandboxesConfig, 'siteUrl' | 'paymentCallbackSecret' | 'logLevel'>;
  /** The current time; the system's by default. */
  clock?: () => Date;
  /** How the stand-ins reach the site; Node's fetch by default (tests may hand the site's inject). */
  fetch?: typeof fetch;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The sandboxes process (docs/decisions/036-sandboxes-process.md): the stand-ins of the site's outside
 * parties on a Fastify of their own. They reach the site only over HTTP, as the real parties do.
 */
export async function buildSandboxesApp(options: SandboxesAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 64 * 1024,
  });
  const clock = options.clock ?? (() => new Date());
  await registerGateway(app, {
    siteUrl: config.siteUrl,
    secret: config.paymentCallbackSecret,
    clock,
    ...(options.fetch && { fetch: options.fetch }),
  });
  app.get('/health', async () => ({ ok: true }));
  return app;
}
