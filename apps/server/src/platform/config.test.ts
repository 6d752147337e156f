import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_FIREBASE_CERTS_URL,
  DEFAULT_AGENT_SETTLEMENT_APPROVAL_THRESHOLD,
  DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
  DEVELOPMENT_PAYMENT_GATEWAY_URL,
  DEFAULT_ADMIN_DIST,
  DEFAULT_WEB_DIST,
  DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
  DEVELOPMENT_SECRET_KEYS,
  DEVELOPMENT_SECRET_KEYS_VALUE,
  firebaseWebSettings,
  loadConfig,
  MAX_PROXY_HOPS,
  retiredSettingsWarning,
  TRUST_PROXY_RULE,
} from './config.ts';
import { createSecretBox } from './secret-box.ts';

const KEY_2 = randomBytes(32).toString('base64');
const KEY_1 = randomBytes(32).toString('base64');
/** A production environment with the keys it must have. */
const PRODUCTION = { NODE_ENV: 'production', SECRET_KEYS: `k2:${KEY_2}` } as const;

const WEB_API_KEY = 'AIzaSyA1b2C3d4E5f6G7h8I9j0K_l-M1n2O3p4Q';
const WEB_TRIO = {
  FIREBASE_PROJECT_ID: 'kimlong-web',
  FIREBASE_WEB_API_KEY: WEB_API_KEY,
  FIREBASE_AUTH_DOMAIN: 'kimlong-web.firebaseapp.com',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/site');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).toLines();
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({}, '/srv/site')).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/site/data',
      databaseUrl: undefined,
      devOutbox: true,
      devClock: false,
      nodeEnv: 'development',
      logLevel: 'info',
      trustProxy: false,
      merchantCode: 'kimlong',
      seedDemo: true,
      webDist: DEFAULT_WEB_DIST,
      adminDist: DEFAULT_ADMIN_DIST,
      agentSettlementApprovalThreshold: DEFAULT_AGENT_SETTLEMENT_APPROVAL_THRESHOLD,
      rateLimitMax: 300,
      exportMaxRows: 100_000,
      firebaseProjectId: undefined,
      firebaseCertsUrl: DEFAULT_FIREBASE_CERTS_URL,
      firebaseWebApiKey: undefined,
      firebaseAuthDomain: undefined,
      firebasePhoneAuth: false,
      paymentGatewayUrl: DEVELOPMENT_PAYMENT_GATEWAY_URL,
      paymentCallbackSecret: DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
      sandboxProvider: true,
      sandboxProviderSecret: DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
      sandboxProviderUrl: 'http://127.0.0.1:8090',
      lotteryScheduler: true,
      agentSettlementScheduler: true,
      answerCache: true,
      secretKeys: DEVELOPMENT_SECRET_KEYS,
      ignoredVariables: [],
    });
    expect(DEFAULT_FIREBASE_CERTS_URL).toBe(
      'https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com',
    );
    expect(DEFAULT_WEB_DIST).toMatch(/apps\/web\/dist$/);
    expect(DEFAULT_ADMIN_DIST).toMatch(/apps\/admin\/dist$/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '18080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/kl',
        DATABASE_URL: 'postgres://kl:secret@db.internal:5432/kl',
        DEV_OUTBOX: '0',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        MERCHANT_CODE: 'other_site',
        WEB_DIST: 'web',
        ADMIN_DIST: 'admin',
        AGENT_SETTLEMENT_APPROVAL_THRESHOLD: '2000000',
        RATE_LIMIT_MAX: '50',
        EXPORT_MAX_ROWS: '5000',
        FIREBASE_PROJECT_ID: 'kimlong-web',
        FIREBASE_CERTS_URL: 'https://keys.example.com/x509',
        FIREBASE_WEB_API_KEY: WEB_API_KEY,
        FIREBASE_AUTH_DOMAIN: 'Login.Example.com',
        FIREBASE_PHONE_AUTH: 'on',
        LOTTERY_SCHEDULER: 'on',
        AGENT_SETTLEMENT_SCHEDULER: 'off',
        ANSWER_CACHE: 'off',
        SEED_DEMO: '0',
        SANDBOX_PROVIDER: '0',
        SANDBOX_PROVIDER_SECRET: 'p'.repeat(32),
        SANDBOX_PROVIDER_URL: 'https://games.example.com/',
        PAYMENT_GATEWAY_URL: 'https://pay.example.com/checkout',
        PAYMENT_CALLBACK_SECRET: 'c'.repeat(32),
        SECRET_KEYS: `k2:${KEY_2},k1:${KEY_1}`,
      },
      '/srv/site',
    );
    expect(config).toEqual({
      port: 18080,
      host: '0.0.0.0',
      dataDir: '/var/lib/kl',
      databaseUrl: 'postgres://kl:secret@db.internal:5432/kl',
      devOutbox: false,
      devClock: false,
      nodeEnv: 'test',
      logLevel: 'warn',
      trustProxy: 1,
      merchantCode: 'other_site',
      seedDemo: false,
      webDist: '/srv/site/web',
      adminDist: '/srv/site/admin',
      agentSettlementApprovalThreshold: 2_000_000,
      rateLimitMax: 50,
      exportMaxRows: 5000,
      firebaseProjectId: 'kimlong-web',
      firebaseCertsUrl: 'https://keys.example.com/x509',
      firebaseWebApiKey: WEB_API_KEY,
      firebaseAuthDomain: 'login.example.com',
      firebasePhoneAuth: true,
      paymentGatewayUrl: 'https://pay.example.com/checkout',
      paymentCallbackSecret: 'c'.repeat(32),
      sandboxProvider: false,
      sandboxProviderSecret: 'p'.repeat(32),
      sandboxProviderUrl: 'https://games.example.com',
      lotteryScheduler: true,
      agentSettlementScheduler: false,
      answerCache: false,
      secretKeys: [expect.objectContaining({ id: 'k2' }), expect.objectContaining({ id: 'k1' })],
      ignoredVariables: [],
    });
  });

  it('seals under the first of SECRET_KEYS and opens under all; outside production a development key', () => {
    const sealedUnderK1 = createSecretBox(loadConfig({ SECRET_KEYS: `k1:${KEY_1}` }).secretKeys).seal(
      'totp',
      'operator.totp_secret:1',
    );
    const rotating = createSecretBox(loadConfig({ SECRET_KEYS: ` k2:${KEY_2} , k1:${KEY_1} ` }).secretKeys);
    expect(rotating.currentKeyId).toBe('k2');
    expect(rotating.open(sealedUnderK1, 'operator.totp_secret:1')).toBe('totp');

    const development = loadConfig({ NODE_ENV: 'development' }).secretKeys;
    expect(development.map((key) => key.id)).toEqual(['dev']);
    expect(loadConfig({ NODE_ENV: 'test' }).secretKeys).toBe(development);
  });

  it('refuses to start in production without SECRET_KEYS, or with the development key', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'Invalid configuration: SECRET_KEYS must be set in production: comma-separated <key id>:<base64 of 32 bytes>, the first encrypting',
    ]);
    expect(loadConfig(PRODUCTION).secretKeys.map((key) => key.id)).toEqual(['k2']);
    const renamed = DEVELOPMENT_SECRET_KEYS_VALUE.replace(/^dev:/, 'prod:');
    for (const value of [DEVELOPMENT_SECRET_KEYS_VALUE, `k2:${KEY_2},${renamed}`]) {
      expect(problemsOf({ ...PRODUCTION, SECRET_KEYS: value })).toEqual([
        'Invalid configuration: SECRET_KEYS must not hold the development key in production',
      ]);
    }
    // Outside production it is the key used when none is set.
    const development = createSecretBox(
      loadConfig({ SECRET_KEYS: DEVELOPMENT_SECRET_KEYS_VALUE }).secretKeys,
    );
    const sealed = createSecretBox(DEVELOPMENT_SECRET_KEYS).seal('totp', 'operator.totp_secret:1');
    expect(development.open(sealed, 'operator.totp_secret:1')).toBe('totp');
  });

  it('asks, with DATABASE_URL, for the keys every process on the database must share, even outside production', () => {
    const DATABASE_URL = 'postgres://kl:secret@db.internal:5432/kl';
    for (const NODE_ENV of ['development', 'test']) {
      expect(problemsOf({ NODE_ENV, DATABASE_URL })).toEqual([
        'Invalid configuration: SECRET_KEYS must be set when DATABASE_URL is set: every process on the database seals and opens its secrets under the same keys',
        'Invalid configuration: PAYMENT_CALLBACK_SECRET must be set when DATABASE_URL is set: every process on the database checks the gateway’s callbacks with the same key',
        'Invalid configuration: SANDBOX_PROVIDER_SECRET must be set when DATABASE_URL is set and the sandbox provider is on: every process on the database checks its calls with the same key',
      ]);
    }
    // The sandbox provider off, its key is not needed.
    expect(
      problemsOf({ DATABASE_URL, SANDBOX_PROVIDER: '0', PAYMENT_CALLBACK_SECRET: 'c'.repeat(32) }),
    ).toEqual([
      'Invalid configuration: SECRET_KEYS must be set when DATABASE_URL is set: every process on the database seals and opens its secrets under the same keys',
    ]);
    // Given, the development keys too outside production: every process then says the same.
    const shared = loadConfig({
      DATABASE_URL,
      SECRET_KEYS: DEVELOPMENT_SECRET_KEYS_VALUE,
      PAYMENT_CALLBACK_SECRET: DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
      SANDBOX_PROVIDER_SECRET: DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
    });
    expect(shared).toMatchObject({
      databaseUrl: DATABASE_URL,
      paymentCallbackSecret: DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
      sandboxProviderSecret: DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
    });
    expect(shared.secretKeys.map((key) => key.id)).toEqual(['dev']);
    // In production nothing falls back: without a gateway every process refuses the callbacks, and the
    // sandbox provider is off unless asked for with its key. SECRET_KEYS is named once.
    expect(loadConfig({ ...PRODUCTION, DATABASE_URL }).paymentCallbackSecret).toBeUndefined();
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL })).toEqual([
      'Invalid configuration: SECRET_KEYS must be set in production: comma-separated <key id>:<base64 of 32 bytes>, the first encrypting',
    ]);
    // Without DATABASE_URL (one process on its embedded database) the development keys stand in.
    expect(loadConfig({ NODE_ENV: 'development' }).paymentCallbackSecret).toBe(
      DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
    );
  });

  it.each([
    ['no key', 'k2', 'SECRET_KEYS entry 1 must be <key id>:<base64 of 32 bytes>'],
    [
      'a bad key id',
      `Key 2:${KEY_2}`,
      'SECRET_KEYS entry 1: the key id must be 1 to 16 of a-z, 0-9 and -, starting with a letter or digit',
    ],
    [
      'a short key',
      `k2:${KEY_2},k1:${KEY_1.slice(4)}`,
      'SECRET_KEYS entry 2: the key must be 32 bytes in base64 (44 characters)',
    ],
    ['a key id twice', `k2:${KEY_2},k2:${KEY_1}`, 'SECRET_KEYS entry 2 repeats the key id of entry 1'],
  ])('refuses SECRET_KEYS with %s, in production and outside it', (_case, value, message) => {
    for (const env of [{ SECRET_KEYS: value }, { ...PRODUCTION, SECRET_KEYS: value }]) {
      const lines = problemsOf(env);
      expect(lines).toEqual([`Invalid configuration: ${message}`]);
      expect(lines.join('\n')).not.toContain(KEY_2);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }, '/srv').databaseUrl).toBeUndefined();
    expect(loadConfig({ PORT: '' }, '/srv').port).toBe(8080);
  });

  it('runs the sandbox provider outside production, and in production only when asked with its key', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sandboxProvider).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SANDBOX_PROVIDER: '0' }).sandboxProvider).toBe(false);
    expect(loadConfig({ ...PRODUCTION }).sandboxProvider).toBe(false);
    const secret = 'k'.repeat(32);
    expect(
      loadConfig({
        ...PRODUCTION,
        SANDBOX_PROVIDER: '1',
        SANDBOX_PROVIDER_SECRET: secret,
        SANDBOX_PROVIDER_URL: 'https://games.example.com',
      }),
    ).toMatchObject({
      sandboxProvider: true,
      sandboxProviderSecret: secret,
      sandboxProviderUrl: 'https://games.example.com',
    });
    expect(problemsOf({ ...PRODUCTION, SANDBOX_PROVIDER: '1' })).toEqual([
      'Invalid configuration: SANDBOX_PROVIDER_SECRET must be set when SANDBOX_PROVIDER=1 in production',
      'Invalid configuration: SANDBOX_PROVIDER_URL must be set when SANDBOX_PROVIDER=1 in production',
    ]);
    expect(problemsOf({ SANDBOX_PROVIDER_SECRET: 'short' })[0]).toContain('SANDBOX_PROVIDER_SECRET');
    expect(problemsOf({ SANDBOX_PROVIDER_URL: 'ftp://games' })[0]).toContain('SANDBOX_PROVIDER_URL');
  });

  it('sends members to the sandbox gateway outside production, and in production to the gateway it is given', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({
      paymentGatewayUrl: 'http://127.0.0.1:8090/gateway/pay',
      paymentCallbackSecret: DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
    });
    expect(loadConfig({ ...PRODUCTION })).toMatchObject({
      paymentGatewayUrl: undefined,
      paymentCallbackSecret: undefined,
    });
    const secret = 's'.repeat(32);
    const gateway = 'https://pay.example.com/checkout';
    expect(
      loadConfig({ ...PRODUCTION, PAYMENT_GATEWAY_URL: gateway, PAYMENT_CALLBACK_SECRET: secret }),
    ).toMatchObject({ paymentGatewayUrl: gateway, paymentCallbackSecret: secret });
    expect(problemsOf({ ...PRODUCTION, PAYMENT_GATEWAY_URL: gateway })).toEqual([
      'Invalid configuration: PAYMENT_CALLBACK_SECRET must be set when PAYMENT_GATEWAY_URL is set in production',
    ]);
    expect(
      problemsOf({ ...PRODUCTION, PAYMENT_CALLBACK_SECRET: DEVELOPMENT_PAYMENT_CALLBACK_SECRET }),
    ).toEqual([
      'Invalid configuration: PAYMENT_CALLBACK_SECRET must not be the development key in production',
    ]);
    expect(problemsOf({ PAYMENT_GATEWAY_URL: 'ftp://pay' })[0]).toContain('PAYMENT_GATEWAY_URL');
    expect(problemsOf({ ...PRODUCTION, PAYMENT_CALLBACK_SECRET: 's'.repeat(20) })).toEqual([
      'Invalid configuration: PAYMENT_CALLBACK_SECRET must be at least 32 characters in production',
    ]);
    expect(problemsOf({ PAYMENT_CALLBACK_SECRET: 'short' })[0]).toContain('PAYMENT_CALLBACK_SECRET');
  });

  it('runs the lottery scheduler outside tests unless told, and refuses other words', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).lotteryScheduler).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', LOTTERY_SCHEDULER: 'on' }).lotteryScheduler).toBe(true);
    expect(loadConfig(PRODUCTION).lotteryScheduler).toBe(true);
    expect(loadConfig({ LOTTERY_SCHEDULER: 'off' }).lotteryScheduler).toBe(false);
    expect(() => loadConfig({ LOTTERY_SCHEDULER: 'yes' })).toThrow(/LOTTERY_SCHEDULER/);
  });

  it('runs the demo seed outside production unless told, and in production only when asked', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION }).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(problemsOf({ SEED_DEMO: 'true' })).toEqual(['Invalid configuration: SEED_DEMO must be 0 or 1']);
  });

  it('reads TRUST_PROXY as off, a number of proxy hops, or the proxies’ addresses and ranges', () => {
    const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy(String(MAX_PROXY_HOPS))).toBe(MAX_PROXY_HOPS);
    expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxy('127.0.0.1,10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(trustProxy(' 192.168.1.10 , fd00::/8 ,172.16.0.0/12 ')).toEqual([
      '192.168.1.10',
      'fd00::/8',
      '172.16.0.0/12',
    ]);
    expect(trustProxy('10.1.2.3/32')).toEqual(['10.1.2.3/32']);
  });

  it('turns the development outbox off in production whatever DEV_OUTBOX says', () => {
    expect(loadConfig({ ...PRODUCTION }).devOutbox).toBe(false);
    expect(loadConfig({ ...PRODUCTION, DEV_OUTBOX: '1' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_OUTBOX: '0' }).devOutbox).toBe(false);
    // The development clock is off unless asked for, and never in production.
    expect(loadConfig({ NODE_ENV: 'development' }).devClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_CLOCK: '1' }).devClock).toBe(true);
    expect(loadConfig({ ...PRODUCTION, DEV_CLOCK: '1' }).devClock).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535'],
    [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535'],
    [{ DATABASE_URL: 'not-a-url' }, 'DATABASE_URL must be a URL like postgres://'],
    [{ DATABASE_URL: 'mysql://db/kl' }, 'DATABASE_URL must be a URL like postgres://'],
    [{ DEV_OUTBOX: 'yes' }, 'DEV_OUTBOX must be 0 or 1'],
    ...['true', 'yes', '*', '-1', '1.5', '10', '0x1', 'proxy.internal', '127.0.0.1,', '10.0.0.0/8,,::1'].map(
      (value) => [{ TRUST_PROXY: value }, `TRUST_PROXY ${TRUST_PROXY_RULE}`],
    ),
    ...[
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.0/8/8',
      '10.0.0.0/x',
      '[::1]',
      'fe80::1%eth0',
      '127.0.0.1:8080',
    ].map((value) => [{ TRUST_PROXY: value }, `TRUST_PROXY ${TRUST_PROXY_RULE}`]),
    // Trusting every address would take X-Forwarded-For's left-most entry, which the client writes.
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY must not trust every address (0.0.0.0/0): name the proxies'],
    [{ TRUST_PROXY: '10.0.0.1, ::/0' }, 'TRUST_PROXY must not trust every address (::/0): name the proxies'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be development, production or test'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ HOST: 'local host' }, 'HOST must be a host name or an IP address'],
    [{ MERCHANT_CODE: 'Kim Long' }, 'MERCHANT_CODE must be 2 to 32 lowercase letters'],
    [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX must be a positive whole number'],
    [{ EXPORT_MAX_ROWS: '0' }, 'EXPORT_MAX_ROWS must be a whole number of rows from 1 to 9999999'],
    [{ EXPORT_MAX_ROWS: '10000000' }, 'EXPORT_MAX_ROWS must be a whole number of rows from 1 to 9999999'],
    [{ FIREBASE_PROJECT_ID: 'Kim Long' }, 'FIREBASE_PROJECT_ID must be a Firebase project id'],
    [{ FIREBASE_PROJECT_ID: 'kl' }, 'FIREBASE_PROJECT_ID must be a Firebase project id'],
    [{ FIREBASE_PROJECT_ID: 'kimlong-' }, 'FIREBASE_PROJECT_ID must be a Firebase project id'],
    [{ FIREBASE_CERTS_URL: 'not a url' }, 'FIREBASE_CERTS_URL must be an https URL'],
    [{ FIREBASE_CERTS_URL: 'http://keys.example.com/x509' }, 'FIREBASE_CERTS_URL must be an https URL'],
    ...[
      'kimlong-web',
      `AIza${'x'.repeat(34)}`,
      `AIza${'x'.repeat(36)}`,
      `AIza${'x'.repeat(34)}.`,
      `BIza${'x'.repeat(35)}`,
    ].map((key) => [
      { ...WEB_TRIO, FIREBASE_WEB_API_KEY: key },
      'FIREBASE_WEB_API_KEY must be the web API key of the Firebase project',
    ]),
    ...[
      'https://kimlong-web.firebaseapp.com',
      'kimlong-web.firebaseapp.com/',
      'kimlong-web.firebaseapp.com:443',
      'kimlong-web',
      'auth.example.com; script-src *',
      '-bad.example.com',
    ].map((domain) => [
      { ...WEB_TRIO, FIREBASE_AUTH_DOMAIN: domain },
      'FIREBASE_AUTH_DOMAIN must be a host name',
    ]),
  ] as [Record<string, string>, string][])('rejects %o naming the variable', (env, expected) => {
    const lines = problemsOf(env);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Invalid configuration: ${expected}`);
  });

  it('reads the Firebase web configuration, whole or not at all', () => {
    expect(firebaseWebSettings(loadConfig(WEB_TRIO))).toEqual({
      apiKey: WEB_API_KEY,
      authDomain: 'kimlong-web.firebaseapp.com',
      projectId: 'kimlong-web',
    });
    // Verifying ID tokens needs the project only; the browser's sign-in needs all three.
    const projectOnly = loadConfig({ FIREBASE_PROJECT_ID: 'kimlong-web' });
    expect(projectOnly.firebaseProjectId).toBe('kimlong-web');
    expect(firebaseWebSettings(projectOnly)).toBeNull();
    expect(firebaseWebSettings(loadConfig({}))).toBeNull();
    const together =
      'must be set together with FIREBASE_PROJECT_ID, FIREBASE_WEB_API_KEY and FIREBASE_AUTH_DOMAIN';
    expect(problemsOf({ FIREBASE_PROJECT_ID: 'kimlong-web', FIREBASE_WEB_API_KEY: WEB_API_KEY })).toEqual([
      `Invalid configuration: FIREBASE_AUTH_DOMAIN ${together}`,
    ]);
    expect(problemsOf({ FIREBASE_AUTH_DOMAIN: 'kimlong-web.firebaseapp.com' })).toEqual([
      `Invalid configuration: FIREBASE_PROJECT_ID ${together}`,
      `Invalid configuration: FIREBASE_WEB_API_KEY ${together}`,
    ]);
  });

  it('never puts the web API key in a message', () => {
    const lines = problemsOf({ FIREBASE_WEB_API_KEY: WEB_API_KEY });
    expect(lines.join('\n')).not.toContain(WEB_API_KEY);
  });

  it('lists every bad variable at once', () => {
    const lines = problemsOf({ PORT: 'abc', DATABASE_URL: 'not-a-url', DEV_OUTBOX: '2' });
    expect(lines.map((line) => line.split(' ')[2])).toEqual(['PORT', 'DATABASE_URL', 'DEV_OUTBOX']);
  });

  it('lists the production problems together with the other bad variables', () => {
    expect(
      problemsOf({
        ...PRODUCTION,
        PORT: 'abc',
        PAYMENT_GATEWAY_URL: 'https://pay.example.com',
      }),
    ).toEqual([
      'Invalid configuration: PORT must be a whole number from 0 to 65535',
      'Invalid configuration: PAYMENT_CALLBACK_SECRET must be set when PAYMENT_GATEWAY_URL is set in production',
    ]);
  });

  it('names a variable once when it breaks both its format and a production rule', () => {
    expect(
      problemsOf({
        ...PRODUCTION,
        PAYMENT_GATEWAY_URL: 'https://pay.example.com',
        PAYMENT_CALLBACK_SECRET: 'two words',
      }),
    ).toEqual([
      'Invalid configuration: PAYMENT_CALLBACK_SECRET must be at least 16 printable ASCII characters without spaces',
    ]);
  });

  it('starts with the retired operator tokens set, ignoring them and saying so', () => {
    const config = loadConfig({ ...PRODUCTION, OPS_TOKEN: 'short', CHAT_OPERATOR_TOKEN: 'two words' });
    expect(config.ignoredVariables).toEqual(['OPS_TOKEN', 'CHAT_OPERATOR_TOKEN']);
    expect(Object.keys(config).some((key) => /token/i.test(key))).toBe(false);
    expect(retiredSettingsWarning(config)).toMatch(
      /^OPS_TOKEN and CHAT_OPERATOR_TOKEN are ignored: .*back office at \/admin/,
    );
    const one = loadConfig({ CHAT_OPERATOR_TOKEN: 'a-long-chat-operator-token' });
    expect(retiredSettingsWarning(one)).toMatch(/^CHAT_OPERATOR_TOKEN is ignored: .* Remove it from/);
    expect(retiredSettingsWarning(loadConfig({ OPS_TOKEN: ' ' }))).toBeUndefined();
    expect(retiredSettingsWarning(loadConfig({}))).toBeUndefined();
  });

  it('accepts a plain http FIREBASE_CERTS_URL only towards this machine', () => {
    const url = 'http://127.0.0.1:18999/x509';
    expect(loadConfig({ FIREBASE_CERTS_URL: url }).firebaseCertsUrl).toBe(url);
    expect(loadConfig({ FIREBASE_CERTS_URL: 'http://localhost/x509' }).firebaseCertsUrl).toBe(
      'http://localhost/x509',
    );
  });

  it('never puts the value of a variable in the message', () => {
    const [line] = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/kl' });
    expect(line).not.toContain('hunter2');
  });
});
