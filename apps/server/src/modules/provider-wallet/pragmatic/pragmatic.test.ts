import { createHash, randomInt, randomUUID } from 'node:crypto';
import { API } from '@kl/contracts/api-paths';
import { PRAGMATIC_WALLET_PATH } from '@kl/contracts/provider-pragmatic';
import { like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerTransaction } from '../../../db/schema/index.ts';
import { DAY_MS, MINUTE_MS } from '../../../platform/clock.ts';
import { captureLogs } from '../../../test/app.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../../test/suite.ts';
import { testWalletRepository } from '../hub88/testing.ts';
import { providerBookProblems, signedRequest, TEST_PROVIDER } from '../testing.ts';
import { pragmaticHash } from './hash.ts';
import {
  PRAGMATIC_PROVIDER,
  PRAGMATIC_TEST_SECRET,
  type PragmaticParameters,
  registerPragmaticProvider,
  usePragmaticCalls,
} from './testing.ts';

/**
 * Pragmatic Play's Seamless Wallet API as Pragmatic sees it (docs/decisions/068-pragmatic-adapter.md): its
 * hashed form calls answered HTTP 200 in its shape, amounts in đồng, onto the same wallet as the site's own
 * provider calls (one movement per reference, a balance never below zero), each credit under its ledger kind.
 */

/**
 * The example values of Pragmatic's specification (its Bet request and the answers of Authenticate and
 * Bet, as the copies cited in packages/contracts/src/provider-pragmatic.ts print them). The player and the
 * hash are the test's own: `421` is an operator's user id, and the example's hash was made with a key the
 * specification does not give.
 */
const EXAMPLE_BET = {
  providerId: 'PragmaticPlay',
  userId: '421',
  gameId: 'vs50aladdin',
  roundId: '5103188801',
  amount: '100.0',
  reference: '585c1306f89c56f5ecfc2f5d',
  timestamp: '1482429190374',
  roundDetails: 'spin',
};
const EXAMPLE_BET_HASH = '4a5d375ac1311b04fba2ea66d067b8e5';
const EXAMPLE_AUTHENTICATE_ANSWER = {
  userId: '421',
  currency: 'USD',
  cash: 99999.99,
  bonus: 99.99,
  error: 0,
  description: 'Success',
};
const EXAMPLE_BET_ANSWER = {
  transactionId: 1482429190474,
  currency: 'USD',
  cash: 99899.99,
  bonus: 99.99,
  usedPromo: 0,
  error: 0,
  description: 'Success',
};

const SUCCESS = { error: 0, description: 'Success' };
/** A ledger transaction's id, as the operator's transactionId. */
const TRANSACTION_ID = expect.stringMatching(/^[1-9]\d*$/);

describeEachDatabase('Pragmatic adapter', (kind) => {
  const logs = captureLogs();
  const t = useTestApp(kind, { config: { logLevel: 'info' }, logger: logs.logger });
  const pragmatic = usePragmaticCalls(t);
  const { send } = pragmatic;

  const balanceOf = async (caller: MemberCaller) => (await t.walletOf(caller)).sumBalance;
  /** The ledger transactions of a Pragmatic reference (a stake's refund is keyed by the stake), as `kind amount`. */
  const ledgerOf = async (reference: string) => {
    const rows = await t.database.current.db
      .select()
      .from(ledgerTransaction)
      .where(like(ledgerTransaction.idempotencyKey, `provider-%:${PRAGMATIC_PROVIDER.code}:${reference}`));
    return rows.map((row) => `${row.kind} ${row.amount}`);
  };

  /** A reference as Pragmatic makes them (24 hex digits), a round id (digits). */
  const reference = () => randomUUID().replaceAll('-', '').slice(0, 24);
  const roundId = () => String(randomInt(1_000_000_000, 9_999_999_999));
  const now = () => String(t.time.clock().getTime());
  const call = (player: { memberId: string }) => ({ providerId: 'PragmaticPlay', userId: player.memberId });

  /** A stake's parameters as Pragmatic sends them (`amount` in đồng), in a round of its own unless told. */
  const stake = (player: { memberId: string }, amount: string, fields: PragmaticParameters = {}) => ({
    ...call(player),
    gameId: EXAMPLE_BET.gameId,
    roundId: roundId(),
    amount,
    reference: reference(),
    timestamp: now(),
    roundDetails: 'spin',
    ...fields,
  });
  /** The result of `bet`'s round. */
  const result = (player: { memberId: string }, bet: { roundId: string }, amount: string, fields = {}) =>
    stake(player, amount, { roundId: bet.roundId, ...fields });

  it('hashes the parameters as the specification spells it: sorted, those with a value, the key appended', () => {
    const parameters = new Map([
      ...Object.entries(EXAMPLE_BET),
      ['bonusCode', ''],
      ['hash', EXAMPLE_BET_HASH],
    ]);
    const spelled =
      'amount=100.0&gameId=vs50aladdin&providerId=PragmaticPlay&reference=585c1306f89c56f5ecfc2f5d' +
      '&roundDetails=spin&roundId=5103188801&timestamp=1482429190374&userId=421';
    expect(pragmaticHash(parameters, 'testKey')).toBe(
      createHash('md5').update(`${spelled}testKey`).digest('hex'),
    );
    // A value is hashed decoded, as the form carried it.
    expect(pragmaticHash(new Map([['jackpotDetails', '{"progressive":1.5}']]), 'k')).toBe(
      createHash('md5').update('jackpotDetails={"progressive":1.5}k').digest('hex'),
    );
  });

  it('answers authenticate and balance in Pragmatic’s shape, HTTP 200, exchanging the launch token once', async () => {
    const player = await pragmatic.player(250_000);
    const authenticated = await send('authenticate', { providerId: 'pragmaticplay', token: player.token });
    expect(authenticated).toEqual({
      httpStatus: 200,
      body: {
        userId: player.memberId,
        currency: 'VND',
        cash: 250_000,
        bonus: 0,
        token: player.token,
        ...SUCCESS,
      },
    });
    // The specification's answer, and the token besides (which Pragmatic then sends back).
    expect(Object.keys(authenticated.body).sort()).toEqual(
      [...Object.keys(EXAMPLE_AUTHENTICATE_ANSWER), 'token'].sort(),
    );
    // Pragmatic opening the game again with the same token finds the same player.
    expect(await send('authenticate', { providerId: 'pragmaticplay', token: player.token })).toEqual(
      authenticated,
    );

    const balance = { currency: 'VND', cash: 250_000, bonus: 0, ...SUCCESS };
    expect(await send('balance', call(player))).toEqual({ httpStatus: 200, body: balance });
    expect((await send('balance', { ...call(player), token: player.token })).body).toEqual(balance);

    // The example's player is no member here; a token never issued opens nothing, nor another's token.
    expect((await send('balance', { providerId: 'PragmaticPlay', userId: '421' })).body).toEqual({
      error: 2,
      description: 'Player not found or is logged out',
    });
    expect((await send('authenticate', { providerId: 'PragmaticPlay', token: '5v93mto7jr' })).body).toEqual({
      error: 4,
      description: 'Player authentication failed due to invalid, not found or expired token',
    });
    const other = await pragmatic.playing(1_000);
    expect((await send('balance', { ...call(other), token: player.token })).body.error).toBe(4);
  });

  it('refuses a request whose hash is not its parameters’ under the key, HTTP 200 error 5, moving nothing', async () => {
    const player = await pragmatic.playing(100_000);
    const bet = stake(player, '1000');
    const invalid = { httpStatus: 200, body: { error: 5, description: 'Invalid hash code' } };
    expect(await send('bet', bet, { secretKey: 'another-key' })).toEqual(invalid);
    expect(await send('bet', bet, { hash: null })).toEqual(invalid);
    expect(await send('bet', bet, { hash: EXAMPLE_BET_HASH })).toEqual(invalid);
    // A parameter changed, or one added, after the hash was made.
    const made = pragmaticHash(new Map(Object.entries(bet)), PRAGMATIC_TEST_SECRET);
    expect(await send('bet', { ...bet, amount: '90000' }, { hash: made })).toEqual(invalid);
    expect(await send('bet', { ...bet, bonusCode: 'free' }, { hash: made })).toEqual(invalid);
    // Pragmatic's example as published: made with a key that is not this provider's.
    const example = { ...EXAMPLE_BET, userId: player.memberId };
    expect(await send('bet', example, { hash: EXAMPLE_BET_HASH })).toEqual(invalid);
    // A provider that does not speak Pragmatic's protocol, or none, is as unknown.
    for (const providerCode of [TEST_PROVIDER.code, 'nosuchprov'])
      expect(await send('bet', bet, { providerCode })).toEqual(invalid);
    // Pragmatic's provider cannot be called in the site's own protocol with the key it also holds.
    const native = await t.app.inject(
      signedRequest(PRAGMATIC_PROVIDER, 'balance', { sessionId: randomUUID() }, t.time.clock()),
    );
    expect(native.statusCode).toBe(401);
    expect(await balanceOf(player.caller)).toBe(100_000);
    // The hash in upper-case hex is the same hash.
    expect((await send('bet', bet, { hash: made.toUpperCase() })).body).toMatchObject({
      cash: 99_000,
      error: 0,
    });
  });

  it('answers a provider that named its servers only from them, refusing any other with error 5, logged', async () => {
    const provider = { ...PRAGMATIC_PROVIDER, code: 'pragmatic-fenced' };
    const { db } = t.database.current;
    await registerPragmaticProvider(db, t.time.clock, provider);
    await testWalletRepository(db).updateProvider(
      'kimlong',
      provider.code,
      { allowedAddresses: ['198.51.100.7', '2001:db8:5::/64'] },
      t.time.clock(),
    );
    const player = await pragmatic.native.launch(100_000, provider);
    const at = (remoteAddress: string) => ({ providerCode: provider.code, remoteAddress });
    const authenticate = { providerId: 'PragmaticPlay', token: player.token };
    // Hashed with the provider's key, from an address that is not one of the provider's.
    for (const remoteAddress of ['127.0.0.1', '198.51.100.8', '2001:db8:6::1']) {
      expect(await send('authenticate', authenticate, at(remoteAddress))).toEqual({
        httpStatus: 200,
        body: { error: 5, description: 'Invalid hash code' },
      });
    }
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        msg: 'pragmatic call refused',
        level: 40,
        provider: provider.code,
        reason: 'ADDRESS_NOT_ALLOWED',
        address: '2001:db8:6::1',
      }),
    );
    expect(JSON.stringify(logs.lines)).not.toContain(player.token);
    expect((await send('authenticate', authenticate, at('198.51.100.7'))).body).toMatchObject(SUCCESS);
    expect((await send('bet', stake(player, '1000'), at('2001:db8:5::abcd'))).body).toMatchObject({
      cash: 99_000,
      ...SUCCESS,
    });
  });

  it('takes the example stake in đồng, refuses an amount not whole đồng, and a stake beyond the balance with error 1 and the balance', async () => {
    const player = await pragmatic.playing(100_000);
    const example = await send('bet', { ...EXAMPLE_BET, userId: player.memberId });
    expect(example).toEqual({
      httpStatus: 200,
      body: {
        transactionId: TRANSACTION_ID,
        currency: 'VND',
        cash: 99_900,
        bonus: 0,
        usedPromo: 0,
        ...SUCCESS,
      },
    });
    expect(Object.keys(example.body)).toEqual(Object.keys(EXAMPLE_BET_ANSWER));
    expect(await ledgerOf(EXAMPLE_BET.reference)).toEqual(['bet 100']);

    const badParameters = {
      error: 7,
      description: 'Bad parameters in the request, please check post parameters',
    };
    for (const amount of ['100.25', '-5', '1e3', ''])
      expect((await send('bet', stake(player, amount))).body).toEqual(badParameters);
    const withoutRound: PragmaticParameters = stake(player, '100');
    delete withoutRound.roundId;
    expect((await send('bet', withoutRound)).body).toEqual(badParameters);

    const beyond = stake(player, '99901');
    expect(await send('bet', beyond)).toEqual({
      httpStatus: 200,
      body: { currency: 'VND', cash: 99_900, bonus: 0, error: 1, description: 'Insufficient balance' },
    });
    expect(await ledgerOf(beyond.reference)).toEqual([]);
    expect(await balanceOf(player.caller)).toBe(99_900);
  });

  it('answers a reference sent again with its first answer, moving the money once', async () => {
    const player = await pragmatic.playing(100_000);
    const bet = stake(player, '30000');
    const first = await send('bet', bet);
    expect(first.body).toMatchObject({ cash: 70_000, error: 0 });
    await send('bet', stake(player, '10000', { roundId: bet.roundId }));
    // Sent again later (Pragmatic's retry): the first answer, nothing taken again.
    t.time.advance(5_000);
    expect(await send('bet', { ...bet, timestamp: now() })).toEqual(first);
    expect(await ledgerOf(bet.reference)).toEqual(['bet 30000']);
    expect(await balanceOf(player.caller)).toBe(60_000);
    // The same reference asking another stake is refused for good (an operator's to look at).
    expect((await send('bet', { ...bet, amount: '31000' })).body).toEqual({
      error: 120,
      description: 'Internal server error',
    });
  });

  it('pays a round’s result and ends the round; endRound answers it ended, again and for a round it never saw', async () => {
    const player = await pragmatic.playing(50_000);
    const bet = stake(player, '10000');
    await send('bet', bet);
    const win = result(player, bet, '25000');
    const paid = await send('result', win);
    expect(paid).toEqual({
      httpStatus: 200,
      body: { transactionId: TRANSACTION_ID, currency: 'VND', cash: 65_000, bonus: 0, ...SUCCESS },
    });
    expect(await send('result', win)).toEqual(paid);
    expect(await ledgerOf(win.reference)).toEqual(['win 25000']);
    // The result ended the round: no stake is taken in it any more.
    expect((await send('bet', stake(player, '1000', { roundId: bet.roundId }))).body.error).toBe(120);

    const end = { ...call(player), gameId: bet.gameId, roundId: bet.roundId };
    const ended = { httpStatus: 200, body: { cash: 65_000, bonus: 0, ...SUCCESS } };
    expect(await send('endRound', end)).toEqual(ended);
    expect(await send('endRound', end)).toEqual(ended);
    expect(await send('endRound', { ...end, roundId: roundId() })).toEqual(ended);

    // A lost round: its result of nothing moves nothing.
    const lost = stake(player, '5000');
    await send('bet', lost);
    const nothing = result(player, lost, '0.00');
    expect((await send('result', nothing)).body).toMatchObject({
      transactionId: '0',
      cash: 60_000,
      error: 0,
    });
    expect(await ledgerOf(nothing.reference)).toEqual([]);
    expect(await balanceOf(player.caller)).toBe(60_000);
  });

  it('refunds a stake once, answers success to the refund of a stake never taken and refuses that stake later', async () => {
    const player = await pragmatic.playing(100_000);
    const bet = stake(player, '40000');
    await send('bet', bet);
    const refund = {
      ...call(player),
      reference: bet.reference,
      amount: '40000',
      gameId: bet.gameId,
      roundId: bet.roundId,
    };
    const refunded = await send('refund', refund);
    expect(refunded).toEqual({ httpStatus: 200, body: { transactionId: TRANSACTION_ID, ...SUCCESS } });
    expect(await balanceOf(player.caller)).toBe(100_000);
    expect(await send('refund', refund)).toEqual(refunded);
    expect(await ledgerOf(bet.reference)).toEqual(['bet 40000', 'reversal 40000']);

    // The stake whose answer Pragmatic never got: it refunds it, and the stake arrives after.
    const lost = stake(player, '25000');
    expect(await send('refund', { ...call(player), reference: lost.reference })).toEqual({
      httpStatus: 200,
      body: { transactionId: '0', ...SUCCESS },
    });
    expect((await send('bet', lost)).body.error).toBe(120);
    // A win of a round never opened here: refused for good; a loss of one moves nothing.
    expect((await send('result', result(player, lost, '1000'))).body.error).toBe(120);
    expect((await send('result', result(player, lost, '0'))).body).toMatchObject({ cash: 100_000, error: 0 });
    expect(await ledgerOf(lost.reference)).toEqual([]);
    expect(await balanceOf(player.caller)).toBe(100_000);
  });

  it('pays bonusWin, jackpotWin and promoWin as free-round, bonus, jackpot and promotion credits, once each', async () => {
    const player = await pragmatic.playing(10_000);
    const grant = await pragmatic.service.grantFreeRounds({
      merchantCode: 'kimlong',
      providerCode: PRAGMATIC_PROVIDER.code,
      memberId: player.memberId,
      gameId: pragmatic.gameId,
      rounds: 10,
      roundValue: 2_000n,
      turnoverMultiple: 3,
      expiresAt: new Date(t.time.clock().getTime() + 7 * DAY_MS),
    });
    // The free round's stake and its win are the bonus's: nothing moves until the bonus is over.
    const freeBet = stake(player, '2000', { bonusCode: grant.id });
    expect((await send('bet', freeBet)).body).toMatchObject({ transactionId: '0', cash: 10_000, error: 0 });
    const freeWin = result(player, freeBet, '7000', { bonusCode: grant.id });
    expect((await send('result', freeWin)).body).toMatchObject({
      transactionId: '0',
      cash: 10_000,
      error: 0,
    });
    expect([...(await ledgerOf(freeBet.reference)), ...(await ledgerOf(freeWin.reference))]).toEqual([]);

    const credit = (amount: string, fields: PragmaticParameters = {}) => ({
      ...call(player),
      amount,
      reference: reference(),
      timestamp: now(),
      ...fields,
    });
    const bonusWin = credit('7000.00', {
      bonusCode: grant.id,
      gameId: freeBet.gameId,
      roundId: freeBet.roundId,
    });
    const paid = await send('bonusWin', bonusWin);
    expect(paid).toEqual({
      httpStatus: 200,
      body: { transactionId: TRANSACTION_ID, currency: 'VND', cash: 17_000, bonus: 0, ...SUCCESS },
    });
    expect(await send('bonusWin', bonusWin)).toEqual(paid);
    expect(await ledgerOf(bonusWin.reference)).toEqual(['free_round_win 7000']);
    // Free rounds the site did not grant (a campaign of Pragmatic's): a bonus, under the merchant's terms.
    const campaign = credit('1000', { bonusCode: 'pp-campaign-42' });
    expect((await send('bonusWin', campaign)).body).toMatchObject({ cash: 18_000, error: 0 });
    expect(await ledgerOf(campaign.reference)).toEqual(['bonus_win 1000']);
    expect((await send('bonusWin', credit('0.00', { bonusCode: grant.id }))).body).toMatchObject({
      transactionId: '0',
      cash: 18_000,
      error: 0,
    });

    const jackpot = credit('5000', {
      gameId: 'vs25wolfjpt',
      roundId: roundId(),
      jackpotId: '162',
      jackpotDetails: '{"progressive":5000.0,"non-progressive":0.0}',
    });
    expect((await send('jackpotWin', jackpot)).body).toMatchObject({ cash: 23_000, error: 0 });
    expect(await ledgerOf(jackpot.reference)).toEqual(['jackpot_win 5000']);

    const promo = credit('3000', { campaignId: '68', campaignType: 'T', currency: 'VND' });
    expect((await send('promoWin', promo)).body).toMatchObject({ cash: 26_000, error: 0 });
    expect(await ledgerOf(promo.reference)).toEqual(['promo_win 3000']);
    expect((await send('promoWin', { ...promo, reference: reference(), currency: 'EUR' })).body.error).toBe(
      7,
    );

    // A prize drop paid with a round's result, under its own reference.
    const bet = stake(player, '1000');
    await send('bet', bet);
    const drop = reference();
    const won = result(player, bet, '0', {
      promoWinAmount: '500',
      promoWinReference: drop,
      promoCampaignType: 'R',
    });
    expect((await send('result', won)).body).toMatchObject({ cash: 25_500, error: 0 });
    expect(await ledgerOf(drop)).toEqual(['promo_win 500']);
    expect(await balanceOf(player.caller)).toBe(25_500);
  });

  it('answers HTTP 200 in Pragmatic’s shape a body not a form, too large or naming a parameter twice, and a fault', async () => {
    const badParameters = { httpStatus: 200, body: { error: 7, description: expect.any(String) } };
    expect(await send('balance', '{"userId":"1"}', { contentType: 'application/json' })).toEqual(
      badParameters,
    );
    expect(await send('balance', `userId=${'x'.repeat(70_000)}`)).toEqual(badParameters);
    expect(await send('balance', 'providerId=a&userId=b&userId=c&hash=0')).toEqual(badParameters);

    // Settings that do not read: the site's fault, logged; Pragmatic sends the call again (endRound: 130).
    const broken = { ...PRAGMATIC_PROVIDER, code: 'pragmatic-broken' };
    await registerPragmaticProvider(t.database.current.db, t.time.clock, broken);
    await testWalletRepository(t.database.current.db).saveProtocol(
      'kimlong',
      broken.code,
      { protocol: 'pragmatic', settings: '{"secret":"misnamed"}' },
      t.time.clock(),
    );
    logs.lines.length = 0;
    const fault = { providerCode: broken.code };
    expect(await send('balance', { providerId: 'PragmaticPlay', userId: 'u' }, fault)).toEqual({
      httpStatus: 200,
      body: { error: 100, description: 'Internal server error' },
    });
    expect((await send('endRound', { providerId: 'PragmaticPlay', userId: 'u' }, fault)).body.error).toBe(
      130,
    );
    expect(logs.lines.filter((line) => line.msg === 'unexpected error')).toHaveLength(2);
  });

  it('refuses a launch token past its 5 minutes, answers a provider switched off with 100, and logs no token', async () => {
    const late = await pragmatic.player(1_000);
    t.time.advance(6 * MINUTE_MS);
    logs.lines.length = 0;
    expect((await send('authenticate', { providerId: 'PragmaticPlay', token: late.token })).body.error).toBe(
      4,
    );
    expect(JSON.stringify(logs.lines)).not.toContain(late.token);

    const off = { ...PRAGMATIC_PROVIDER, code: 'pragmatic-off' };
    await registerPragmaticProvider(t.database.current.db, t.time.clock, off);
    await testWalletRepository(t.database.current.db).updateProvider(
      'kimlong',
      off.code,
      { enabled: false },
      t.time.clock(),
    );
    expect(await send('balance', call(late), { providerCode: off.code })).toEqual({
      httpStatus: 200,
      body: { error: 100, description: 'Internal server error' },
    });
  });

  it('keeps the books: each movement its ledger transaction, each round its sums; no call of the API table', async () => {
    expect(await providerBookProblems(t.database.current.db)).toEqual([]);
    const paths = Object.values(API).map((entry) => entry.path);
    expect(paths.filter((path) => path.startsWith(PRAGMATIC_WALLET_PATH))).toEqual([]);
  });
});
