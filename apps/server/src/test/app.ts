import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import { type AppConfig, loadConfig } from '../platform/config.ts';
import type { Database } from '../platform/db.ts';
import { loggerOptions } from '../platform/logger.ts';

/**
 * The variables a production configuration needs besides NODE_ENV, for commands and processes started
 * under NODE_ENV=production: a key of SECRET_KEYS made for the test run.
 */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  SECRET_KEYS: `test:${randomBytes(32).toString('base64')}`,
} as const;

/** The configuration of a test app: defaults of the environment, quiet logs, no built web app. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test' }, tmpdir()),
    logLevel: 'silent',
    webDist: join(tmpdir(), 'kl-no-web-dist'),
    ...overrides,
  };
}

export async function buildTestApp(
  database: Database,
  options: { config?: Partial<AppConfig> } & Omit<Partial<AppOptions>, 'config' | 'database'> = {},
): Promise<FastifyInstance> {
  const { config, ...rest } = options;
  const app = await buildApp({ config: testConfig(config), database, ...rest });
  return app;
}

/** A log destination that keeps the JSON lines (of `level` and above) for assertions. */
export function captureLogs(level: Parameters<typeof loggerOptions>[0] = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, logger: loggerOptions(level, stream) };
}

/** Answers of the API are JSON envelopes; this reads one. */
export function json<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}
