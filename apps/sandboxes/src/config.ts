import { isAbsolute, resolve } from 'node:path';
import {
  DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
  DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
} from '@kl/signing/development';
import { z } from 'zod';

/**
 * The sandboxes process's environment (docs/decisions/036-sandboxes-process.md), read here only. It
 * stands in for outside parties, so it knows the site as they do: its address and the keys it shares.
 */

/** The port the sandboxes listen on when SANDBOXES_PORT is unset. */
export const DEFAULT_SANDBOXES_PORT = 8090;

const httpUrl = z
  .string()
  .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), {
    error: 'must be an http or https URL, like http://127.0.0.1:8080',
  })
  .transform((value) => value.replace(/\/+$/, ''));
const secret = (minLength: number) =>
  z.string().regex(new RegExp(`^[\\x21-\\x7e]{${minLength},}$`), {
    error: `must be at least ${minLength} printable ASCII characters without spaces`,
  });
const port = z
  .string()
  .regex(/^\d{1,5}$/, { error: 'must be a port number' })
  .transform(Number)
  .refine((value) => value <= 65_535, { error: 'must be a port number' });

const envSchema = z.object({
  SANDBOXES_PORT: port.default(DEFAULT_SANDBOXES_PORT),
  SANDBOXES_HOST: z.string().default('127.0.0.1'),
  /** The site as the gateway and the provider call it (its callback, its wallet API). */
  SANDBOXES_SITE_URL: httpUrl.optional(),
  PORT: port.optional(),
  PAYMENT_CALLBACK_SECRET: secret(16).optional(),
  SANDBOX_PROVIDER_SECRET: secret(32).optional(),
  SANDBOXES_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  DATA_DIR: z.string().default('./data'),
  SANDBOXES_DATA_DIR: z.string().optional(),
  SANDBOX_PROVIDER_SCHEDULER: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  DEV_CLOCK: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export interface SandboxesConfig {
  port: number;
  host: string;
  /** The site's base URL (`http://127.0.0.1:8080`): the payment callback and the wallet API are under it. */
  siteUrl: string;
  /** The key the gateway signs its callbacks with and checks the site's payment links with. */
  paymentCallbackSecret: string;
  /** The sandbox provider's key at the site's wallet. */
  providerSecret: string;
  /** PostgreSQL of the provider's tables; unset: the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * Absolute path of the provider's embedded database folder: SANDBOXES_DATA_DIR, by default beside the
   * site's (`<DATA_DIR>-sandboxes`; the site's folder is its database's own).
   */
  dataDir: string;
  /**
   * The provider's timer (table rounds, settlements, the sports programme) runs in this process: by
   * default outside tests; SANDBOX_PROVIDER_SCHEDULER=on (the end-to-end run) or off decides.
   */
  providerScheduler: boolean;
  /** PUT /dev/clock moves this process's clock (DEV_CLOCK=1, like the site's: end-to-end journeys). */
  devClock: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  nodeEnv: z.infer<typeof envSchema>['NODE_ENV'];
}

export class SandboxesConfigError extends Error {
  override name = 'SandboxesConfigError';
}

/** Reads the environment; an empty variable counts as unset. Throws naming every bad variable. */
export function loadSandboxesConfig(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): SandboxesConfig {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((name) => {
      const value = env[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new SandboxesConfigError(
      parsed.error.issues
        .map((issue) => `Invalid configuration: ${String(issue.path[0])} ${issue.message}`)
        .join('\n'),
    );
  }
  const vars = parsed.data;
  if (vars.NODE_ENV === 'production') {
    throw new SandboxesConfigError(
      'The sandboxes stand in for outside parties: never run them in production.',
    );
  }
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  const dataDir = absolute(vars.SANDBOXES_DATA_DIR ?? `${vars.DATA_DIR.replace(/[/\\]+$/, '')}-sandboxes`);
  return {
    port: vars.SANDBOXES_PORT,
    host: vars.SANDBOXES_HOST,
    siteUrl: vars.SANDBOXES_SITE_URL ?? `http://127.0.0.1:${vars.PORT ?? 8080}`,
    paymentCallbackSecret: vars.PAYMENT_CALLBACK_SECRET ?? DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
    providerSecret: vars.SANDBOX_PROVIDER_SECRET ?? DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
    databaseUrl: vars.SANDBOXES_DATABASE_URL,
    dataDir,
    providerScheduler:
      vars.SANDBOX_PROVIDER_SCHEDULER === undefined
        ? vars.NODE_ENV !== 'test'
        : vars.SANDBOX_PROVIDER_SCHEDULER === 'on',
    devClock: vars.DEV_CLOCK === '1',
    logLevel: vars.LOG_LEVEL,
    nodeEnv: vars.NODE_ENV,
  };
}
