import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FirebaseWebConfig } from '@kl/contracts/accounts';
import { EXPORT_MAX_ROWS } from '@kl/contracts/admin/exports';
import {
  DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
  DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
} from '@kl/signing/development';
import { z } from 'zod';
import { parseSecretKeys, sameSecretKey, SECRET_KEY_BYTES, SecretKey } from './secret-box.ts';

/**
 * The environment of the server, read and validated here only (docs/conventions.md, "Configuration and time").
 * `loadConfig` is pure: it takes the environment and the current directory and returns a typed config, or
 * throws a ConfigError naming every bad variable.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type NodeEnv = 'development' | 'production' | 'test';

/** Where the Vite build of the web app lands when WEB_DIST is not set: <repo>/apps/web/dist. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** Where the Vite build of the back office lands when ADMIN_DIST is not set: <repo>/apps/admin/dist. */
export const DEFAULT_ADMIN_DIST = fileURLToPath(new URL('../../../admin/dist', import.meta.url));
/** Agent settlements above this amount (minor units) wait for finance's approval, by default (docs/agents.md). */
export const DEFAULT_AGENT_SETTLEMENT_APPROVAL_THRESHOLD = 10_000_000;

/** Google's X.509 certificates of the keys that sign Firebase ID tokens (kid → PEM). */
export const DEFAULT_FIREBASE_CERTS_URL =
  'https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';

/**
 * Settings of operator pages and calls that no longer exist (docs/decisions/048-operator-sessions-only.md):
 * every operator works in the back office, signed in as themselves. A configuration that still sets one
 * starts, with a warning that it is ignored (`retiredSettingsWarning`).
 */
export const RETIRED_VARIABLES = ['OPS_TOKEN', 'CHAT_OPERATOR_TOKEN'] as const;
/** The stand-ins' keys outside production when theirs are unset (shared with apps/sandboxes). */
export { DEVELOPMENT_PAYMENT_CALLBACK_SECRET, DEVELOPMENT_SANDBOX_PROVIDER_SECRET };
/**
 * The payment page of the sandbox gateway (apps/sandboxes, on its default port) where the site sends
 * members to pay outside production when PAYMENT_GATEWAY_URL is unset.
 */
export const DEVELOPMENT_PAYMENT_GATEWAY_URL = 'http://127.0.0.1:8090/gateway/pay';
/** The sandbox provider in the sandboxes process, on its default port (SANDBOX_PROVIDER_URL unset). */
export const DEVELOPMENT_SANDBOX_PROVIDER_URL = 'http://127.0.0.1:8090';

/**
 * The key secrets are sealed under in the database outside production when SECRET_KEYS is unset
 * (docs/decisions/034-secrets-at-rest.md): fixed and public, and named so in every value sealed under it.
 */
const DEVELOPMENT_KEY_MATERIAL = createHash('sha256')
  .update('kimlong development secret key, not for production')
  .digest();
const DEVELOPMENT_SECRET_KEY = new SecretKey('dev', DEVELOPMENT_KEY_MATERIAL);
export const DEVELOPMENT_SECRET_KEYS: readonly SecretKey[] = [DEVELOPMENT_SECRET_KEY];
/** The development key written as SECRET_KEYS (refused in production, whatever its id). */
export const DEVELOPMENT_SECRET_KEYS_VALUE = `dev:${DEVELOPMENT_KEY_MATERIAL.toString('base64')}`;

/** PAYMENT_CALLBACK_SECRET must be at least this long in production. */
export const MIN_PRODUCTION_CALLBACK_SECRET_LENGTH = 32;

const flag = z.enum(['0', '1'], { error: 'must be 0 or 1' }).transform((value) => value === '1');

/**
 * Whom the server believes about the client's address, scheme and host (X-Forwarded-For, -Proto, -Host;
 * docs/decisions/035-client-address-and-cross-site-requests.md): nobody (`false`), the nearest `n` proxies
 * (a hop count), or the proxies at these addresses and CIDR ranges. Never everybody: the left-most
 * X-Forwarded-For entry is whatever the client wrote.
 */
export type TrustProxy = false | number | readonly string[];

/** The most proxy hops TRUST_PROXY may count. */
export const MAX_PROXY_HOPS = 9;
export const TRUST_PROXY_RULE =
  `must be 0, a number of proxy hops from 1 to ${MAX_PROXY_HOPS}, or a comma-separated list of the ` +
  'proxies’ addresses or CIDR ranges, like 127.0.0.1,10.0.0.0/8,::1';

/** Why one entry of a TRUST_PROXY list is refused, or undefined when it is an address or a CIDR range. */
function proxyEntryProblem(entry: string): string | undefined {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || address.includes('%')) return TRUST_PROXY_RULE;
  if (prefix === undefined) return undefined;
  const bits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return TRUST_PROXY_RULE;
  if (Number(prefix) === 0) return `must not trust every address (${entry}): name the proxies`;
  return undefined;
}

const trustProxy = z.string().transform((value, context): TrustProxy => {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_PROXY_HOPS) return hops === 0 ? false : hops;
    context.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const problem = entries.map(proxyEntryProblem).find((reason) => reason !== undefined);
  if (problem === undefined) return entries;
  context.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
});

/** What MERCHANT_CODE (and `npm run merchant:create -- --code`) accepts: the merchant table's key. */
export const MERCHANT_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{1,31}$/;
export const MERCHANT_CODE_RULE = 'must be 2 to 32 lowercase letters, digits, - or _';

const port = z
  .string()
  .regex(/^\d+$/, { error: 'must be a whole number from 0 to 65535' })
  .transform(Number)
  .refine((value) => value <= 65535, { error: 'must be a whole number from 0 to 65535' });

const postgresUrl = z.string().refine(
  (value) => {
    if (!URL.canParse(value)) return false;
    const { protocol, hostname } = new URL(value);
    return (protocol === 'postgres:' || protocol === 'postgresql:') && hostname !== '';
  },
  { error: 'must be a URL like postgres://user:password@host:5432/database' },
);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An https URL; plain http only towards this machine (a local stand-in of the certificate service). */
const certificatesUrl = z.string().refine(
  (value) => {
    if (!URL.canParse(value)) return false;
    const { protocol, hostname } = new URL(value);
    return protocol === 'https:' || (protocol === 'http:' && LOOPBACK_HOSTS.has(hostname));
  },
  { error: 'must be an https URL (http only for localhost)' },
);

/** A Google API key, as Firebase gives a web app: `AIza` and 35 letters, digits, - or _. */
const firebaseWebApiKey = z.string().regex(/^AIza[0-9A-Za-z_-]{35}$/, {
  error: 'must be the web API key of the Firebase project (AIza followed by 35 letters, digits, - or _)',
});

/** A host name without scheme, port or path (it goes into the CSP as https://<host>). */
const hostName = z
  .string()
  .transform((value) => value.toLowerCase())
  .refine(
    (value) =>
      value.length <= 253 &&
      /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(value),
    { error: 'must be a host name such as <project>.firebaseapp.com (no https://, port or path)' },
  );

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:[\]-]+$/, { error: 'must be a host name or an IP address' })
    .default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  DEV_OUTBOX: flag.optional(),
  DEV_CLOCK: flag.optional(),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  MERCHANT_CODE: z.string().regex(MERCHANT_CODE_PATTERN, { error: MERCHANT_CODE_RULE }).default('kimlong'),
  SEED_DEMO: flag.optional(),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  AGENT_SETTLEMENT_APPROVAL_THRESHOLD: z
    .string()
    .regex(/^\d+$/, { error: 'must be a whole number of minor units' })
    .transform(Number)
    .default(DEFAULT_AGENT_SETTLEMENT_APPROVAL_THRESHOLD),
  RATE_LIMIT_MAX: z
    .string()
    .regex(/^[1-9]\d*$/, { error: 'must be a positive whole number (requests per minute per IP)' })
    .transform(Number)
    .default(300),
  EXPORT_MAX_ROWS: z
    .string()
    .regex(/^[1-9]\d{0,6}$/, { error: 'must be a whole number of rows from 1 to 9999999' })
    .transform(Number)
    .default(EXPORT_MAX_ROWS),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, {
      error: 'must be a Firebase project id: 6 to 30 lowercase letters, digits or -, starting with a letter',
    })
    .optional(),
  FIREBASE_CERTS_URL: certificatesUrl.default(DEFAULT_FIREBASE_CERTS_URL),
  FIREBASE_WEB_API_KEY: firebaseWebApiKey.optional(),
  FIREBASE_AUTH_DOMAIN: hostName.optional(),
  FIREBASE_PHONE_AUTH: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  PAYMENT_GATEWAY_URL: z
    .string()
    .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), {
      error: 'must be an http or https URL, like https://pay.example.com/pay',
    })
    .optional(),
  SANDBOX_PROVIDER: flag.optional(),
  SANDBOX_PROVIDER_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{32,}$/, { error: 'must be at least 32 printable ASCII characters without spaces' })
    .optional(),
  SANDBOX_PROVIDER_URL: z
    .string()
    .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), {
      error: 'must be an http or https URL, like http://127.0.0.1:8090',
    })
    .optional(),
  LOTTERY_SCHEDULER: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  AGENT_SETTLEMENT_SCHEDULER: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  ANSWER_CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  PAYMENT_CALLBACK_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, { error: 'must be at least 16 printable ASCII characters without spaces' })
    .optional(),
  /** Read by parseSecretKeys once the schema passed (its problems name the entry, not the value). */
  SECRET_KEYS: z.string().optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the embedded database folder (unused when databaseUrl is set). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** GET /api/dev/outbox answers only when on; never on in production. */
  devOutbox: boolean;
  /** PUT /api/dev/clock moves the server's clock (end-to-end tests close a day); never in production. */
  devClock: boolean;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  /** Which proxies tell the client's address, scheme and host (TRUST_PROXY); `false` none. */
  trustProxy: TrustProxy;
  merchantCode: string;
  /** Absolute path of the built web app served under /m/. */
  webDist: string;
  /** Absolute path of the built back office served under /admin/. */
  adminDist: string;
  /**
   * What an agent is paid at once in a GMT+8 day (minor units, the running total of its settlements);
   * a settlement beyond it waits for finance's approval (docs/agents.md, "Paid at once, by running total").
   */
  agentSettlementApprovalThreshold: number;
  /** Requests per minute per client IP on /api. */
  rateLimitMax: number;
  /** The most rows one back-office CSV export writes; a longer list is refused (docs/back-office.md, "Exports"). */
  exportMaxRows: number;
  /** The Firebase project whose ID tokens log members in (Google, Facebook, phone); unset → quick login off. */
  firebaseProjectId: string | undefined;
  /** Where the certificates of Firebase's signing keys are fetched (kid → PEM, JSON). */
  firebaseCertsUrl: string;
  /** Public web API key of the Firebase project (the browser's Google / Facebook sign-in). */
  firebaseWebApiKey: string | undefined;
  /** Host of Firebase's sign-in pages (`<project>.firebaseapp.com` or a custom domain). */
  firebaseAuthDomain: string | undefined;
  /**
   * The Firebase project signs in by phone (its Phone provider is enabled in the Firebase console): the SMS
   * login's code is then sent and checked by Firebase instead of the site's SMS gateway. Off by default.
   */
  firebasePhoneAuth: boolean;
  /**
   * The payment gateway's page a member is sent to, with a signed link, to pay a deposit order
   * (docs/decisions/036-sandboxes-process.md); outside production the sandbox gateway's by default, in
   * production none unless set (orders then show the transfer details only).
   */
  paymentGatewayUrl: string | undefined;
  /**
   * HMAC-SHA256 key shared with the payment gateway (its callbacks, the site's payment links); outside
   * production the development key when unset (required with DATABASE_URL); in production unset refuses
   * every callback.
   */
  paymentCallbackSecret: string | undefined;
  /**
   * The sandbox game provider (docs/decisions/026-sandbox-provider.md): on outside production, off in it
   * unless SANDBOX_PROVIDER=1 (then with SANDBOX_PROVIDER_SECRET).
   */
  sandboxProvider: boolean;
  /**
   * The sandbox provider's signing key at the wallet; a fixed development key outside production when
   * unset (required with DATABASE_URL while the provider is on).
   */
  sandboxProviderSecret: string;
  /**
   * Where the sandbox provider is (its base URL, SANDBOX_PROVIDER_URL): its game client calls its API
   * there and the reconciliation fetches its report; outside production the sandboxes process on
   * 127.0.0.1:8090 by default (docs/decisions/036-sandboxes-process.md).
   */
  sandboxProviderUrl: string;
  /**
   * The demo seed (db/seed: the demo merchant kimlong, its members, catalogue, channels, promotions…) runs
   * at start: by default outside production only; SEED_DEMO=1 asks for it in production too (a demo site),
   * SEED_DEMO=0 keeps a development database free of it. A real merchant comes from `npm run merchant:create`.
   */
  seedDemo: boolean;
  /**
   * The lottery's draw scheduler runs in this process: by default outside tests; LOTTERY_SCHEDULER=on
   * (the end-to-end server) or off (a process that only answers calls) decides.
   */
  lotteryScheduler: boolean;
  /**
   * The agent settlement scheduler (docs/agents.md) runs in this process: by default outside tests;
   * AGENT_SETTLEMENT_SCHEDULER=on or off decides.
   */
  agentSettlementScheduler: boolean;
  /**
   * Answers the same for everyone are kept in memory until an operator's change (docs/decisions/
   * 022-api-caching.md): by default outside tests (whose fixtures write to the database directly);
   * ANSWER_CACHE=on or off decides.
   */
  answerCache: boolean;
  /**
   * The keys the secrets stored in the database are sealed under (docs/decisions/034-secrets-at-rest.md):
   * the first seals, every one opens. SECRET_KEYS; outside production the development key when unset,
   * except with DATABASE_URL (docs/decisions/042-scheduler-leader.md).
   */
  secretKeys: readonly SecretKey[];
  /** The retired settings (RETIRED_VARIABLES) the environment still sets: ignored, named in a warning. */
  ignoredVariables: readonly string[];
}

/**
 * The warning for the start's log when the environment still sets retired settings: they are ignored,
 * and operators sign in to the back office instead (docs/decisions/048-operator-sessions-only.md).
 */
export function retiredSettingsWarning(config: Pick<AppConfig, 'ignoredVariables'>): string | undefined {
  if (config.ignoredVariables.length === 0) return undefined;
  return (
    `${config.ignoredVariables.join(' and ')} ${config.ignoredVariables.length === 1 ? 'is' : 'are'} ` +
    'ignored: the shared-token operator pages and calls are gone; operators sign in to the back office ' +
    'at /admin with their own accounts (docs/decisions/048-operator-sessions-only.md). Remove ' +
    `${config.ignoredVariables.length === 1 ? 'it' : 'them'} from the configuration`
  );
}

/**
 * The Firebase web configuration when the three variables are set, else null (the social buttons stay
 * hidden; verifying ID tokens needs FIREBASE_PROJECT_ID only).
 */
export function firebaseWebSettings(
  config: Pick<AppConfig, 'firebaseProjectId' | 'firebaseWebApiKey' | 'firebaseAuthDomain'>,
): FirebaseWebConfig | null {
  const { firebaseProjectId: projectId, firebaseWebApiKey: apiKey, firebaseAuthDomain: authDomain } = config;
  if (projectId === undefined || apiKey === undefined || authDomain === undefined) return null;
  return { apiKey, authDomain, projectId };
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly { variable: string; reason: string }[]) {
    super(problems.map((problem) => `${problem.variable} ${problem.reason}`).join('; '));
    this.name = 'ConfigError';
  }

  /** One line per bad variable: `Invalid configuration: PORT must be …`. */
  toLines(): string[] {
    return this.problems.map((problem) => `Invalid configuration: ${problem.variable} ${problem.reason}`);
  }
}

type Environment = Record<string, string | undefined>;
type Variables = z.infer<typeof envSchema>;
type Variable = keyof Variables;
type Problem = ConfigError['problems'][number];

/** A rule that holds in production (or with DATABASE_URL): `broken` answers whether the parsed variables break it. */
interface ConditionalRule {
  variable: Variable;
  reason: string;
  broken(vars: Variables): boolean;
}

/** Credentials that must be long in production when they are set. */
const PRODUCTION_MIN_LENGTHS: readonly (readonly [Variable, number])[] = [
  ['PAYMENT_CALLBACK_SECRET', MIN_PRODUCTION_CALLBACK_SECRET_LENGTH],
];

const PRODUCTION_RULES: readonly ConditionalRule[] = [
  ...PRODUCTION_MIN_LENGTHS.map(([variable, minLength]): ConditionalRule => ({
    variable,
    reason: `must be at least ${minLength} characters in production`,
    broken: (vars) => {
      const value = vars[variable];
      return typeof value === 'string' && value.length < minLength;
    },
  })),
  {
    variable: 'PAYMENT_CALLBACK_SECRET',
    reason: 'must be set when PAYMENT_GATEWAY_URL is set in production',
    broken: (vars) => vars.PAYMENT_GATEWAY_URL !== undefined && vars.PAYMENT_CALLBACK_SECRET === undefined,
  },
  {
    variable: 'PAYMENT_CALLBACK_SECRET',
    reason: 'must not be the development key in production',
    broken: (vars) => vars.PAYMENT_CALLBACK_SECRET === DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
  },
  {
    variable: 'SANDBOX_PROVIDER_SECRET',
    reason: 'must be set when SANDBOX_PROVIDER=1 in production',
    broken: (vars) => vars.SANDBOX_PROVIDER === true && vars.SANDBOX_PROVIDER_SECRET === undefined,
  },
  {
    variable: 'SANDBOX_PROVIDER_URL',
    reason: 'must be set when SANDBOX_PROVIDER=1 in production',
    broken: (vars) => vars.SANDBOX_PROVIDER === true && vars.SANDBOX_PROVIDER_URL === undefined,
  },
  {
    variable: 'SECRET_KEYS',
    reason: `must be set in production: comma-separated <key id>:<base64 of ${SECRET_KEY_BYTES} bytes>, the first encrypting`,
    broken: (vars) => vars.SECRET_KEYS === undefined,
  },
];

/**
 * With DATABASE_URL several processes may share the database (docs/decisions/042-scheduler-leader.md): the
 * keys they must agree on are given explicitly, even outside production, instead of each process falling
 * back on its own to the development ones (a process started without them beside others started with them
 * would seal secrets under the public key, or refuse the callbacks the others accept). In production the
 * rules above already ask for them where a fallback would apply.
 */
const SHARED_DATABASE_RULES: readonly ConditionalRule[] = [
  {
    variable: 'SECRET_KEYS',
    reason:
      'must be set when DATABASE_URL is set: every process on the database seals and opens its secrets under the same keys',
    broken: (vars) => vars.SECRET_KEYS === undefined,
  },
  {
    variable: 'PAYMENT_CALLBACK_SECRET',
    reason:
      'must be set when DATABASE_URL is set: every process on the database checks the gateway’s callbacks with the same key',
    broken: (vars) => vars.NODE_ENV !== 'production' && vars.PAYMENT_CALLBACK_SECRET === undefined,
  },
  {
    variable: 'SANDBOX_PROVIDER_SECRET',
    reason:
      'must be set when DATABASE_URL is set and the sandbox provider is on: every process on the database checks its calls with the same key',
    broken: (vars) =>
      (vars.SANDBOX_PROVIDER ?? vars.NODE_ENV !== 'production') && vars.SANDBOX_PROVIDER_SECRET === undefined,
  },
];

/**
 * The web configuration is all or nothing: half of it would silently hide the social buttons. Setting
 * the key or the domain asks for all three (the project alone is enough to verify ID tokens).
 */
const FIREBASE_WEB_ONLY_VARIABLES = ['FIREBASE_WEB_API_KEY', 'FIREBASE_AUTH_DOMAIN'] as const;
const FIREBASE_WEB_VARIABLES = ['FIREBASE_PROJECT_ID', ...FIREBASE_WEB_ONLY_VARIABLES] as const;

function problemsOf(issues: readonly z.core.$ZodIssue[]): Problem[] {
  return issues.map((issue) => ({ variable: String(issue.path[0] ?? 'environment'), reason: issue.message }));
}

export function loadConfig(env: Environment, cwd: string = process.cwd()): AppConfig {
  // An empty variable counts as unset (`DATABASE_URL= npm start`).
  const present: Partial<Record<Variable, string>> = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((name) => {
      const value = env[name];
      return value === undefined || value.trim() === '' ? [] : [[name, value.trim()]];
    }),
  );

  // Every problem is collected and thrown together. A variable that fails its own check is left out of
  // the checks that follow (they see it as unset), so it is named once.
  const problems: Problem[] = [];
  const reported = (variable: string) => problems.some((problem) => problem.variable === variable);
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) problems.push(...problemsOf(parsed.error.issues));
  const rest = parsed.success
    ? parsed
    : envSchema.safeParse(Object.fromEntries(Object.entries(present).filter(([name]) => !reported(name))));
  if (!rest.success) throw new ConfigError([...problems, ...problemsOf(rest.error.issues)]);
  const vars = rest.data;
  const production = vars.NODE_ENV === 'production';

  const rules = [
    ...(production ? PRODUCTION_RULES : []),
    ...(vars.DATABASE_URL === undefined ? [] : SHARED_DATABASE_RULES),
  ];
  for (const rule of rules) {
    if (!reported(rule.variable) && rule.broken(vars)) {
      problems.push({ variable: rule.variable, reason: rule.reason });
    }
  }

  if (FIREBASE_WEB_ONLY_VARIABLES.some((name) => present[name] !== undefined)) {
    for (const variable of FIREBASE_WEB_VARIABLES) {
      if (present[variable] === undefined) {
        problems.push({
          variable,
          reason:
            'must be set together with FIREBASE_PROJECT_ID, FIREBASE_WEB_API_KEY and FIREBASE_AUTH_DOMAIN',
        });
      }
    }
  }

  let secretKeys = DEVELOPMENT_SECRET_KEYS;
  if (vars.SECRET_KEYS !== undefined) {
    const read = parseSecretKeys(vars.SECRET_KEYS);
    if ('problems' in read) {
      problems.push(...read.problems.map((reason) => ({ variable: 'SECRET_KEYS', reason })));
    } else if (production && read.keys.some((key) => sameSecretKey(key, DEVELOPMENT_SECRET_KEY))) {
      problems.push({ variable: 'SECRET_KEYS', reason: 'must not hold the development key in production' });
    } else {
      secretKeys = read.keys;
    }
  }

  if (problems.length > 0) throw new ConfigError(problems);

  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: absolute(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    devOutbox: !production && (vars.DEV_OUTBOX ?? true),
    devClock: !production && (vars.DEV_CLOCK ?? false),
    nodeEnv: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    merchantCode: vars.MERCHANT_CODE,
    seedDemo: vars.SEED_DEMO ?? !production,
    webDist: vars.WEB_DIST === undefined ? DEFAULT_WEB_DIST : absolute(vars.WEB_DIST),
    adminDist: vars.ADMIN_DIST === undefined ? DEFAULT_ADMIN_DIST : absolute(vars.ADMIN_DIST),
    agentSettlementApprovalThreshold: vars.AGENT_SETTLEMENT_APPROVAL_THRESHOLD,
    rateLimitMax: vars.RATE_LIMIT_MAX,
    exportMaxRows: vars.EXPORT_MAX_ROWS,
    firebaseProjectId: vars.FIREBASE_PROJECT_ID,
    firebaseCertsUrl: vars.FIREBASE_CERTS_URL,
    firebaseWebApiKey: vars.FIREBASE_WEB_API_KEY,
    firebaseAuthDomain: vars.FIREBASE_AUTH_DOMAIN,
    firebasePhoneAuth: vars.FIREBASE_PHONE_AUTH === 'on',
    paymentGatewayUrl: vars.PAYMENT_GATEWAY_URL ?? (production ? undefined : DEVELOPMENT_PAYMENT_GATEWAY_URL),
    paymentCallbackSecret:
      vars.PAYMENT_CALLBACK_SECRET ?? (production ? undefined : DEVELOPMENT_PAYMENT_CALLBACK_SECRET),
    sandboxProvider: vars.SANDBOX_PROVIDER ?? !production,
    sandboxProviderSecret: vars.SANDBOX_PROVIDER_SECRET ?? DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
    sandboxProviderUrl: (vars.SANDBOX_PROVIDER_URL ?? DEVELOPMENT_SANDBOX_PROVIDER_URL).replace(/\/+$/, ''),
    lotteryScheduler:
      vars.LOTTERY_SCHEDULER === undefined ? vars.NODE_ENV !== 'test' : vars.LOTTERY_SCHEDULER === 'on',
    agentSettlementScheduler:
      vars.AGENT_SETTLEMENT_SCHEDULER === undefined
        ? vars.NODE_ENV !== 'test'
        : vars.AGENT_SETTLEMENT_SCHEDULER === 'on',
    answerCache: vars.ANSWER_CACHE === undefined ? vars.NODE_ENV !== 'test' : vars.ANSWER_CACHE === 'on',
    secretKeys,
    ignoredVariables: RETIRED_VARIABLES.filter((name) => (env[name] ?? '').trim() !== ''),
  };
}
