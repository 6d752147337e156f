import { randomUUID } from 'node:crypto';
import { HUB88_WALLET_PATH } from '@kl/contracts/provider-hub88';
import { API } from '@kl/contracts/api-paths';
import { like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerTransaction } from '../../../db/schema/index.ts';
import { DAY_MS, MINUTE_MS } from '../../../platform/clock.ts';
import { json } from '../../../test/app.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../../test/suite.ts';
import { checkLedger } from '../../wallet/index.ts';
import { checkProviderTransactions } from '../index.ts';
import { signedRequest, TEST_PROVIDER } from '../testing.ts';
import {
  HUB88_PROVIDER,
  registerHub88Provider,
  switchToHub88,
  testWalletRepository,
  useHub88Calls,
} from './testing.ts';

/**
 * Hub88's Operator Wallet API as Hub88 sees it (docs/decisions/066-hub88-adapter.md): its signed calls
 * answered HTTP 200 in its shape and units, signed with the operator's key, onto the same wallet as the
 * site's own provider calls (one movement per transaction id, a balance never below zero).
 */

/**
 * The example values of Hub88's reference (https://docs.hub88.io/developer-docs/operator-api-reference/wallet-api
 * and the Games API's page): its user/info request, and the ids, game, round and amount of its examples.
 * The player and the token are the test's own: Hub88's `john12345` is an operator's user id, and the token
 * is the one the operator issued.
 */
const EXAMPLE_USER_INFO = { user: 'john12345', request_uuid: '583c985f-fee6-4c0e-bbf5-308aad6265af' };
const EXAMPLE = {
  request_uuid: '583c985f-fee6-4c0e-bbf5-308aad6265af',
  transaction_uuid: '16d2dcfe-b89e-11e7-854a-58404eea6d16',
  game_code: 'clt_dragonrising',
  round: 'rNEMwgzJAOZ6eR3V',
  /** 1.005 of the currency's unit: a whole number of cents, not of đồng. */
  amount: 100_500,
};

/** Hub88's units per đồng. */
const UNITS = 100_000;

describeEachDatabase('Hub88 adapter', (kind) => {
  const t = useTestApp(kind);
  const hub88 = useHub88Calls(t);
  const { send } = hub88;

  const balanceOf = async (caller: MemberCaller) => (await t.walletOf(caller)).sumBalance;
  /** The ledger transactions of a Hub88 transaction id, as `kind amount`. */
  const ledgerOf = async (transactionId: string) => {
    const rows = await t.database.current.db
      .select()
      .from(ledgerTransaction)
      .where(like(ledgerTransaction.idempotencyKey, `provider-%:${HUB88_PROVIDER.code}:${transactionId}`));
    return rows.map((row) => `${row.kind} ${row.amount}`);
  };

  /** A stake's (or a win's) body as Hub88 sends it, `dong` in Hub88's units. */
  const movement = (
    player: { memberId: string; token: string },
    dong: number,
    fields: Record<string, unknown> = {},
  ) => ({
    user: player.memberId,
    token: player.token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    supplier_transaction_id: `supplier-${randomUUID()}`,
    game_code: EXAMPLE.game_code,
    round: `round-${randomUUID()}`,
    round_closed: false,
    currency: 'VND',
    amount: dong * UNITS,
    is_free: false,
    bet: 'spin',
    meta: {},
    ...fields,
  });
  const balanceBody = (player: { memberId: string; token: string }) => ({
    user: player.memberId,
    token: player.token,
    request_uuid: EXAMPLE.request_uuid,
    game_code: EXAMPLE.game_code,
  });

  it('answers user/info and user/balance as Hub88 expects, each answer signed by the operator', async () => {
    const player = await hub88.player(250_000);
    const info = await send('user/info', { ...EXAMPLE_USER_INFO, user: player.memberId });
    expect(info).toEqual({
      httpStatus: 200,
      signedByOperator: true,
      body: { status: 'RS_OK', request_uuid: EXAMPLE_USER_INFO.request_uuid, user: player.memberId },
    });
    // Hub88's own example user is no member here.
    expect((await send('user/info', EXAMPLE_USER_INFO)).body).toEqual({
      status: 'RS_ERROR_USER_DISABLED',
      request_uuid: EXAMPLE_USER_INFO.request_uuid,
    });

    // The first call with the launch token exchanges it; the same token names the session afterwards.
    for (let call = 0; call < 2; call += 1) {
      expect(await send('user/balance', balanceBody(player))).toEqual({
        httpStatus: 200,
        signedByOperator: true,
        body: {
          status: 'RS_OK',
          request_uuid: EXAMPLE.request_uuid,
          user: player.memberId,
          currency: 'VND',
          balance: 250_000 * UNITS,
        },
      });
    }
  });

  it('refuses a request Hub88 did not sign, HTTP 200 with RS_ERROR_INVALID_SIGNATURE, and moves nothing', async () => {
    const player = await hub88.player(100_000);
    const stake = movement(player, 1_000);
    const refused = { httpStatus: 200, body: { status: 'RS_ERROR_INVALID_SIGNATURE' } };
    // Signed with the operator's own key, with none, with a mangled one, or the body changed after.
    expect(await send('transaction/bet', stake, { signWith: hub88.keys.operator.privateKey })).toMatchObject(
      refused,
    );
    expect(await send('transaction/bet', stake, { signature: null })).toMatchObject(refused);
    expect(await send('transaction/bet', stake, { signature: 'not base64!' })).toMatchObject(refused);
    // Its refusal is signed: the provider is Hub88's, whose answers the operator signs.
    expect(await send('user/balance', balanceBody(player), { signature: 'QUJD' })).toMatchObject({
      ...refused,
      signedByOperator: true,
    });
    // A provider that does not speak Hub88's protocol, or none, is as unknown (and nothing signs for it).
    for (const providerCode of [TEST_PROVIDER.code, 'nosuchprov']) {
      expect(await send('transaction/bet', stake, { providerCode })).toMatchObject({
        ...refused,
        signedByOperator: false,
      });
    }
    // Hub88's provider cannot be called in the site's own protocol with the key it also holds.
    const native = await t.app.inject(
      signedRequest(HUB88_PROVIDER, 'balance', { sessionId: randomUUID() }, t.time.clock()),
    );
    expect(native.statusCode).toBe(401);
    expect(json(native)).toMatchObject({ code: 'PROVIDER_SIGNATURE_INVALID' });
    expect(await balanceOf(player.caller)).toBe(100_000);
  });

  it('answers a provider that named its servers only from them, refusing any other as unsigned (signed)', async () => {
    const provider = { ...HUB88_PROVIDER, code: 'hub88-fenced' };
    const { db } = t.database.current;
    await registerHub88Provider(db, t.time.clock, hub88.keys, provider);
    await testWalletRepository(db).updateProvider(
      'kimlong',
      provider.code,
      { allowedAddresses: ['203.0.113.0/24', '2001:db8::5'] },
      t.time.clock(),
    );
    const player = await hub88.native.launch(100_000, provider);
    const stake = movement(player, 1_000);
    const at = (remoteAddress: string) => ({ providerCode: provider.code, remoteAddress });
    // Correctly signed by Hub88's key, from an address that is not one of the provider's.
    for (const remoteAddress of ['127.0.0.1', '198.51.100.1', '2001:db8::6']) {
      expect(await send('transaction/bet', stake, at(remoteAddress))).toEqual({
        httpStatus: 200,
        signedByOperator: true,
        body: { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: stake.request_uuid },
      });
    }
    expect(await balanceOf(player.caller)).toBe(100_000);
    expect((await send('transaction/bet', stake, at('203.0.113.200'))).body).toMatchObject({
      status: 'RS_OK',
      balance: 99_000 * UNITS,
    });
    expect((await send('user/balance', balanceBody(player), at('2001:db8::5'))).body).toMatchObject({
      status: 'RS_OK',
      balance: 99_000 * UNITS,
    });
  });

  it('converts Hub88’s units to đồng and back, and refuses an amount that is not whole đồng', async () => {
    const player = await hub88.player(100_000);
    // The reference's example amount is 1.005 of a unit: not whole đồng, refused before anything moves.
    const example = movement(player, 0, {
      request_uuid: EXAMPLE.request_uuid,
      transaction_uuid: EXAMPLE.transaction_uuid,
      round: EXAMPLE.round,
      amount: EXAMPLE.amount,
    });
    expect(await send('transaction/bet', example)).toEqual({
      httpStatus: 200,
      signedByOperator: true,
      body: { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: EXAMPLE.request_uuid },
    });
    const stake = movement(player, 12_345);
    expect((await send('transaction/bet', stake)).body).toEqual({
      status: 'RS_OK',
      request_uuid: stake.request_uuid,
      user: player.memberId,
      currency: 'VND',
      balance: (100_000 - 12_345) * UNITS,
    });
    expect(await balanceOf(player.caller)).toBe(87_655);
    // Not JSON, a field of the wrong type, a currency the player's wallet is not in.
    expect((await send('transaction/bet', '{"user": ')).body.status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await send('transaction/bet', { ...movement(player, 1), amount: '100000' })).body.status).toBe(
      'RS_ERROR_WRONG_SYNTAX',
    );
    expect((await send('transaction/bet', movement(player, 1, { currency: 'EUR' }))).body.status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect(await balanceOf(player.caller)).toBe(87_655);
  });

  it('answers a transaction_uuid sent again with its first answer, moving the money once', async () => {
    const player = await hub88.player(100_000);
    const stake = movement(player, 30_000);
    const first = await send('transaction/bet', stake);
    expect(first.body).toMatchObject({ status: 'RS_OK', balance: 70_000 * UNITS });
    await send('transaction/bet', movement(player, 10_000));
    // Retried with a new request id: the first answer (its balance), that request's id, nothing taken.
    const retried = await send('transaction/bet', { ...stake, request_uuid: randomUUID() });
    expect(retried.body).toMatchObject({ status: 'RS_OK', balance: 70_000 * UNITS });
    expect(await ledgerOf(stake.transaction_uuid)).toEqual(['bet 30000']);
    expect((await send('transaction/bet', { ...stake, amount: 31_000 * UNITS })).body.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );

    const win = movement(player, 45_000, {
      round: stake.round,
      round_closed: true,
      reference_transaction_uuid: stake.transaction_uuid,
    });
    const won = await send('transaction/win', win);
    expect(won.body).toMatchObject({ status: 'RS_OK', balance: 105_000 * UNITS });
    expect((await send('transaction/win', win)).body).toEqual(won.body);
    expect(await balanceOf(player.caller)).toBe(105_000);
  });

  it('plays a stake sent without a round in a round of its own id, which its win names and ends', async () => {
    const player = await hub88.player(10_000);
    const stake = movement(player, 1_000, { round: null });
    expect((await send('transaction/bet', stake)).body).toMatchObject({
      status: 'RS_OK',
      balance: 9_000 * UNITS,
    });
    const win = movement(player, 3_000, {
      round: null,
      round_closed: true,
      reference_transaction_uuid: stake.transaction_uuid,
    });
    expect((await send('transaction/win', win)).body).toMatchObject({
      status: 'RS_OK',
      balance: 12_000 * UNITS,
    });
    // The round ended with its win: no stake is taken in it any more (left to an operator: Hub88 has no status).
    const late = movement(player, 1_000, { round: stake.transaction_uuid });
    expect((await send('transaction/bet', late)).body.status).toBe('RS_ERROR_UNKNOWN');
    expect(await balanceOf(player.caller)).toBe(12_000);
  });

  it('refuses a stake above the balance with RS_ERROR_NOT_ENOUGH_MONEY and the balance, HTTP 200', async () => {
    const player = await hub88.player(5_000);
    const stake = movement(player, 5_001);
    expect(await send('transaction/bet', stake)).toEqual({
      httpStatus: 200,
      signedByOperator: true,
      body: {
        status: 'RS_ERROR_NOT_ENOUGH_MONEY',
        request_uuid: stake.request_uuid,
        user: player.memberId,
        currency: 'VND',
        balance: 5_000 * UNITS,
      },
    });
    // Refused, it left no trace: the same id goes through once the member has the money.
    await t.fund(player.memberId, 1);
    expect((await send('transaction/bet', stake)).body).toMatchObject({ status: 'RS_OK', balance: 0 });
  });

  it('refunds a stake once, answers RS_OK to the rollback of a stake never taken and refuses that stake later', async () => {
    const player = await hub88.player(100_000);
    const stake = movement(player, 40_000);
    await send('transaction/bet', stake);
    const rollback = {
      ...movement(player, 0),
      reference_transaction_uuid: stake.transaction_uuid,
    };
    const refunded = await send('transaction/rollback', rollback);
    expect(refunded.body).toMatchObject({ status: 'RS_OK', balance: 100_000 * UNITS });
    expect(
      (await send('transaction/rollback', { ...rollback, transaction_uuid: randomUUID() })).body,
    ).toMatchObject({ status: 'RS_OK', balance: 100_000 * UNITS });

    // The stake Hub88 rolled back because its answer was lost on the way, arriving after the rollback.
    const lost = movement(player, 25_000);
    const unknown = { ...movement(player, 0), reference_transaction_uuid: lost.transaction_uuid };
    expect(await send('transaction/rollback', unknown)).toMatchObject({
      httpStatus: 200,
      body: { status: 'RS_OK', balance: 100_000 * UNITS },
    });
    expect((await send('transaction/bet', lost)).body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    // A win for a round never opened: the bet it pays was never taken.
    const orphan = movement(player, 1_000, { reference_transaction_uuid: randomUUID() });
    expect((await send('transaction/win', orphan)).body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await balanceOf(player.caller)).toBe(100_000);
  });

  it('takes a free bet from the reward, not the balance, and pays its win as the free rounds’ credit', async () => {
    const player = await hub88.player(10_000);
    const grant = await hub88.service.grantFreeRounds({
      merchantCode: 'kimlong',
      providerCode: HUB88_PROVIDER.code,
      memberId: player.memberId,
      gameId: hub88.gameId,
      rounds: 10,
      roundValue: 2_000n,
      turnoverMultiple: 3,
      expiresAt: new Date(t.time.clock().getTime() + 7 * DAY_MS),
    });
    const freeBet = movement(player, 2_000, { is_free: true, reward_uuid: grant.id });
    expect((await send('transaction/bet', freeBet)).body).toMatchObject({
      status: 'RS_OK',
      balance: 10_000 * UNITS,
    });
    expect(await ledgerOf(freeBet.transaction_uuid)).toEqual([]);

    const freeWin = movement(player, 7_000, {
      is_free: true,
      reward_uuid: grant.id,
      round: freeBet.round,
      round_closed: true,
      reference_transaction_uuid: freeBet.transaction_uuid,
    });
    const paid = await send('transaction/win', freeWin);
    expect(paid.body).toMatchObject({ status: 'RS_OK', balance: 17_000 * UNITS });
    expect((await send('transaction/win', freeWin)).body).toEqual(paid.body);
    expect(await ledgerOf(freeWin.transaction_uuid)).toEqual(['free_round_win 7000']);
    // A free win of a reward the site did not grant is a bonus of the operator's, under the merchant's terms;
    // one of nothing moves nothing.
    const campaignWin = movement(player, 1_000, { is_free: true, reward_uuid: randomUUID() });
    expect((await send('transaction/win', campaignWin)).body).toMatchObject({ balance: 18_000 * UNITS });
    expect(await ledgerOf(campaignWin.transaction_uuid)).toEqual(['bonus_win 1000']);
    expect((await send('transaction/win', movement(player, 0, { is_free: true }))).body).toMatchObject({
      status: 'RS_OK',
      balance: 18_000 * UNITS,
    });
  });

  it('refuses a token it never issued, another player’s, and a launch token past its 5 minutes', async () => {
    const player = await hub88.player(1_000);
    const other = await hub88.player(1_000);
    const statusOf = async (body: Record<string, unknown>) => (await send('user/balance', body)).body.status;
    expect(await statusOf({ ...balanceBody(player), token: 'a-token-never-issued' })).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect(await statusOf(balanceBody(other))).toBe('RS_OK');
    expect(await statusOf({ ...balanceBody(other), user: player.memberId })).toBe('RS_ERROR_INVALID_TOKEN');
    t.time.advance(6 * MINUTE_MS);
    expect(await statusOf(balanceBody(player))).toBe('RS_ERROR_TOKEN_EXPIRED');
    // The token exchanged in time still names its session.
    expect(await statusOf(balanceBody(other))).toBe('RS_OK');
  });

  it('takes a provider switched to Hub88’s protocol only in it, whatever a server read before, and one switched off in neither', async () => {
    const provider = { ...HUB88_PROVIDER, code: 'hub88-late' };
    await hub88.service.saveProvider({ merchantCode: 'kimlong', ...provider });
    const { db } = t.database.current;
    const { memberId, sessionId, token } = await hub88.native.player(100_000, provider);
    const stake = () => ({
      sessionId,
      transactionId: randomUUID(),
      roundId: 'switch-round',
      amount: 1_000,
      currency: 'VND',
    });
    // This server keeps the provider it read at the first stake.
    expect(await hub88.native.send('bet', stake(), { provider })).toMatchObject({ status: 200 });
    await switchToHub88(db, t.time.clock, provider.code, hub88.keys);
    expect(await hub88.native.send('bet', stake(), { provider })).toMatchObject({
      status: 401,
      code: 'PROVIDER_SIGNATURE_INVALID',
    });
    // The session its launch token opened goes on in Hub88's protocol.
    const balance = { user: memberId, token, request_uuid: randomUUID(), game_code: EXAMPLE.game_code };
    const options = { providerCode: provider.code };
    expect((await send('user/balance', balance, options)).body).toMatchObject({
      status: 'RS_OK',
      balance: 99_000 * UNITS,
    });
    await testWalletRepository(db).updateProvider(
      'kimlong',
      provider.code,
      { enabled: false },
      t.time.clock(),
    );
    expect(await send('user/balance', balance, options)).toMatchObject({
      httpStatus: 200,
      signedByOperator: true,
      body: { status: 'RS_ERROR_INVALID_PARTNER' },
    });
  });

  it('leaves every movement paired with its ledger transaction', async () => {
    const { db } = t.database.current;
    expect([...(await checkLedger(db)).problems, ...(await checkProviderTransactions(db)).problems]).toEqual(
      [],
    );
    // Not a call of the API table: its paths are Hub88's.
    expect(Object.values(API).some((entry) => entry.path.startsWith(HUB88_WALLET_PATH))).toBe(false);
  });
});
