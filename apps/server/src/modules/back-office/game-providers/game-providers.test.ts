import { createHash, generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminProvider } from '@kl/contracts/admin/game-providers';
import type { ErrorCode } from '@kl/contracts/errors';
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
import { and, eq } from 'drizzle-orm';
import { gameRound, providerSession } from '../../../db/schema/index.ts';
import {
  checkProviderTransactions,
  createProviderRegistry,
  createProviderWalletRepository,
  type ProviderWalletService,
} from '../../provider-wallet/index.ts';
import { checkLedger } from '../../wallet/index.ts';
import { launchableGameId, signedRequest, testProviderWallet } from '../../provider-wallet/testing.ts';
import { type Hub88TestKeys, rsaKeyPair, sendHub88 } from '../../provider-wallet/hub88/testing.ts';
import { sendPragmatic } from '../../provider-wallet/pragmatic/testing.ts';

/**
 * Game providers in the back office (docs/back-office.md, "Game providers";
 * docs/decisions/050-game-providers-in-the-back-office.md): added with a key the server makes, shown once;
 * switched off; re-keyed with an overlap during which the previous key still signs, and not after it; the
 * key in no answer nor audit entry but the one that made it; owners only; the start's registration of
 * the sandbox provider never undoing what the back office did; each provider's policy for its rounds
 * left open (docs/decisions/064-open-provider-rounds.md); the addresses its calls may come from
 * (docs/decisions/069-provider-address-allow-list.md); and its protocol, write-only settings and report
 * address (docs/decisions/072-providers-in-the-back-office.md).
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

  /** A provider's signed call to the wallet, as the provider holding `key` sends it (from `remoteAddress`). */
  async function send(
    code: string,
    key: string,
    action: ProviderAction,
    body: unknown,
    remoteAddress = '127.0.0.1',
  ) {
    const response = await suite.app.inject({
      ...signedRequest({ code, secret: key }, action, body, suite.time.clock()),
      remoteAddress,
    });
    return {
      status: response.statusCode,
      ...json<{ code?: string; value: Record<string, unknown> }>(response),
    };
  }

  /** A member with money and a launch token of a game at the provider (not yet exchanged). */
  async function launched(code: string) {
    const { row } = await suite.newMember();
    await suite.fund(row.id, 1_000_000);
    const { token } = await wallet.issueLaunchToken({
      merchantCode: 'kimlong',
      memberId: row.id,
      providerCode: code,
      gameId,
    });
    return { memberId: row.id, token };
  }

  /** A member with money, launched at the provider and authenticated with `key`: the session's id. */
  async function sessionAt(code: string, key: string): Promise<string> {
    const { token } = await launched(code);
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
      openRoundAction: 'settle',
      openRoundHours: 24,
      allowedAddresses: [],
      protocol: 'native',
      settings: { set: false, operatorId: null, hub88KeyFingerprint: null, operatorKeyFingerprint: null },
      reportUrl: null,
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

  it('checks, saves and audits the addresses a provider’s calls may come from, taken from its next call whatever a process kept', async () => {
    const create = (allowedAddresses: unknown) =>
      request(adminCalls.adminCreateProvider, operators.owner, {
        payload: { code: uniqueCode('fence'), name: 'Fenced', allowedAddresses },
      });
    for (const entry of [
      '203.0.113.300',
      '10.0.0.0/33',
      '0.0.0.0/0',
      'fe80::1%eth0',
      'provider.example',
      '01.2.3.4',
    ]) {
      const refused = await create(['203.0.113.10', entry]);
      expectFailure(refused, 400, 'GAME_PROVIDER_ADDRESS_INVALID');
      expect(json<{ value: unknown }>(refused).value).toEqual({ field: 'allowedAddresses', entry });
    }
    expectFailure(
      await create(Array.from({ length: 33 }, (_, index) => `192.0.2.${index}`)),
      400,
      'INVALID_INPUT',
    );
    const added = await value(adminCalls.adminCreateProvider, operators.owner, {
      payload: { code: uniqueCode('fence'), name: 'Fenced', allowedAddresses: ['198.51.100.0/24'] },
    });
    expect(added.provider.allowedAddresses).toEqual(['198.51.100.0/24']);

    // A provider without a list: any address; this stake keeps its row in the wallet's memory.
    const { code, key } = await addProvider();
    const sessionId = await sessionAt(code, key);
    expect(await send(code, key, 'bet', stake(sessionId), '192.0.2.1')).toMatchObject({ status: 200 });
    const update = (payload: object) =>
      request(adminCalls.adminUpdateProvider, operators.owner, { params: { code }, payload });
    const named = { name: `Provider ${code}`, endpoint: 'https://api.provider.example/wallet' };
    expectFailure(
      await update({ ...named, allowedAddresses: ['2001:db8::/129'] }),
      400,
      'GAME_PROVIDER_ADDRESS_INVALID',
    );
    const fenced = await value(adminCalls.adminUpdateProvider, operators.owner, {
      params: { code },
      payload: { ...named, allowedAddresses: [' 203.0.113.10 ', '2001:db8::/32', '', '203.0.113.10'] },
    });
    // Trimmed, blank lines dropped, each once.
    expect(fenced.allowedAddresses).toEqual(['203.0.113.10', '2001:db8::/32']);
    expect(await listed(code)).toEqual(fenced);
    expect(await send(code, key, 'bet', stake(sessionId), '192.0.2.1')).toMatchObject({
      status: 401,
      code: 'PROVIDER_SIGNATURE_INVALID',
      value: { reason: 'ADDRESS_NOT_ALLOWED' },
    });
    expect(await send(code, key, 'bet', stake(sessionId), '2001:db8:ffff::1')).toMatchObject({ status: 200 });
    // Left out, the list is kept; emptied, any address calls again.
    expect(
      await value(adminCalls.adminUpdateProvider, operators.owner, { params: { code }, payload: named }),
    ).toEqual(fenced);
    await value(adminCalls.adminUpdateProvider, operators.owner, {
      params: { code },
      payload: { ...named, allowedAddresses: [] },
    });
    expect(await send(code, key, 'bet', stake(sessionId), '192.0.2.1')).toMatchObject({ status: 200 });

    const trail = await auditTrail(operators.owner, 'game_provider', code);
    const addressesOf = (side: unknown) => (side as Partial<AdminProvider> | null)?.allowedAddresses;
    expect(trail.map((entry) => [entry.action, addressesOf(entry.before), addressesOf(entry.after)])).toEqual(
      [
        ['game_provider.update', ['203.0.113.10', '2001:db8::/32'], []],
        ['game_provider.update', [], ['203.0.113.10', '2001:db8::/32']],
        ['game_provider.create', undefined, []],
      ],
    );
  });

  it('closes rounds left open as each provider’s policy says: settled, or voided with the stakes back once', async () => {
    // Added with the defaults (settle after 24 h), and with a policy of its own (void after 2 h).
    const settling = await addProvider();
    expect(settling.issued.provider).toMatchObject({ openRoundAction: 'settle', openRoundHours: 24 });
    const voidingCode = uniqueCode('void');
    const voiding = await value(adminCalls.adminCreateProvider, operators.owner, {
      payload: {
        code: voidingCode,
        name: 'Voiding',
        endpoint: null,
        openRoundAction: 'void',
        openRoundHours: 2,
      },
    });
    expect(voiding.provider).toMatchObject({ openRoundAction: 'void', openRoundHours: 2 });
    const update = (payload: object) =>
      request(adminCalls.adminUpdateProvider, operators.owner, { params: { code: settling.code }, payload });
    for (const bad of [{ openRoundHours: 0 }, { openRoundHours: 721 }, { openRoundAction: 'keep' }])
      expectFailure(await update({ name: 'Settling', endpoint: null, ...bad }), 400, 'INVALID_INPUT');
    const changed = await value(adminCalls.adminUpdateProvider, operators.owner, {
      params: { code: settling.code },
      payload: { name: 'Settling', endpoint: null, openRoundHours: 6 },
    });
    expect(changed).toMatchObject({ openRoundAction: 'settle', openRoundHours: 6 });
    expect((await auditTrail(operators.owner, 'game_provider', settling.code))[0]).toMatchObject({
      action: 'game_provider.update',
      after: { openRoundHours: 6 },
    });

    const settled = await sessionAt(settling.code, settling.key);
    const voided = await sessionAt(voidingCode, voiding.key);
    const won = await sessionAt(voidingCode, voiding.key);
    const balance = async (code: string, key: string, sessionId: string) =>
      (await send(code, key, 'balance', { sessionId })).value.balance;
    const roundOf = (sessionId: string, roundId: string, amount: number) => ({
      ...stake(sessionId),
      roundId,
      amount,
    });
    await send(settling.code, settling.key, 'bet', roundOf(settled, 'left-open', 10_000));
    const first = roundOf(voided, 'left-open', 10_000);
    await send(voidingCode, voiding.key, 'bet', first);
    await send(voidingCode, voiding.key, 'bet', roundOf(voided, 'left-open', 5_000));
    await send(voidingCode, voiding.key, 'bet', roundOf(won, 'won-open', 10_000));
    await send(voidingCode, voiding.key, 'win', roundOf(won, 'won-open', 4_000));
    const statusOf = async (code: string, roundKey: string, sessionId: string) => {
      const [session] = await db()
        .select({ memberId: providerSession.memberId })
        .from(providerSession)
        .where(eq(providerSession.id, sessionId));
      const [round] = await db()
        .select({ status: gameRound.status, stake: gameRound.stake, payout: gameRound.payout })
        .from(gameRound)
        .where(
          and(
            eq(gameRound.vendorCode, code),
            eq(gameRound.roundKey, roundKey),
            eq(gameRound.memberId, String(session?.memberId)),
          ),
        );
      return round && { ...round, stake: Number(round.stake), payout: Number(round.payout) };
    };

    // The closing passes of a process whose clock is later (the operators' sessions keep the suite's time).
    const hoursOn = (hours: number) =>
      testProviderWallet(db(), () => new Date(suite.time.clock().getTime() + hours * HOUR_MS + 1_000));
    // Two hours on: the voiding provider's rounds close, by two passes at once; the settling one's waits.
    await Promise.all([hoursOn(2).closeOpenRounds(), hoursOn(2).closeOpenRounds()]);
    expect(await statusOf(voidingCode, 'left-open', voided)).toEqual({
      status: 'cancelled',
      stake: 0,
      payout: 0,
    });
    expect(await balance(voidingCode, voiding.key, voided)).toBe(1_000_000);
    // A round that paid a win is settled, not voided: a win is not taken back.
    expect(await statusOf(voidingCode, 'won-open', won)).toEqual({
      status: 'settled',
      stake: 10_000,
      payout: 4_000,
    });
    expect(await balance(voidingCode, voiding.key, won)).toBe(994_000);
    expect(await statusOf(settling.code, 'left-open', settled)).toMatchObject({ status: 'open' });
    // The provider's own rollback of a voided stake, coming later, refunds nothing again.
    expect(
      await send(voidingCode, voiding.key, 'rollback', {
        sessionId: voided,
        transactionId: randomUUID(),
        betTransactionId: first.transactionId,
      }),
    ).toMatchObject({ status: 200, value: { balance: 1_000_000 } });

    // Six hours on, the settling provider's round is settled; its win, coming after, is paid into it.
    await hoursOn(6).closeOpenRounds();
    expect(await statusOf(settling.code, 'left-open', settled)).toEqual({
      status: 'settled',
      stake: 10_000,
      payout: 0,
    });
    expect(
      await send(settling.code, settling.key, 'win', roundOf(settled, 'left-open', 3_000)),
    ).toMatchObject({ status: 200, value: { balance: 993_000 } });
    expect((await checkLedger(db())).problems).toEqual([]);
    expect((await checkProviderTransactions(db())).problems).toEqual([]);
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

  /** The first 16 hex digits of the SHA-256 of a public key's DER (what the list shows of Hub88's keys). */
  const publicFingerprint = (key: KeyObject) =>
    createHash('sha256')
      .update(key.export({ type: 'spki', format: 'der' }))
      .digest('hex')
      .slice(0, 16);
  let hub88Keys: Hub88TestKeys | undefined;
  /** Hub88's and the operator's key pairs, made once for the file (a 2048-bit pair takes a while). */
  const hub88 = () => (hub88Keys ??= { hub88: rsaKeyPair(), operator: rsaKeyPair() });
  const hub88Settings = (operatorId: unknown = 4242) => ({
    operatorId,
    hub88PublicKey: hub88().hub88.publicPem,
    operatorPrivateKey: hub88().operator.privatePem,
  });
  const PRAGMATIC_KEY = 'pragmatic-key-set-in-the-back-office';
  /** The secrets of the settings: none may be in an answer, an audit entry or a stored row. */
  const secretsOfSettings = () => [
    hub88().operator.privatePem.split('\n')[1] ?? '',
    hub88().hub88.publicPem.split('\n')[1] ?? '',
    PRAGMATIC_KEY,
  ];

  /** Pragmatic's `authenticate` of a launch token, hashed with `secretKey`: its error code (0: taken). */
  const pragmaticAuthenticate = async (code: string, secretKey: string) =>
    (
      await sendPragmatic(
        suite,
        'authenticate',
        { providerId: 'PragmaticPlay', token: (await launched(code)).token },
        { providerCode: code, secretKey },
      )
    ).body.error;

  it('adds a Hub88 and a Pragmatic provider with their settings, never answered back, and their adapters answer at once', async () => {
    const hub88Code = uniqueCode('hub');
    const added = await request(adminCalls.adminCreateProvider, operators.owner, {
      payload: {
        code: hub88Code,
        name: 'Hub88 live',
        endpoint: 'https://api.hub88.example',
        protocol: 'hub88',
        settings: hub88Settings(),
        reportUrl: 'https://reports.hub88.example/daily',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const { provider } = json<{ value: { provider: AdminProvider } }>(added).value;
    expect(provider).toMatchObject({
      protocol: 'hub88',
      reportUrl: 'https://reports.hub88.example/daily',
      settings: {
        set: true,
        operatorId: 4242,
        hub88KeyFingerprint: publicFingerprint(hub88().hub88.publicKey),
        operatorKeyFingerprint: publicFingerprint(hub88().operator.publicKey),
      },
    });
    const pragmaticCode = uniqueCode('prag');
    const pragmatic = await value(adminCalls.adminCreateProvider, operators.owner, {
      payload: {
        code: pragmaticCode,
        name: 'Pragmatic',
        endpoint: 'https://games.pragmatic.example/gs2c/playGame.do',
        protocol: 'pragmatic',
        settings: { secretKey: ` ${PRAGMATIC_KEY}\n` },
      },
    });
    expect(pragmatic.provider).toMatchObject({
      protocol: 'pragmatic',
      reportUrl: null,
      settings: { set: true, operatorId: null, hub88KeyFingerprint: null, operatorKeyFingerprint: null },
    });

    // Hub88 signs with its key; the operator's answer is signed with the key given here.
    const player = await launched(hub88Code);
    expect(
      await sendHub88(
        suite,
        hub88(),
        'user/balance',
        { user: player.memberId, token: player.token, request_uuid: randomUUID(), game_code: 'any' },
        { providerCode: hub88Code },
      ),
    ).toMatchObject({
      httpStatus: 200,
      signedByOperator: true,
      body: { status: 'RS_OK', balance: 1_000_000 * 100_000 },
    });
    // Pragmatic's hash is made with the secret key given here (trimmed), and no other.
    expect(await pragmaticAuthenticate(pragmaticCode, PRAGMATIC_KEY)).toBe(0);
    expect(await pragmaticAuthenticate(pragmaticCode, 'another-secret-key-0123')).toBe(5);

    // No answer, audit entry or stored row carries a secret of the settings.
    const answers = [
      added.body,
      (await request(adminCalls.adminProviderRegistry, operators.owner)).body,
      JSON.stringify(await auditTrail(operators.owner, 'game_provider', hub88Code)),
      JSON.stringify(await auditTrail(operators.owner, 'game_provider', pragmaticCode)),
      JSON.stringify(
        await createProviderWalletRepository(db(), createSecretBox(DEVELOPMENT_SECRET_KEYS)).providerRows(
          'kimlong',
        ),
      ),
    ];
    for (const answer of answers)
      for (const secret of secretsOfSettings()) expect(answer).not.toContain(secret);
    expect((await auditTrail(operators.owner, 'game_provider', hub88Code))[0]).toMatchObject({
      action: 'game_provider.create',
      after: { protocol: 'hub88', settings: { set: true, operatorId: 4242 } },
    });
  });

  it('refuses settings missing or wrong, keys that are not RSA keys of 2048 bits, and a bad report address, with their codes', async () => {
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const curve = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = (key: KeyObject, type: 'spki' | 'pkcs8') => key.export({ type, format: 'pem' }).toString();
    const hub88With = (settings: object) => ({
      protocol: 'hub88',
      endpoint: 'https://api.hub88.example',
      settings: { ...hub88Settings(), ...settings },
    });
    const cases: [object, number, ErrorCode, object?][] = [
      [{ ...hub88With({}), endpoint: null }, 400, 'GAME_PROVIDER_ENDPOINT_REQUIRED'],
      [
        { protocol: 'pragmatic', settings: { secretKey: PRAGMATIC_KEY } },
        400,
        'GAME_PROVIDER_ENDPOINT_REQUIRED',
      ],
      [hub88With({ operatorId: 0 }), 400, 'GAME_PROVIDER_SETTINGS_INVALID', { field: 'operatorId' }],
      [hub88With({ operatorId: 1.5 }), 400, 'GAME_PROVIDER_SETTINGS_INVALID', { field: 'operatorId' }],
      [hub88With({ operatorId: '42' }), 400, 'INVALID_INPUT'],
      [
        hub88With({ operatorPrivateKey: '  ' }),
        400,
        'GAME_PROVIDER_SETTINGS_INVALID',
        { field: 'operatorPrivateKey', reason: 'REQUIRED' },
      ],
      [
        hub88With({ hub88PublicKey: hub88().hub88.privatePem }),
        400,
        'GAME_PROVIDER_KEY_INVALID',
        { field: 'hub88PublicKey', reason: 'NOT_PUBLIC_KEY' },
      ],
      [
        hub88With({ hub88PublicKey: pem(weak.publicKey, 'spki') }),
        400,
        'GAME_PROVIDER_KEY_INVALID',
        { field: 'hub88PublicKey', reason: 'TOO_SHORT', bits: 1024 },
      ],
      [
        hub88With({ operatorPrivateKey: pem(curve.privateKey, 'pkcs8') }),
        400,
        'GAME_PROVIDER_KEY_INVALID',
        { field: 'operatorPrivateKey', reason: 'NOT_RSA' },
      ],
      [
        hub88With({ operatorPrivateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' }),
        400,
        'GAME_PROVIDER_KEY_INVALID',
        { field: 'operatorPrivateKey', reason: 'UNREADABLE' },
      ],
      [
        { protocol: 'pragmatic', endpoint: 'https://games.example', settings: { secretKey: 'too-short' } },
        400,
        'GAME_PROVIDER_SETTINGS_INVALID',
        { field: 'secretKey', reason: 'TOO_SHORT' },
      ],
      [{ reportUrl: 'ftp://reports.example' }, 400, 'GAME_PROVIDER_REPORT_URL_INVALID'],
      [{ protocol: 'soap' }, 400, 'INVALID_INPUT'],
    ];
    for (const [payload, status, code, detail] of cases) {
      const providerCode = uniqueCode('refused');
      const refused = await request(adminCalls.adminCreateProvider, operators.owner, {
        payload: { code: providerCode, name: 'Refused', ...payload },
      });
      expectFailure(refused, status, code);
      if (detail) expect(json<{ value: unknown }>(refused).value).toMatchObject(detail);
      for (const secret of secretsOfSettings()) expect(refused.body).not.toContain(secret);
      expect(await listed(providerCode)).toBeUndefined();
    }
    // The same checks on an edit, which then changes nothing.
    const { code } = await addProvider();
    const edit = (payload: object) =>
      request(adminCalls.adminUpdateProvider, operators.owner, {
        params: { code },
        payload: { name: 'Edited', endpoint: 'https://api.provider.example/wallet', ...payload },
      });
    expectFailure(await edit({ protocol: 'hub88' }), 400, 'GAME_PROVIDER_SETTINGS_INVALID');
    expectFailure(await edit({ reportUrl: 'reports.example' }), 400, 'GAME_PROVIDER_REPORT_URL_INVALID');
    expectFailure(await edit({ protocol: 'hub88', endpoint: null }), 400, 'GAME_PROVIDER_ENDPOINT_REQUIRED');
    expect(await listed(code)).toMatchObject({
      name: `Provider ${code}`,
      protocol: 'native',
      reportUrl: null,
    });
  });

  it('switches a provider’s protocol, settings and report address in an edit, taken by every process at its next call; audited without a secret', async () => {
    const { code, key } = await addProvider();
    // This stake keeps the provider's row in the wallet's memory, as of the site's protocol.
    const sessionId = await sessionAt(code, key);
    expect(await send(code, key, 'bet', stake(sessionId))).toMatchObject({ status: 200 });
    const named = { name: `Provider ${code}`, endpoint: 'https://api.provider.example/wallet' };
    const edit = (payload: object) =>
      value(adminCalls.adminUpdateProvider, operators.owner, {
        params: { code },
        payload: { ...named, ...payload },
      });

    const switched = await edit({
      protocol: 'pragmatic',
      settings: { secretKey: PRAGMATIC_KEY },
      reportUrl: 'https://reports.provider.example/daily',
    });
    expect(switched).toMatchObject({
      protocol: 'pragmatic',
      settings: { set: true },
      reportUrl: 'https://reports.provider.example/daily',
    });
    expect(await send(code, key, 'bet', stake(sessionId))).toMatchObject({ status: 401 });
    expect(await pragmaticAuthenticate(code, PRAGMATIC_KEY)).toBe(0);

    // Left out, the settings are kept (nothing written); a new secret key replaces the old at once.
    expect(await edit({ protocol: 'pragmatic', settings: {} })).toEqual(switched);
    const newKey = 'a-second-pragmatic-secret-key';
    await edit({ settings: { secretKey: newKey } });
    expect(await pragmaticAuthenticate(code, PRAGMATIC_KEY)).toBe(5);
    expect(await pragmaticAuthenticate(code, newKey)).toBe(0);

    // Hub88 needs its keys anew (nothing of Pragmatic's is kept); then back to the site's own protocol.
    expectFailure(
      await request(adminCalls.adminUpdateProvider, operators.owner, {
        params: { code },
        payload: { ...named, protocol: 'hub88', settings: { operatorId: 7 } },
      }),
      400,
      'GAME_PROVIDER_SETTINGS_INVALID',
    );
    expect(await edit({ protocol: 'native', reportUrl: null })).toMatchObject({
      protocol: 'native',
      settings: { set: false },
      reportUrl: null,
    });
    expect(await send(code, key, 'bet', stake(sessionId))).toMatchObject({ status: 200 });
    expect(await pragmaticAuthenticate(code, newKey)).toBe(5);

    const trail = await auditTrail(operators.owner, 'game_provider', code);
    expect(
      trail.map((entry) => [
        entry.action,
        (entry.after as Partial<AdminProvider>).protocol,
        (entry.after as { settingsReplaced?: boolean }).settingsReplaced,
      ]),
    ).toEqual([
      ['game_provider.update', 'native', true],
      ['game_provider.update', 'pragmatic', true],
      ['game_provider.update', 'pragmatic', true],
      ['game_provider.create', 'native', undefined],
    ]);
    for (const secret of [PRAGMATIC_KEY, newKey]) expect(JSON.stringify(trail)).not.toContain(secret);
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
