import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_EXIT } from './db/seed/commands.ts';
import { createMerchant } from './db/seed/merchant.ts';
import { gameProvider, operator } from './db/schema/index.ts';
import { createTwoFactorRepository } from './modules/auth/index.ts';
import { createOperatorRepository } from './modules/back-office/index.ts';
import { createTestMember } from './modules/wallet/testing.ts';
import { newTotpSecret } from './platform/totp.ts';
import {
  createProviderRegistry,
  createProviderWalletRepository,
  type ProviderWalletService,
} from './modules/provider-wallet/index.ts';
import {
  launchableGameId,
  registerTestProvider,
  signedRequest,
  TEST_PROVIDER,
  type TestProvider,
  testProviderWallet,
} from './modules/provider-wallet/testing.ts';
import { DAY_MS } from './platform/clock.ts';
import type { Db } from './platform/db.ts';
import { createSecretBox, type SecretBox, SecretKey } from './platform/secret-box.ts';
import { rotateColumn } from './platform/secret-rotation.ts';
import { runSecretsRotate, SECRETS_ROTATE_USAGE, secretColumns } from './secrets-rotate.ts';
import { buildTestApp, json } from './test/app.ts';
import { createOperator, signInOperator } from './test/back-office.ts';
import { describeEachDatabase, openDataDirCopy } from './test/databases.ts';
import { useTestApp } from './test/suite.ts';

/**
 * Secrets at rest (docs/decisions/034-secrets-at-rest.md): what the database holds of the operators'
 * TOTP secrets and the providers' signing keys is sealed, the sign-in and the signed wallet calls work
 * on it, and `npm run secrets:rotate` moves every value to the current key (legacy plaintext ones too).
 */

const keyA = new SecretKey('key-a', randomBytes(32));
const keyB = new SecretKey('key-b', randomBytes(32));
const boxA = createSecretBox([keyA]);

const LEGACY_PROVIDER: TestProvider = {
  code: 'legacyprov',
  name: 'Legacy provider',
  secret: 'legacy-provider-secret-0123456789abcdef',
};
const ROTATED_PROVIDER: TestProvider = {
  code: 'rotatedprov',
  name: 'Rotated provider',
  secret: 'rotated-provider-secret-0123456789abcdef',
};
/** A provider of another protocol, whose settings (its keys) are sealed too. */
const PROTOCOL_PROVIDER: TestProvider = {
  code: 'protocolprov',
  name: 'Protocol provider',
  secret: 'protocol-provider-secret-0123456789abcdef',
};
const PROTOCOL_SETTINGS = JSON.stringify({ hub88PublicKey: 'public', operatorPrivateKey: 'private' });

async function storedTotpSecret(db: Db, operatorId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ secret: operator.totpSecret })
    .from(operator)
    .where(eq(operator.id, operatorId));
  return row?.secret;
}

async function storedProviderKey(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ secret: gameProvider.secret })
    .from(gameProvider)
    .where(eq(gameProvider.code, code));
  return row?.secret;
}

/** The key id of every stored secret, by column (undefined: plain text). */
async function keyIdsOf(db: Db, box: SecretBox): Promise<Record<string, (string | undefined)[]>> {
  const ids: Record<string, (string | undefined)[]> = {};
  for (const column of secretColumns(db, box)) {
    ids[column.name] = (await column.stored()).map((secret) => box.keyIdOf(secret.stored));
  }
  return ids;
}

describeEachDatabase('secrets at rest', { embedded: true }, (kind) => {
  const t = useTestApp(kind, { config: { secretKeys: [keyA] } });
  let wallet: ProviderWalletService;
  let gameId: string;

  beforeAll(async () => {
    wallet = await registerTestProvider(t.database.current.db, t.time.clock, TEST_PROVIDER, boxA);
    gameId = await launchableGameId(t.database.current.db);
  });

  /**
   * A member launched at the provider (by `on`'s wallet), and the provider's authenticate call to `on`'s
   * app signed with `secret`.
   */
  async function authenticate(
    on: { app: FastifyInstance; wallet: ProviderWalletService },
    provider: TestProvider,
    secret = provider.secret,
  ) {
    const { row } = await t.newMember();
    const { token } = await on.wallet.issueLaunchToken({
      merchantCode: 'kimlong',
      memberId: row.id,
      providerCode: provider.code,
      gameId,
    });
    const response = await on.app.inject(
      signedRequest(provider, 'authenticate', { token }, t.time.clock(), { secret }),
    );
    return { status: response.statusCode, ...json<{ code?: string; value: { status: string } }>(response) };
  }

  const suite = () => ({ app: t.app, wallet });

  /** An operator enrolled on the suite's app: its id, name and TOTP secret. */
  async function enrolledOperator() {
    const created = await createOperator(t.database.current.db, t.time.clock, { role: 'support' });
    const signedIn = await signInOperator(t.app, t.time, created.username);
    return { id: created.id, username: created.username, secret: signedIn.secret };
  }

  it('keeps an operator’s TOTP secret sealed in the database, and codes of it still sign in', async () => {
    const db = t.database.current.db;
    const enrolled = await enrolledOperator();
    const stored = await storedTotpSecret(db, enrolled.id);
    expect(stored).toMatch(/^sb1\.key-a\./);
    expect(stored).not.toContain(enrolled.secret);
    expect(boxA.open(stored ?? '', `operator.totp_secret:${enrolled.id}`)).toBe(enrolled.secret);
    // Bound to its row: in another operator's row it is not that operator's secret.
    expect(() => boxA.open(stored ?? '', 'operator.totp_secret:another')).toThrow(/does not open/);

    const again = await signInOperator(t.app, t.time, enrolled.username, enrolled.secret);
    expect(again.id).toBe(enrolled.id);
  });

  it('keeps a provider’s signing key sealed in the database, and its signed calls still verify', async () => {
    const stored = await storedProviderKey(t.database.current.db, TEST_PROVIDER.code);
    expect(stored).toMatch(/^sb1\.key-a\./);
    expect(stored).not.toContain(TEST_PROVIDER.secret);
    expect(await authenticate(suite(), TEST_PROVIDER)).toMatchObject({
      status: 200,
      value: { status: 'RS_OK' },
    });
    // The stored text is not the key: a call signed with it is refused.
    expect(await authenticate(suite(), TEST_PROVIDER, stored)).toMatchObject({
      status: 401,
      code: 'PROVIDER_SIGNATURE_INVALID',
    });
  });

  it('decrypts a provider’s stored key once, not at every call', async () => {
    let opened = 0;
    const counting: SecretBox = {
      ...boxA,
      open: (stored, context) => {
        opened += 1;
        return boxA.open(stored, context);
      },
    };
    const repository = createProviderWalletRepository(t.database.current.db, counting);
    for (let call = 0; call < 3; call += 1) {
      expect((await repository.findProvider('kimlong', TEST_PROVIDER.code))?.secret).toBe(
        TEST_PROVIDER.secret,
      );
    }
    expect(opened).toBe(1);
  });

  it('rotates every value, legacy plaintext too, to the new key; once; the new key alone then works', async () => {
    const db = t.database.current.db;
    const sealed = await enrolledOperator();
    // Rows from before encryption: a TOTP secret and a provider key in plain text, read as they are.
    const legacy = await enrolledOperator();
    await db.update(operator).set({ totpSecret: legacy.secret }).where(eq(operator.id, legacy.id));
    const at = t.time.clock();
    await db.insert(gameProvider).values({
      merchantCode: 'kimlong',
      ...LEGACY_PROVIDER,
      keyCreatedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    await signInOperator(t.app, t.time, legacy.username, legacy.secret);
    expect(await authenticate(suite(), LEGACY_PROVIDER)).toMatchObject({ status: 200 });
    // A provider re-keyed in the back office: its previous key is sealed too, and accepted for a day.
    await wallet.saveProvider({ merchantCode: 'kimlong', ...ROTATED_PROVIDER });
    const registry = createProviderRegistry({
      db,
      clock: t.time.clock,
      wallet: createProviderWalletRepository(db, boxA),
    });
    const reKeyed = {
      ...ROTATED_PROVIDER,
      secret: await db.transaction((tx) => registry.rotate('kimlong', ROTATED_PROVIDER.code, DAY_MS, tx)),
    };

    // A provider speaking Hub88's protocol: its settings sealed under the old key.
    await wallet.saveProvider({ merchantCode: 'kimlong', ...PROTOCOL_PROVIDER });
    await createProviderWalletRepository(db, boxA).saveProtocol(
      'kimlong',
      PROTOCOL_PROVIDER.code,
      { protocol: 'hub88', settings: PROTOCOL_SETTINGS },
      at,
    );

    // A member's two-factor secret, sealed under the old key.
    const enrolledMember = await createTestMember(db);
    const memberSecret = newTotpSecret();
    await createTwoFactorRepository(db, boxA).savePending(enrolledMember.id, memberSecret, at);

    const before = await keyIdsOf(db, boxA);
    const under = (column: string, keyId: string | undefined) =>
      before[column]?.filter((id) => id === keyId).length;
    expect(under('operator.totp_secret', undefined)).toBe(1);
    expect(under('game_provider.secret', undefined)).toBe(1);
    expect(under('game_provider.previous_secret', 'key-a')).toBe(1);
    // That one, and the demo's sandbox providers speaking Hub88's and Pragmatic's (decisions 067, 071).
    expect(under('game_provider.protocol_settings', 'key-a')).toBe(3);

    // SECRET_KEYS=key-b,key-a: the new key first, the old one still there.
    const rotating = createSecretBox([keyB, keyA]);
    const first = await Promise.all(
      secretColumns(db, rotating).map((column) => rotateColumn(column, rotating)),
    );
    expect(first).toEqual([
      {
        column: 'operator.totp_secret',
        resealed: under('operator.totp_secret', 'key-a'),
        encrypted: 1,
        current: 0,
        changed: 0,
        unreadable: [],
      },
      {
        column: 'member_two_factor.secret',
        resealed: 1,
        encrypted: 0,
        current: 0,
        changed: 0,
        unreadable: [],
      },
      {
        column: 'game_provider.secret',
        resealed: under('game_provider.secret', 'key-a'),
        encrypted: 1,
        current: 0,
        changed: 0,
        unreadable: [],
      },
      {
        column: 'game_provider.previous_secret',
        resealed: 1,
        encrypted: 0,
        current: 0,
        changed: 0,
        unreadable: [],
      },
      {
        column: 'game_provider.protocol_settings',
        // The suite's Hub88 provider, and the sandbox Hub88 the app registers at its start.
        resealed: under('game_provider.protocol_settings', 'key-a'),
        encrypted: 0,
        current: 0,
        changed: 0,
        unreadable: [],
      },
    ]);
    expect(
      (
        await createProviderWalletRepository(db, createSecretBox([keyB])).findProvider(
          'kimlong',
          PROTOCOL_PROVIDER.code,
        )
      )?.protocolSettings,
    ).toBe(PROTOCOL_SETTINGS);
    const after = await keyIdsOf(db, rotating);
    for (const [column, ids] of Object.entries(after)) {
      expect(ids, column).toEqual(before[column]?.map(() => 'key-b'));
    }
    expect(await storedTotpSecret(db, legacy.id)).not.toContain(legacy.secret);
    expect(
      (await createTwoFactorRepository(db, createSecretBox([keyB])).find(enrolledMember.id))?.secret,
    ).toBe(memberSecret);
    expect(await storedProviderKey(db, LEGACY_PROVIDER.code)).not.toContain(LEGACY_PROVIDER.secret);

    // A second run changes nothing.
    const values = async () =>
      Promise.all(
        secretColumns(db, rotating).map(async (column) => (await column.stored()).map((s) => s.stored)),
      );
    const rotated = await values();
    const second = await Promise.all(
      secretColumns(db, rotating).map((column) => rotateColumn(column, rotating)),
    );
    expect(second.map(({ resealed, encrypted, current }) => ({ resealed, encrypted, current }))).toEqual(
      Object.values(after).map((ids) => ({ resealed: 0, encrypted: 0, current: ids.length })),
    );
    expect(await values()).toEqual(rotated);

    // SECRET_KEYS=key-b: the old key removed, every operator still signs in and every provider verifies.
    const alone = await buildTestApp(t.database.current, {
      clock: t.time.clock,
      config: { secretKeys: [keyB] },
    });
    const aloneWallet = testProviderWallet(db, t.time.clock, createSecretBox([keyB]));
    try {
      for (const who of [sealed, legacy]) {
        expect((await signInOperator(alone, t.time, who.username, who.secret)).id).toBe(who.id);
      }
      for (const provider of [TEST_PROVIDER, LEGACY_PROVIDER, reKeyed, ROTATED_PROVIDER]) {
        expect(await authenticate({ app: alone, wallet: aloneWallet }, provider)).toMatchObject({
          status: 200,
          value: { status: 'RS_OK' },
        });
      }
    } finally {
      await alone.close();
    }
  });
});

describe('npm run secrets:rotate', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'kl-secrets-rotate-'));
  const dataDir = join(workDir, 'data');
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  const material = { a: randomBytes(32), b: randomBytes(32), c: randomBytes(32) };
  /** SECRET_KEYS naming these keys, the first encrypting. */
  const keys = (...ids: (keyof typeof material)[]) =>
    ids.map((id) => `${id}:${material[id].toString('base64')}`).join(',');

  const run = async (argv: string[], secretKeys: string) => {
    const lines: string[] = [];
    const env = { NODE_ENV: 'production', SECRET_KEYS: secretKeys, DATA_DIR: dataDir, MERCHANT_CODE: 'kl' };
    const code = await runSecretsRotate({ argv, env, write: (line) => lines.push(line) });
    return { code, lines };
  };

  it('says what it does and that the embedded database must be free; refuses other options', async () => {
    const help = await run(['--help'], keys('b'));
    expect(help).toEqual({ code: COMMAND_EXIT.done, lines: SECRETS_ROTATE_USAGE });
    expect(help.lines.join('\n')).toContain(
      'The embedded database must not be in use: stop the server first',
    );
    const refused = await run(['--all'], keys('b'));
    expect(refused.code).toBe(COMMAND_EXIT.refused);
    expect(refused.lines[0]).toBe('secrets:rotate: unknown option --all');
    // In production without SECRET_KEYS it cannot run, as the server cannot.
    const keyless = await run([], '');
    expect(keyless.code).toBe(COMMAND_EXIT.cannotRun);
    expect(keyless.lines[0]).toMatch(/^Invalid configuration: SECRET_KEYS must be set in production/);
  });

  // An embedded database (a copy of the run's migrated template), then opened by each run.
  it('seals every stored secret of the embedded database under the first key, once', async () => {
    const database = await openDataDirCopy(dataDir, 'migrated');
    try {
      await createMerchant(database.db, {
        code: 'kl',
        name: 'Kim Long',
        domain: 'kimlong.vn',
        allowedCountries: ['VN'],
        dialingCode: '+84',
        toggles: [],
      });
      const old = createSecretBox([new SecretKey('a', material.a)]);
      const operators = createOperatorRepository(database.db, old);
      const row = await operators.insert({
        merchantCode: 'kl',
        username: 'boss',
        passwordHash: 'not-a-password',
        role: 'owner',
        readOnly: false,
        createdBy: null,
        credentialsIssuedBy: null,
        now: new Date(),
      });
      await operators.offerSecret(row?.id ?? '', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
      await createProviderWalletRepository(database.db, old).saveProvider(
        { merchantCode: 'kl', ...TEST_PROVIDER, enabled: true },
        new Date(),
      );
      const now = new Date();
      await database.db.insert(gameProvider).values({
        merchantCode: 'kl',
        ...LEGACY_PROVIDER,
        keyCreatedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    } finally {
      await database.close();
    }

    const first = await run([], keys('b', 'a'));
    expect(first).toEqual({
      code: COMMAND_EXIT.done,
      lines: [
        `secrets:rotate: sealing the stored secrets under key b on PGlite at ${dataDir}`,
        '  operator.totp_secret: 1 re-encrypted from older keys, 0 encrypted (were plain text), 0 already under key b',
        '  member_two_factor.secret: 0 re-encrypted from older keys, 0 encrypted (were plain text), 0 already under key b',
        '  game_provider.secret: 1 re-encrypted from older keys, 1 encrypted (were plain text), 0 already under key b',
        '  game_provider.previous_secret: 0 re-encrypted from older keys, 0 encrypted (were plain text), 0 already under key b',
        '  game_provider.protocol_settings: 0 re-encrypted from older keys, 0 encrypted (were plain text), 0 already under key b',
      ],
    });
    const second = await run([], keys('b', 'a'));
    expect(second.lines.slice(1)).toEqual([
      '  operator.totp_secret: 0 re-encrypted from older keys, 0 encrypted (were plain text), 1 already under key b',
      '  member_two_factor.secret: 0 re-encrypted from older keys, 0 encrypted (were plain text), 0 already under key b',
      '  game_provider.secret: 0 re-encrypted from older keys, 0 encrypted (were plain text), 2 already under key b',
      '  game_provider.previous_secret: 0 re-encrypted from older keys, 0 encrypted (were plain text), 0 already under key b',
      '  game_provider.protocol_settings: 0 re-encrypted from older keys, 0 encrypted (were plain text), 0 already under key b',
    ]);

    // Under keys that do not hold b: each value is named with the key it needs.
    const lacking = await run([], keys('c'));
    expect(lacking.code).toBe(COMMAND_EXIT.refused);
    expect(
      lacking.lines.filter((line) => line.includes('which SECRET_KEYS does not hold (it holds c)')),
    ).toHaveLength(3);
    expect(lacking.lines.at(-1)).toBe(
      'secrets:rotate: 3 stored secrets do not open with SECRET_KEYS and were left as they are: add the keys ' +
        'they name to SECRET_KEYS, then run it again',
    );
  }, 90_000);
});
