import { randomBytes, randomUUID } from 'node:crypto';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminProvider } from '@kl/contracts/admin/game-providers';
import type { ProviderAction } from '@kl/contracts/provider-wallet';
import { SANDBOX_PROVIDER_CODE } from '@kl/contracts/sandbox-provider';
import { beforeAll, expect, it } from 'vitest';
import { HOUR_MS } from '../../../platform/clock.ts';
import { DEVELOPMENT_SANDBOX_PROVIDER_SECRET, DEVELOPMENT_SECRET_KEYS } from '../../../platform/config.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import { createSecretBox, SecretKey } from '../../../platform/secret-box.ts';
import { expectFailure } from '../../../test/answers.ts';
import { buildTestApp, captureLogs, json } from '../../../test/app.ts';
import { newOperator, signInOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import {
  createProviderRegistry,
  createProviderWalletRepository,
  type ProviderWalletService,
} from '../../provider-wallet/index.ts';
import { launchableGameId, signedRequest, testProviderWallet } from '../../provider-wallet/testing.ts';

/**
 * Game providers in the back office (docs/back-office.md, "Game providers";
 * docs/decisions/050-game-providers-in-the-back-office.md): added with a key the server makes, shown once;
 * switched off; re-keyed with an overlap during which the previous key still signs, and not after it; the
 * key in no answer nor audit entry but the one that made it; owners only; and the start's registration of
 * the sandbox provider never undoing what the back office did.
 */
describeEachDatabase('back-office game providers', (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(kind, {
    owner: 'owner',
    content: 'content',
    finance: 'finance',
  });
  const db = () => suite.database.current.db;
  let wallet: ProviderWalletService;
  let gameId: string;
  let counter = 0;
  const uniqueCode = (prefix: string) => `${prefix}${Date.now() % 100_000}${(counter += 1)}`;

  beforeAll(async () => {
    wallet = testProviderWallet(db(), suite.time.clock);
    gameId = await launchableGameId(db());
  });

  /** A provider's signed call to the wallet, as the provider holding `key` sends it. */
  async function send(code: string, key: string, action: ProviderAction, body: unknown) {
    const response = await suite.app.inject(
      signedRequest({ code, secret: key }, action, body, suite.time.clock()),
    );
    return {
      status: response.statusCode,
      ...json<{ code?: string; value: Record<string, unknown> }>(response),
    };
  }

  /** A member with money, launched at the provider and authenticated with `key`: the session's id. */
  async function sessionAt(code: string, key: string): Promise<string> {
    const { row } = await suite.newMember();
    await suite.fund(row.id, 1_000_000);
    const { token } = await wallet.issueLaunchToken({
      merchantCode: 'kimlong',
      memberId: row.id,
      providerCode: code,
      gameId,
    });
    const answer = await send(code, key, 'authenticate', { token });
    expect(answer.status, JSON.stringify(answer)).toBe(200);
    return String(answer.value.sessionId);
  }

  const stake = (sessionId: string) => ({
    sessionId,
    transactionId: randomUUID(),
    roundId: randomUUID(),
    amount: 1_000,
    currency: 'VND',
  });

  async function addProvider(endpoint: string | null = 'https://api.provider.example/wallet') {
    const code = uniqueCode('prov');
    const issued = await value(adminCalls.adminCreateProvider, operators.owner, {
      payload: { code, name: `Provider ${code}`, endpoint },
    });
    return { code, key: issued.key, issued };
  }

  /** The clock moved past the operators' idle time: each signs in again. */
  async function signInAgain() {
    for (const name of Object.keys(operators) as (keyof typeof operators)[]) {
      const { username, secret } = operators[name];
      operators[name] = await signInOperator(suite.app, suite.time, username, secret);
    }
  }

  const listed = async (code: string): Promise<AdminProvider | undefined> =>
    (await value(adminCalls.adminProviderRegistry, operators.owner)).list.find((row) => row.code === code);

  it('adds a provider with a key made by the server, shown once and working at once; audited by fingerprint', async () => {
    const { code, key, issued } = await addProvider();
    expect(key.length).toBeGreaterThanOrEqual(43);
    expect(issued.provider).toEqual({
      code,
      name: `Provider ${code}`,
      enabled: true,
      endpoint: 'https://api.provider.example/wallet',
      keyFingerprint: sha256Hex(key).slice(0, 16),
      keyCreatedAt: suite.time.clock().toISOString(),
      keyOrigin: 'back_office',
      previousKeyFingerprint: null,
      previousKeyUntil: null,
    });
    expect(await listed(code)).toEqual(issued.provider);
    const sessionId = await sessionAt(code, key);
    expect(await send(code, key, 'bet', stake(sessionId))).toMatchObject({ status: 200 });

    const trail = await auditTrail(operators.owner, 'game_provider', code);
    expect(trail.map((entry) => entry.action)).toEqual(['game_provider.create']);
    expect(trail[0]?.after).toMatchObject({ code, keyFingerprint: issued.provider.keyFingerprint });
    expect(JSON.stringify(trail)).not.toContain(key);
  });

  it('refuses a code taken, a bad address, a bad code and an unknown provider with their codes', async () => {
    const { code } = await addProvider();
    const add = (payload: object) => request(adminCalls.adminCreateProvider, operators.owner, { payload });
    expectFailure(await add({ code, name: 'Again' }), 409, 'GAME_PROVIDER_EXISTS');
    expectFailure(await add({ code: SANDBOX_PROVIDER_CODE, name: 'Again' }), 409, 'GAME_PROVIDER_EXISTS');
    for (const endpoint of [
      'ftp://files.example',
      'https://user:pw@api.example',
      'api.example',
      'https://',
    ]) {
      expectFailure(
        await add({ code: uniqueCode('bad'), name: 'Bad', endpoint }),
        400,
        'GAME_PROVIDER_ENDPOINT_INVALID',
      );
    }
    expectFailure(await add({ code: 'Not-A-Code!', name: 'Bad' }), 400, 'INVALID_INPUT');
    expectFailure(
      await request(adminCalls.adminUpdateProvider, operators.owner, {
        params: { code },
        payload: { name: 'Renamed', endpoint: 'mailto:ops@example.com' },
      }),
      400,
      'GAME_PROVIDER_ENDPOINT_INVALID',
    );
    const unknown = { params: { code: 'nosuchprovider' } };
    expectFailure(
      await request(adminCalls.adminRotateProviderKey, operators.owner, { ...unknown, payload: {} }),
      400,
      'GAME_PROVIDER_UNKNOWN',
    );
    expectFailure(
      await request(adminCalls.adminSetProviderEnabled, operators.owner, {
        ...unknown,
        payload: { enabled: false },
      }),
      400,
      'GAME_PROVIDER_UNKNOWN',
    );
    expectFailure(
      await request(adminCalls.adminEndProviderKeyOverlap, operators.owner, unknown),
      400,
      'GAME_PROVIDER_UNKNOWN',
    );
  });

  it('renames, changes the address and switches off: every call of a provider switched off is refused', async () => {
    const { code, key } = await addProvider(null);
    const sessionId = await sessionAt(code, key);
    const renamed = await value(adminCalls.adminUpdateProvider, operators.owner, {
      params: { code },
      payload: { name: 'Renamed provider', endpoint: 'http://10.0.0.5:8090' },
    });
    expect(renamed).toMatchObject({ name: 'Renamed provider', endpoint: 'http://10.0.0.5:8090' });
    // The same again writes nothing.
    await value(adminCalls.adminUpdateProvider, operators.owner, {
      params: { code },
      payload: { name: 'Renamed provider', endpoint: 'http://10.0.0.5:8090' },
    });

    await value(adminCalls.adminSetProviderEnabled, operators.owner, {
      params: { code },
      payload: { enabled: false },
    });
    for (const action of ['bet', 'balance'] as const) {
      expect(await send(code, key, action, stake(sessionId))).toMatchObject({
        status: 403,
        code: 'FEATURE_NOT_ENABLED',
      });
    }
    await expect(
      wallet.issueLaunchToken({
        merchantCode: 'kimlong',
        memberId: randomUUID(),
        providerCode: code,
        gameId,
      }),
    ).rejects.toMatchObject({ code: 'GAME_PROVIDER_DISABLED' });
    await value(adminCalls.adminSetProviderEnabled, operators.owner, {
      params: { code },
      payload: { enabled: true },
    });
    expect(await send(code, key, 'bet', stake(sessionId))).toMatchObject({ status: 200 });

    const trail = await auditTrail(operators.owner, 'game_provider', code);
    expect(trail.map((entry) => entry.action).sort()).toEqual([
      'game_provider.create',
      'game_provider.update',
      'game_provider.update',
      'game_provider.update',
    ]);
  });

  it('accepts the previous key until the overlap ends, then only the new one', async () => {
    const { code, key: first } = await addProvider();
    const sessionId = await sessionAt(code, first);
    expect(await send(code, first, 'bet', stake(sessionId))).toMatchObject({ status: 200 });

    const rotatedAt = suite.time.clock();
    const rotation = await value(adminCalls.adminRotateProviderKey, operators.owner, {
      params: { code },
      payload: { overlap: '1h' },
    });
    const second = rotation.key;
    expect(second).not.toBe(first);
    expect(rotation.provider).toMatchObject({
      keyFingerprint: sha256Hex(second).slice(0, 16),
      keyCreatedAt: rotatedAt.toISOString(),
      previousKeyFingerprint: sha256Hex(first).slice(0, 16),
      previousKeyUntil: new Date(rotatedAt.getTime() + HOUR_MS).toISOString(),
    });
    // During the overlap the provider may sign with either key, its stakes and its other calls alike.
    for (const key of [first, second, first]) {
      expect(await send(code, key, 'bet', stake(sessionId))).toMatchObject({ status: 200 });
      expect(await send(code, key, 'balance', { sessionId })).toMatchObject({ status: 200 });
    }

    suite.time.advance(HOUR_MS - 1_000);
    expect(await send(code, first, 'bet', stake(sessionId))).toMatchObject({ status: 200 });
    suite.time.advance(2_000);
    for (const action of ['bet', 'balance'] as const) {
      expect(await send(code, first, action, stake(sessionId))).toMatchObject({
        status: 401,
        code: 'PROVIDER_SIGNATURE_INVALID',
      });
    }
    expect(await send(code, second, 'bet', stake(sessionId))).toMatchObject({ status: 200 });
    await signInAgain();
    expect(await listed(code)).toMatchObject({ previousKeyFingerprint: null, previousKeyUntil: null });
  });

  it('ends an overlap early: the previous key is refused at once, whatever a process kept', async () => {
    const { code, key: first } = await addProvider();
    const sessionId = await sessionAt(code, first);
    const { key: second } = await value(adminCalls.adminRotateProviderKey, operators.owner, {
      params: { code },
      payload: {},
    });
    expect((await listed(code))?.previousKeyUntil).toBe(
      new Date(suite.time.clock().getTime() + 24 * HOUR_MS).toISOString(),
    );
    // The wallet keeps the provider as it read it at this stake, previous key included.
    expect(await send(code, first, 'bet', stake(sessionId))).toMatchObject({ status: 200 });

    const ended = await value(adminCalls.adminEndProviderKeyOverlap, operators.owner, { params: { code } });
    expect(ended).toMatchObject({ previousKeyFingerprint: null, previousKeyUntil: null });
    expect(await send(code, first, 'bet', stake(sessionId))).toMatchObject({
      status: 401,
      code: 'PROVIDER_SIGNATURE_INVALID',
    });
    expect(await send(code, second, 'bet', stake(sessionId))).toMatchObject({ status: 200 });
    // Ending it again changes nothing and audits nothing.
    await value(adminCalls.adminEndProviderKeyOverlap, operators.owner, { params: { code } });
    const actions = (await auditTrail(operators.owner, 'game_provider', code)).map((entry) => entry.action);
    expect(actions.sort()).toEqual([
      'game_provider.create',
      'game_provider.end_key_overlap',
      'game_provider.rotate_key',
    ]);
  });

  it('answers a key only in the call that made it: no list, change or audit entry carries one', async () => {
    const { code, key: first } = await addProvider();
    const rotation = await value(adminCalls.adminRotateProviderKey, operators.owner, {
      params: { code },
      payload: { overlap: '7d' },
    });
    const keys = [first, rotation.key];
    const answers = [
      await request(adminCalls.adminProviderRegistry, operators.owner),
      await request(adminCalls.adminUpdateProvider, operators.owner, {
        params: { code },
        payload: { name: 'Quiet provider', endpoint: null },
      }),
      await request(adminCalls.adminSetProviderEnabled, operators.owner, {
        params: { code },
        payload: { enabled: false },
      }),
      await request(adminCalls.adminEndProviderKeyOverlap, operators.owner, { params: { code } }),
      await request(adminCalls.adminGameProviders, operators.owner),
      await request(adminCalls.adminAudit, operators.owner, { query: { target: code, pageSize: '100' } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      for (const key of keys) expect(answer.body).not.toContain(key);
    }
    const trail = await auditTrail(operators.owner, 'game_provider', code);
    expect(trail.map((entry) => entry.action)).toContain('game_provider.rotate_key');
    const rotated = trail.find((entry) => entry.action === 'game_provider.rotate_key');
    expect(rotated?.before).toMatchObject({ keyFingerprint: sha256Hex(first).slice(0, 16) });
    expect(rotated?.after).toMatchObject({
      keyFingerprint: sha256Hex(rotation.key).slice(0, 16),
      previousKeyFingerprint: sha256Hex(first).slice(0, 16),
      overlap: '7d',
    });
    // Stored sealed (docs/decisions/034-secrets-at-rest.md), the previous key as the current one.
    const [row] = await createProviderWalletRepository(db(), createSecretBox(DEVELOPMENT_SECRET_KEYS))
      .providerRows('kimlong')
      .then((rows) => rows.filter((one) => one.code === code));
    expect(row?.secret).toMatch(/^sb1\./);
    for (const key of keys) expect(JSON.stringify(row)).not.toContain(key);
  });

  it('lists a provider whose key no longer opens without a fingerprint, and gives it a new key', async () => {
    // Sealed under a key SECRET_KEYS does not hold (lost, or from another deployment).
    const code = uniqueCode('lost');
    const elsewhere = createSecretBox([new SecretKey('elsewhere', randomBytes(32))]);
    await createProviderWalletRepository(db(), elsewhere).saveProvider(
      { merchantCode: 'kimlong', code, name: 'Lost key', secret: `lost-key-${randomUUID()}`, enabled: true },
      suite.time.clock(),
    );
    expect(await listed(code)).toMatchObject({ keyFingerprint: null, keyOrigin: 'environment' });
    const { key } = await value(adminCalls.adminRotateProviderKey, operators.owner, {
      params: { code },
      payload: {},
    });
    expect(await listed(code)).toMatchObject({
      keyFingerprint: sha256Hex(key).slice(0, 16),
      previousKeyFingerprint: null,
      previousKeyUntil: null,
    });
    const sessionId = await sessionAt(code, key);
    expect(await send(code, key, 'balance', { sessionId })).toMatchObject({ status: 200 });
  });

  it('is the owners’: content and finance are refused, a read-only owner only reads', async () => {
    const { code } = await addProvider();
    for (const operator of [operators.content, operators.finance]) {
      expectFailure(await request(adminCalls.adminProviderRegistry, operator), 403, 'PERMISSION_DENIED');
      expectFailure(
        await request(adminCalls.adminCreateProvider, operator, {
          payload: { code: uniqueCode('deny'), name: 'Denied' },
        }),
        403,
        'PERMISSION_DENIED',
      );
      expectFailure(
        await request(adminCalls.adminRotateProviderKey, operator, { params: { code }, payload: {} }),
        403,
        'PERMISSION_DENIED',
      );
    }
    const reader = await newOperator(suite, 'owner', { readOnly: true });
    expect((await value(adminCalls.adminProviderRegistry, reader)).list.map((row) => row.code)).toContain(
      code,
    );
    expectFailure(
      await request(adminCalls.adminSetProviderEnabled, reader, {
        params: { code },
        payload: { enabled: false },
      }),
      403,
      'PERMISSION_DENIED',
    );
    // The catalogue's list of providers (the vendor form) stays the content operators'.
    expect((await value(adminCalls.adminGameProviders, operators.content)).list).toContainEqual({
      code,
      name: `Provider ${code}`,
      enabled: true,
    });
    expect((await listed(code))?.keyOrigin).toBe('back_office');
    expect((await auditTrail(operators.owner, 'game_provider', code)).map((entry) => entry.action)).toEqual([
      'game_provider.create',
    ]);
  });

  it('registers the sandbox provider from the environment, never over a key or switch of the back office', async () => {
    const logs = captureLogs('warn');
    const restart = async () => {
      const app = await buildTestApp(suite.database.current, {
        clock: suite.time.clock,
        logger: logs.logger,
      });
      await app.ready();
      await app.close();
    };
    const started = await listed(SANDBOX_PROVIDER_CODE);
    expect(started).toMatchObject({
      keyOrigin: 'environment',
      keyFingerprint: sha256Hex(DEVELOPMENT_SANDBOX_PROVIDER_SECRET).slice(0, 16),
      enabled: true,
    });

    // A restart with the same key changes nothing.
    await restart();
    expect(await listed(SANDBOX_PROVIDER_CODE)).toEqual(started);

    // An owner rotates its key and switches it off: a restart takes neither back.
    const { key } = await value(adminCalls.adminRotateProviderKey, operators.owner, {
      params: { code: SANDBOX_PROVIDER_CODE },
      payload: { overlap: '1h' },
    });
    await value(adminCalls.adminSetProviderEnabled, operators.owner, {
      params: { code: SANDBOX_PROVIDER_CODE },
      payload: { enabled: false },
    });
    const changed = await listed(SANDBOX_PROVIDER_CODE);
    await restart();
    expect(await listed(SANDBOX_PROVIDER_CODE)).toEqual(changed);
    expect(changed).toMatchObject({
      keyOrigin: 'back_office',
      keyFingerprint: sha256Hex(key).slice(0, 16),
      enabled: false,
    });
    expect(logs.lines.map((line) => line.msg)).toContainEqual(
      expect.stringContaining('SANDBOX_PROVIDER_SECRET is not its key and is not taken'),
    );
    for (const line of logs.lines) expect(JSON.stringify(line)).not.toContain(key);
  });

  it('replaces a key the environment set when the environment’s changes, and fills a missing address', async () => {
    const registry = createProviderRegistry({
      db: db(),
      clock: suite.time.clock,
      wallet: createProviderWalletRepository(db(), createSecretBox(DEVELOPMENT_SECRET_KEYS)),
    });
    const code = uniqueCode('env');
    const provider = {
      merchantCode: 'kimlong',
      code,
      name: 'From the environment',
      apiUrl: 'http://127.0.0.1:8090',
    };
    const keyA = `env-key-a-${randomUUID()}`;
    const keyB = `env-key-b-${randomUUID()}`;
    expect(await registry.registerFromEnvironment({ ...provider, secret: keyA })).toBe('registered');
    expect(await registry.registerFromEnvironment({ ...provider, secret: keyA })).toBe('unchanged');
    // An owner clears its address and renames it: the start fills the address again, keeps the name.
    await value(adminCalls.adminUpdateProvider, operators.owner, {
      params: { code },
      payload: { name: 'Named here', endpoint: null },
    });
    expect(await registry.registerFromEnvironment({ ...provider, secret: keyB })).toBe('replaced');
    expect(await listed(code)).toMatchObject({
      name: 'Named here',
      endpoint: 'http://127.0.0.1:8090',
      keyOrigin: 'environment',
      keyFingerprint: sha256Hex(keyB).slice(0, 16),
      previousKeyFingerprint: null,
    });
    const sessionId = await sessionAt(code, keyB);
    expect(await send(code, keyA, 'balance', { sessionId })).toMatchObject({ status: 401 });
  });
});
