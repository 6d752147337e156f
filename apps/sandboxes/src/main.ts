import { buildSandboxesApp } from './app.ts';
import { loadSandboxesConfig, SandboxesConfigError } from './config.ts';

/**
 * `node --import tsx apps/sandboxes/src/main.ts`: the stand-ins of the site's outside parties in one
 * process, on SANDBOXES_PORT (docs/decisions/036-sandboxes-process.md). `npm start` starts it beside the
 * site outside production (scripts/start.mjs).
 */
let config;
try {
  config = loadSandboxesConfig(process.env);
} catch (error) {
  if (!(error instanceof SandboxesConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const app = await buildSandboxesApp({ config });
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'sandboxes stopping');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'sandboxes did not close cleanly');
        process.exit(1);
      },
    );
  });
}
await app.listen({ port: config.port, host: config.host });
