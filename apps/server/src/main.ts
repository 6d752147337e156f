import { ConfigError, loadConfig } from './platform/config.ts';

/** Hard limit for a graceful shutdown; past it the process exits with 1. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const startedAt = Date.now();

function readConfig() {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.toLines()) console.error(line);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();

// The server's modules (Fastify, the database drivers, every route) load once the configuration is
// known to be sound: a bad one is reported at once, without loading them.
const { startServer } = await import('./server.ts');

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer(config, { startedAt });
} catch (error) {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
}

let closing = false;
async function shutdown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  server.app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const timer = setTimeout(() => {
    server.app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    await server.close();
    server.app.log.info('stopped');
    process.exit(0);
  } catch (error) {
    server.app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.on('SIGTERM', (signal) => void shutdown(signal));
process.on('SIGINT', (signal) => void shutdown(signal));
