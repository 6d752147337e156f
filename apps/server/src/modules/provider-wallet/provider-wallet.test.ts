import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts/api-paths';
import type { GameRecords } from '@kl/contracts/game-records';
import type { TurnoverSummary } from '@kl/contracts/wagering';
import type { TransactionHistory } from '@kl/contracts/wallet';
import { eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerTransaction } from '../../db/schema/index.ts';
import { HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { call } from '../../test/accounts.ts';
import { captureLogs, json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../test/suite.ts';
import { checkLedger, checkWagering } from '../wallet/index.ts';
import { testWalletRepository } from './hub88/testing.ts';
import { checkProviderTransactions } from './index.ts';
import { TEST_PROVIDER, useProviderCalls } from './testing.ts';

/**
 * The provider wallet's contract (docs/decisions/025-provider-wallet.md), as a provider sees it: signed
 * calls answered with the provider's statuses, every transaction id one movement whatever repeats, rounds
 * that close, refunds that happen once, and a wallet that never goes below zero. One app and database per
 * database kind; each test plays with players of its own. The app sits behind a reverse proxy on the same
 * host (TRUST_PROXY=127.0.0.1, the peer of every `inject`), which is how a provider's address is read.
 */

const OTHER_PROVIDER = {
  code: 'otherprov',
  name: 'Other provider',
  secret: 'other-provider-secret-0123456789ab',
};

describeEachDatabase('provider wallet', { embedded: true }, (kind) => {
  const logs = captureLogs('info');
  const t = useTestApp(kind, { logger: logs.logger, config: { trustProxy: ['127.0.0.1'] } });
  const suite = useProviderCalls(t, [OTHER_PROVIDER]);
  const { send, player, tokens } = suite;

  const balanceOf = async (caller: MemberCaller) => (await t.walletOf(caller)).sumBalance;
  const movementsUnder = async (keyPattern: string) =>
    (
      await t.database.current.db
        .select({ id: ledgerTransaction.id })
        .from(ledgerTransaction)
        .where(like(ledgerTransaction.idempotencyKey, keyPattern))
    ).length;
  const bet = (sessionId: string, roundId: string, amount: number, transactionId = randomUUID()) => ({
    sessionId,
    transactionId,
    roundId,
    amount,
    currency: 'VND',
  });

  it('exchanges a launch token for a session once, with the player, balance and game', async () => {
    const { row } = await t.newMember();
    await t.fund(row.id, 250_000);
    const { token } = await suite.service.issueLaunchToken({
      merchantCode: 'kimlong',
      memberId: row.id,
      providerCode: TEST_PROVIDER.code,
      gameId: suite.gameId,
    });
    tokens.push(token);
    const first = await send('authenticate', { token });
    expect(first).toMatchObject({ status: 200, providerStatus: 'RS_OK' });
    expect(first.value).toMatchObject({
      playerId: row.id,
      currency: 'VND',
      balance: 250_000,
      gameId: suite.gameId,
      demo: false,
    });
    // Once: the launch address seen again (history, a Referer, a proxy's log) opens nothing, and two at
    // once open one session.
    expect(await send('authenticate', { token })).toMatchObject({
      status: 410,
      code: 'LAUNCH_LINK_EXPIRED',
      value: { reason: 'TOKEN_USED' },
      providerStatus: 'RS_ERROR_INVALID_TOKEN',
    });
    const { token: raced } = await suite.service.issueLaunchToken({
      merchantCode: 'kimlong',
      memberId: row.id,
      providerCode: TEST_PROVIDER.code,
      gameId: suite.gameId,
    });
    tokens.push(raced);
    const both = await Promise.all([
      send('authenticate', { token: raced }),
      send('authenticate', { token: raced }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 410]);
    const balance = await send('balance', { sessionId: first.value.sessionId });
    expect(balance.value).toEqual({ status: 'RS_OK', currency: 'VND', balance: 250_000 });

    expect(await send('authenticate', { token: 'not-a-token-we-issued' })).toMatchObject({
      status: 410,
      code: 'LAUNCH_LINK_EXPIRED',
      providerStatus: 'RS_ERROR_INVALID_TOKEN',
    });
    // Another provider cannot use the token, nor the session.
    expect(await send('authenticate', { token }, { provider: OTHER_PROVIDER })).toMatchObject({
      status: 410,
      providerStatus: 'RS_ERROR_INVALID_TOKEN',
    });
    expect(
      await send('balance', { sessionId: first.value.sessionId }, { provider: OTHER_PROVIDER }),
    ).toMatchObject({ status: 404, code: 'NOT_FOUND', providerStatus: 'RS_ERROR_INVALID_TOKEN' });

    const late = await suite.service.issueLaunchToken({
      merchantCode: 'kimlong',
      memberId: row.id,
      providerCode: TEST_PROVIDER.code,
      gameId: suite.gameId,
    });
    t.time.advance(6 * MINUTE_MS);
    expect(await send('authenticate', { token: late.token })).toMatchObject({
      status: 410,
      providerStatus: 'RS_ERROR_TOKEN_EXPIRED',
    });
  });

  it('refuses a bad signature, a signature of another action and a timestamp too old', async () => {
    const { sessionId } = await player(100_000);
    const body = bet(sessionId, 'sig-round', 1_000);
    const refused = {
      status: 401,
      code: 'PROVIDER_SIGNATURE_INVALID',
      providerStatus: 'RS_ERROR_INVALID_SIGNATURE',
    };
    expect(await send('bet', body, { secret: 'another-secret-of-at-least-32-characters' })).toMatchObject(
      refused,
    );
    // A bet's body signed for a win cannot be sent as a bet (nor the reverse).
    expect(await send('bet', body, { signAs: 'win' })).toMatchObject(refused);
    expect(await send('bet', body, { provider: { ...TEST_PROVIDER, code: 'nosuchprov' } })).toMatchObject(
      refused,
    );
    const now = Math.floor(t.time.clock().getTime() / 1000);
    expect(await send('bet', body, { timestamp: String(now - 301) })).toMatchObject({
      status: 401,
      code: 'PROVIDER_TIMESTAMP_EXPIRED',
      providerStatus: 'RS_ERROR_INVALID_SIGNATURE',
    });
    expect(await send('bet', body, { timestamp: String(now + 301) })).toMatchObject({ status: 401 });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: API.providerBet.path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(json(unsigned)).toMatchObject({
      code: 'PROVIDER_SIGNATURE_INVALID',
      value: { status: 'RS_ERROR_INVALID_SIGNATURE' },
    });
    // Nothing moved; within the window the same request is taken.
    expect(await movementsUnder(`provider-bet:${TEST_PROVIDER.code}:${body.transactionId}`)).toBe(0);
    expect(await send('bet', body, { timestamp: String(now - 299) })).toMatchObject({ status: 200 });
  });

  it('answers bad input with a catalogue code and the provider’s status, never a 500', async () => {
    const { sessionId } = await player(50_000);
    const wrongSyntax = { status: 400, code: 'INVALID_INPUT', providerStatus: 'RS_ERROR_WRONG_SYNTAX' };
    expect(await send('bet', '{"sessionId": ')).toMatchObject(wrongSyntax);
    expect(await send('bet', { ...bet(sessionId, 'r', 1_000), amount: -5 })).toMatchObject(wrongSyntax);
    expect(await send('bet', { ...bet(sessionId, 'r', 1_000), amount: 1.5 })).toMatchObject(wrongSyntax);
    expect(await send('bet', [])).toMatchObject(wrongSyntax);
    const itself = randomUUID();
    expect(
      await send('rollback', { sessionId, transactionId: itself, betTransactionId: itself }),
    ).toMatchObject(wrongSyntax);
    expect(await send('win', { ...bet(sessionId, 'r', 1_000), roundId: 'a b' })).toMatchObject(wrongSyntax);
    expect(await send('bet', { ...bet(sessionId, 'r', 1_000), currency: 'USD' })).toMatchObject({
      status: 400,
      providerStatus: 'RS_ERROR_WRONG_CURRENCY',
    });
    expect(await send('balance', { sessionId: randomUUID() })).toMatchObject({
      status: 404,
      providerStatus: 'RS_ERROR_INVALID_TOKEN',
    });
    const disabled = { ...OTHER_PROVIDER, code: 'offprov' };
    await suite.service.saveProvider({ merchantCode: 'kimlong', ...disabled, enabled: false });
    expect(await send('balance', { sessionId }, { provider: disabled })).toMatchObject({
      status: 403,
      code: 'FEATURE_NOT_ENABLED',
      providerStatus: 'RS_ERROR_INVALID_PARTNER',
    });
  });

  it('takes a changed key and a provider switched off or on again from the next bet on, whatever the server read before', async () => {
    // Another process (the back office's) changes the provider: this server read it at the first bet.
    const provider = { ...OTHER_PROVIDER, code: 'keyprov' };
    await suite.service.saveProvider({ merchantCode: 'kimlong', ...provider });
    const { sessionId, caller } = await player(100_000, provider);
    expect(await send('bet', bet(sessionId, 'key-1', 1_000), { provider })).toMatchObject({ status: 200 });

    const rotated = { ...provider, secret: 'keyprov-rotated-secret-0123456789abcdef' };
    await suite.service.saveProvider({ merchantCode: 'kimlong', ...rotated });
    expect(await send('bet', bet(sessionId, 'key-2', 1_000), { provider })).toMatchObject({
      status: 401,
      code: 'PROVIDER_SIGNATURE_INVALID',
    });
    expect(await send('bet', bet(sessionId, 'key-2', 1_000), { provider: rotated })).toMatchObject({
      status: 200,
      value: { balance: 98_000 },
    });

    await suite.service.saveProvider({ merchantCode: 'kimlong', ...rotated, enabled: false });
    for (const action of ['bet', 'win'] as const) {
      expect(await send(action, bet(sessionId, 'key-2', 1_000), { provider: rotated })).toMatchObject({
        status: 403,
        code: 'FEATURE_NOT_ENABLED',
      });
    }
    // Switched on again, its next bet is taken at once.
    await suite.service.saveProvider({ merchantCode: 'kimlong', ...rotated });
    expect(await send('bet', bet(sessionId, 'key-3', 1_000), { provider: rotated })).toMatchObject({
      status: 200,
      value: { balance: 97_000 },
    });
    expect(await balanceOf(caller)).toBe(97_000);
  });

  it('answers a provider that named its servers only from them, from its next call in every process; any address with none', async () => {
    const provider = { ...OTHER_PROVIDER, code: 'fencedprov' };
    await suite.service.saveProvider({ merchantCode: 'kimlong', ...provider });
    const { sessionId, caller } = await player(100_000, provider);
    // No list: any address (this bet keeps the provider's row in memory, list and all).
    expect(
      await send('bet', bet(sessionId, 'fence-0', 1_000), { provider, forwardedFor: '192.0.2.200' }),
    ).toMatchObject({ status: 200 });

    // An owner names its servers (the back office writes the row): an address and a block of each family.
    const allow = (allowedAddresses: string[]) =>
      testWalletRepository(t.database.current.db).updateProvider(
        'kimlong',
        provider.code,
        { allowedAddresses },
        t.time.clock(),
      );
    await allow(['203.0.113.10', '198.51.100.0/24', '2001:db8::10', '2001:db8:1::/48']);
    const refused = {
      status: 401,
      code: 'PROVIDER_SIGNATURE_INVALID',
      value: { reason: 'ADDRESS_NOT_ALLOWED' },
      providerStatus: 'RS_ERROR_INVALID_SIGNATURE',
    };
    const outside = bet(sessionId, 'fence-1', 1_000);
    for (const address of ['192.0.2.200', '203.0.113.11', '198.51.101.1', '2001:db8::11', '2001:db9::1']) {
      // Correctly signed, from the proxy that forwards the address: refused before its signature counts.
      expect(await send('bet', outside, { provider, forwardedFor: address })).toMatchObject(refused);
      expect(await send('balance', { sessionId }, { provider, forwardedFor: address })).toMatchObject(
        refused,
      );
    }
    // The proxy's own address is not the provider's; an address the caller writes in front of the one the
    // proxy appended counts for nothing, nor a header from a peer that is not the trusted proxy.
    expect(await send('bet', outside, { provider })).toMatchObject(refused);
    expect(await send('bet', outside, { provider, forwardedFor: '203.0.113.10, 192.0.2.200' })).toMatchObject(
      refused,
    );
    expect(
      await send('bet', outside, { provider, remoteAddress: '192.0.2.9', forwardedFor: '203.0.113.10' }),
    ).toMatchObject(refused);
    expect(await movementsUnder(`provider-bet:${provider.code}:${outside.transactionId}`)).toBe(0);

    let balance = 99_000;
    for (const from of [
      { forwardedFor: '203.0.113.10' },
      { forwardedFor: '198.51.100.77' },
      { forwardedFor: '2001:db8::10' },
      { forwardedFor: '2001:db8:1:ff::5' },
      // Straight from a provider's server (no proxy), seen as IPv4-mapped IPv6 on a dual-stack socket.
      { remoteAddress: '::ffff:198.51.100.78' },
    ]) {
      balance -= 1_000;
      expect(
        await send('bet', bet(sessionId, 'fence-2', 1_000), { provider, ...from }),
        JSON.stringify(from),
      ).toMatchObject({ status: 200, value: { balance } });
    }
    // A server added to the list is answered at once, whatever the row this process kept.
    await allow(['203.0.113.10', '192.0.2.200']);
    expect(
      await send('bet', bet(sessionId, 'fence-3', 1_000), { provider, forwardedFor: '192.0.2.200' }),
    ).toMatchObject({ status: 200, value: { balance: balance - 1_000 } });
    // An empty list lets any address call again.
    await allow([]);
    expect(await send('win', bet(sessionId, 'fence-3', 5_000), { provider })).toMatchObject({ status: 200 });
    expect(await balanceOf(caller)).toBe(balance + 4_000);

    // Each refusal logged at warn with the provider and the address, never the body.
    const refusals = logs.lines.filter(
      (line) => line.msg === 'provider call refused' && line.reason === 'ADDRESS_NOT_ALLOWED',
    );
    expect(refusals).toContainEqual(
      expect.objectContaining({ level: 40, provider: provider.code, address: '2001:db9::1' }),
    );
    expect(JSON.stringify(refusals)).not.toContain(outside.transactionId);
  });

  it('answers a repeated bet and win with the first answer, moving the money once', async () => {
    const { sessionId, caller } = await player(100_000);
    const stake = bet(sessionId, 'dup-round', 30_000);
    const first = await send('bet', stake);
    expect(first).toMatchObject({ status: 200, providerStatus: 'RS_OK' });
    expect(first.value).toMatchObject({ transactionId: stake.transactionId, balance: 70_000 });
    const again = await send('bet', stake);
    expect(again.value).toEqual(first.value);
    expect(await movementsUnder(`provider-bet:${TEST_PROVIDER.code}:${stake.transactionId}`)).toBe(1);

    const payout = { ...bet(sessionId, 'dup-round', 45_000), roundClosed: false };
    const won = await send('win', payout);
    expect(won.value).toMatchObject({ status: 'RS_OK', balance: 115_000 });
    expect((await send('win', payout)).value).toEqual(won.value);
    expect(await movementsUnder(`provider-win:${TEST_PROVIDER.code}:${payout.transactionId}`)).toBe(1);
    expect(await balanceOf(caller)).toBe(115_000);

    // The same id asking something else is refused, as is a win that reuses a bet's id.
    expect(await send('bet', { ...stake, amount: 31_000 })).toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_CONFLICT',
      providerStatus: 'RS_ERROR_DUPLICATE_TRANSACTION',
    });
    expect(await send('win', { ...payout, transactionId: stake.transactionId })).toMatchObject({
      status: 409,
      providerStatus: 'RS_ERROR_DUPLICATE_TRANSACTION',
    });
    expect(await balanceOf(caller)).toBe(115_000);
  });

  it('refunds a bet rolled back after it once, and refuses a bet rolled back before it', async () => {
    const { sessionId, caller } = await player(100_000);
    const stake = bet(sessionId, 'rb-round', 40_000);
    await send('bet', stake);
    const rollback = { sessionId, transactionId: randomUUID(), betTransactionId: stake.transactionId };
    const refunded = await send('rollback', rollback);
    expect(refunded.value).toMatchObject({ status: 'RS_OK', balance: 100_000 });
    expect((await send('rollback', rollback)).value).toEqual(refunded.value);
    // Another rollback of the same bet refunds nothing again.
    const second = await send('rollback', { ...rollback, transactionId: randomUUID() });
    expect(second.value).toMatchObject({ status: 'RS_OK', operatorTransactionId: null, balance: 100_000 });
    expect(await movementsUnder(`provider-rollback:${TEST_PROVIDER.code}:${stake.transactionId}`)).toBe(1);

    // The provider rolls back a bet the wallet never saw (its answer got lost): the bet may not come later.
    const unseen = bet(sessionId, 'rb-round', 20_000);
    const early = await send('rollback', {
      sessionId,
      transactionId: randomUUID(),
      betTransactionId: unseen.transactionId,
    });
    expect(early.value).toMatchObject({ status: 'RS_OK', operatorTransactionId: null, balance: 100_000 });
    expect(await send('bet', unseen)).toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_CONFLICT',
      providerStatus: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
    });
    expect(await balanceOf(caller)).toBe(100_000);

    // A round whose every stake was refunded ends cancelled: nothing played.
    expect((await send('round-end', { sessionId, roundId: 'rb-round' })).status).toBe(200);
    const records = json<{ value: GameRecords }>(await call(t.app, API.gameRecords, caller)).value;
    expect(records.list).toEqual([
      expect.objectContaining({ roundId: 'rb-round', status: 'cancelled', stake: 0, payout: 0 }),
    ]);
  });

  it('refuses a win without a bet, a stake or win after the round ended, and a refund after it', async () => {
    const { sessionId, caller } = await player(100_000);
    expect(await send('win', bet(sessionId, 'never-opened', 5_000))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      providerStatus: 'RS_ERROR_ROUND_NOT_FOUND',
    });
    expect(await send('round-end', { sessionId, roundId: 'never-opened' })).toMatchObject({
      status: 404,
      providerStatus: 'RS_ERROR_ROUND_NOT_FOUND',
    });

    const stake = bet(sessionId, 'closing-round', 10_000);
    await send('bet', stake);
    const ended = await send('round-end', { sessionId, roundId: 'closing-round' });
    expect(ended.value).toEqual({
      status: 'RS_OK',
      roundId: 'closing-round',
      currency: 'VND',
      balance: 90_000,
    });
    expect((await send('round-end', { sessionId, roundId: 'closing-round' })).value).toEqual(ended.value);
    const closed = { status: 409, code: 'GAME_ROUND_CLOSED', providerStatus: 'RS_ERROR_ROUND_CLOSED' };
    expect(await send('bet', bet(sessionId, 'closing-round', 1_000))).toMatchObject(closed);
    expect(
      await send('rollback', {
        sessionId,
        transactionId: randomUUID(),
        betTransactionId: stake.transactionId,
      }),
    ).toMatchObject(closed);
    // The repeat of the bet accepted before the end still answers its first answer.
    expect(await send('bet', stake)).toMatchObject({ status: 200, value: { balance: 90_000 } });
    expect(await balanceOf(caller)).toBe(90_000);

    // Players of one live table share the provider's round id: each has a round of their own.
    const other = await player(10_000);
    expect(await send('win', bet(other.sessionId, 'closing-round', 1_000))).toMatchObject({
      status: 404,
      providerStatus: 'RS_ERROR_ROUND_NOT_FOUND',
    });
    expect(await send('bet', bet(other.sessionId, 'closing-round', 4_000))).toMatchObject({ status: 200 });
    expect(await send('win', bet(other.sessionId, 'closing-round', 9_000))).toMatchObject({
      status: 200,
      value: { balance: 15_000 },
    });
  });

  it('refuses a stake the wallet cannot pay, and takes it once the money is there', async () => {
    const { sessionId, caller, memberId } = await player(5_000);
    const stake = bet(sessionId, 'poor-round', 8_000);
    expect(await send('bet', stake)).toMatchObject({
      status: 409,
      code: 'INSUFFICIENT_BALANCE',
      providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });
    expect(await balanceOf(caller)).toBe(5_000);
    // A refusal records nothing: the same transaction sent again after a deposit goes through.
    await t.fund(memberId, 10_000);
    expect(await send('bet', stake)).toMatchObject({ status: 200, value: { balance: 7_000 } });
  });

  it('takes exactly the affordable stakes of 20 sent at once, and the wallet stays above zero', async () => {
    const { sessionId, caller } = await player(100_000);
    const stakes = Array.from({ length: 20 }, () => bet(sessionId, 'busy-round', 7_000));
    const answers = await Promise.all(stakes.map((stake) => send('bet', stake)));
    const taken = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(taken).toHaveLength(14);
    expect(refused).toHaveLength(6);
    for (const answer of refused) expect(answer.providerStatus).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(Math.min(...taken.map((answer) => answer.value.balance as number))).toBe(2_000);
    expect(await balanceOf(caller)).toBe(2_000);
    const records = json<{ value: GameRecords }>(await call(t.app, API.gameRecords, caller)).value;
    expect(records.list[0]).toMatchObject({ roundId: 'busy-round', stake: 98_000, status: 'open' });
  });

  it('answers requests that race each other as if they came one after the other', async () => {
    const { sessionId, caller } = await player(50_000);
    // The provider sends the same bet five times at once (its retries overtook the first).
    const stake = bet(sessionId, 'race-round', 10_000);
    const copies = await Promise.all(Array.from({ length: 5 }, () => send('bet', stake)));
    for (const copy of copies) expect(copy).toMatchObject({ status: 200, value: copies[0]?.value });
    expect(await movementsUnder(`provider-bet:${TEST_PROVIDER.code}:${stake.transactionId}`)).toBe(1);
    expect(await balanceOf(caller)).toBe(40_000);

    // A bet and its rollback at once: refunded, or refused as rolled back; never taken for good.
    const raced = bet(sessionId, 'race-round', 15_000);
    const rollback = { sessionId, transactionId: randomUUID(), betTransactionId: raced.transactionId };
    const [taken, undone] = await Promise.all([send('bet', raced), send('rollback', rollback)]);
    expect(undone).toMatchObject({ status: 200, providerStatus: 'RS_OK' });
    expect([200, 409]).toContain(taken.status);
    expect(await balanceOf(caller)).toBe(40_000);
    expect((await send('bet', raced)).status).toBe(taken.status);
  });

  it('records the round in the game records and counts its settled stakes toward turnover', async () => {
    // A deposit made the member's way: it must be played through once (the demo merchant's rule).
    const { caller, sessionId } = await player(200_000, TEST_PROVIDER, 'deposit');
    await send('bet', bet(sessionId, 'counted-round', 30_000));
    await send('bet', bet(sessionId, 'counted-round', 20_000));
    const turnoverOf = async () =>
      json<{ value: TurnoverSummary }>(await call(t.app, API.walletTurnover, caller)).value.requirements[0]
        ?.progress;
    // Stakes count when the round is settled, not when they are taken.
    expect(await turnoverOf()).toBe(0);
    await send('win', { ...bet(sessionId, 'counted-round', 12_000), roundClosed: true });
    expect(await turnoverOf()).toBe(50_000);

    const records = json<{ value: GameRecords }>(await call(t.app, API.gameRecords, caller)).value;
    expect(records.list[0]).toMatchObject({
      roundId: 'counted-round',
      vendorCode: TEST_PROVIDER.code,
      gameId: suite.gameId,
      stake: 50_000,
      payout: 12_000,
      net: -38_000,
      status: 'settled',
    });
    // The member's history names the game and the round of each stake and win, not the ledger's reference.
    const history = json<{ value: TransactionHistory }>(
      await call(t.app, API.walletTransactions, caller, { query: { kind: 'bet,win' } }),
    ).value;
    const game = { name: records.list[0]?.gameName, round: 'counted-round' };
    expect(records.list[0]?.gameName).toBeTruthy();
    expect(history.list.map((line) => [line.kind, line.game])).toEqual([
      ['win', game],
      ['bet', game],
      ['bet', game],
    ]);
  });

  it('pays a win that comes after its round ended into that round, once, its stakes not counted again', async () => {
    // Paid deposits up to VIP 1 credit the upgrade bonus: while it runs, what the member wins is locked with it.
    const { caller, sessionId } = await player(1_000_000, TEST_PROVIDER, 'deposit');
    expect((await call(t.app, API.myVip, caller)).statusCode).toBe(200);
    const turnover = async () =>
      json<{ value: TurnoverSummary }>(await call(t.app, API.walletTurnover, caller)).value.requirements;
    await send('bet', bet(sessionId, 'late-round', 10_000));
    const ended = await send('win', { ...bet(sessionId, 'late-round', 0), roundClosed: true });
    expect(ended.status).toBe(200);
    const before = await turnover();
    const bonus = before.findIndex((requirement) => requirement.source === 'bonus');
    expect(before[bonus]?.status).toBe('active');

    // The provider's retried win lands after the round ended: paid, into the round, which stays ended.
    const late = bet(sessionId, 'late-round', 30_000);
    const paid = await send('win', late);
    expect(paid).toMatchObject({
      status: 200,
      providerStatus: 'RS_OK',
      value: { balance: Number(ended.value.balance) + 30_000 },
    });
    // Once: the same id answers the first answer; another amount under it is refused.
    expect(await send('win', late)).toEqual(paid);
    expect(await send('win', { ...late, amount: 31_000 })).toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_CONFLICT',
    });
    expect(await movementsUnder(`%${late.transactionId}%`)).toBe(1);
    expect(await balanceOf(caller)).toBe(Number(ended.value.balance) + 30_000);
    const records = json<{ value: GameRecords }>(await call(t.app, API.gameRecords, caller)).value;
    expect(records.list.find((record) => record.roundId === 'late-round')).toMatchObject({
      stake: 10_000,
      payout: 30_000,
      status: 'settled',
    });
    // The stakes counted when the round ended, not again; the late win is locked with the running bonus.
    const after = await turnover();
    expect(after.map((requirement) => requirement.progress)).toEqual(
      before.map((requirement) => requirement.progress),
    );
    expect(after[bonus]?.lockedBonus).toBe(Number(before[bonus]?.lockedBonus) + 30_000);
    // A stake into the ended round is still refused.
    expect(await send('bet', bet(sessionId, 'late-round', 1_000))).toMatchObject({
      status: 409,
      code: 'GAME_ROUND_CLOSED',
      providerStatus: 'RS_ERROR_ROUND_CLOSED',
    });
  });

  it('takes back a win of a round still open, once; not a win already spent, nor one of an ended round', async () => {
    const { caller, sessionId } = await player(50_000);
    await send('bet', bet(sessionId, 'corrected', 10_000));
    const win = bet(sessionId, 'corrected', 25_000);
    expect(await send('win', win)).toMatchObject({ status: 200, value: { balance: 65_000 } });
    const takeBack = { sessionId, transactionId: randomUUID(), betTransactionId: win.transactionId };
    const taken = await send('rollback', takeBack);
    expect(taken).toMatchObject({ status: 200, providerStatus: 'RS_OK', value: { balance: 40_000 } });
    // Once: the same rollback answers the same; another one naming the win takes nothing more.
    expect(await send('rollback', takeBack)).toEqual(taken);
    expect(await send('rollback', { ...takeBack, transactionId: randomUUID() })).toMatchObject({
      status: 200,
      value: { balance: 40_000 },
    });

    // A win the member has played away since is not taken back: the balance never goes below zero.
    const spent = bet(sessionId, 'corrected', 30_000);
    await send('win', spent);
    await send('bet', bet(sessionId, 'next-round', 60_000));
    const takeSpent = () =>
      send('rollback', { sessionId, transactionId: randomUUID(), betTransactionId: spent.transactionId });
    expect(await takeSpent()).toMatchObject({
      status: 409,
      code: 'INSUFFICIENT_BALANCE',
      providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });
    // Nor once its round has ended.
    await send('round-end', { sessionId, roundId: 'corrected' });
    expect(await takeSpent()).toMatchObject({ status: 409, code: 'GAME_ROUND_CLOSED' });
    expect(await balanceOf(caller)).toBe(10_000);
    const records = json<{ value: GameRecords }>(await call(t.app, API.gameRecords, caller)).value;
    expect(records.list.find((record) => record.roundId === 'corrected')).toMatchObject({
      stake: 10_000,
      payout: 30_000,
      status: 'settled',
    });
    expect((await checkProviderTransactions(t.database.current.db)).problems).toEqual([]);
  });

  it('refuses stakes of a member under a time-out, still paying the wins of the open round', async () => {
    const { sessionId, caller } = await player(60_000);
    await send('bet', bet(sessionId, 'paused-round', 10_000));
    const started = await call(t.app, API.startTimeOut, caller, { payload: { period: '24h' } });
    expect(started.statusCode, started.body).toBe(200);
    expect(await send('bet', bet(sessionId, 'paused-round', 10_000))).toMatchObject({
      status: 403,
      code: 'ACCOUNT_TIMED_OUT',
      providerStatus: 'RS_ERROR_USER_DISABLED',
    });
    expect(await send('win', bet(sessionId, 'paused-round', 25_000))).toMatchObject({
      status: 200,
      value: { balance: 75_000 },
    });
  });

  it('stops a session taking stakes after its time, and still pays its wins', async () => {
    const { sessionId } = await player(30_000);
    await send('bet', bet(sessionId, 'long-round', 10_000));
    t.time.advance(13 * HOUR_MS);
    expect(await send('bet', bet(sessionId, 'long-round', 1_000))).toMatchObject({
      status: 401,
      code: 'SESSION_EXPIRED',
      providerStatus: 'RS_ERROR_TOKEN_EXPIRED',
    });
    expect(await send('win', { ...bet(sessionId, 'long-round', 4_000), roundClosed: true })).toMatchObject({
      status: 200,
      value: { balance: 24_000 },
    });
  });

  it('leaves a ledger the check finds sound, and logs no secret nor token', async () => {
    const db = t.database.current.db;
    const ledger = await checkLedger(db);
    const providers = await checkProviderTransactions(db);
    const wagering = await checkWagering(db);
    expect([...ledger.problems, ...providers.problems, ...wagering.problems]).toEqual([]);
    expect(providers.summary).toMatch(
      /^provider transactions: \d+ bet, \d+ rollback, \d+ void_bet, \d+ win;/,
    );

    // The check sees a transaction that lost its money.
    const [win] = await db
      .select({ id: ledgerTransaction.id })
      .from(ledgerTransaction)
      .where(like(ledgerTransaction.idempotencyKey, 'provider-win:%'))
      .limit(1);
    await db
      .update(ledgerTransaction)
      .set({ idempotencyKey: 'moved-away' })
      .where(eq(ledgerTransaction.id, win?.id ?? 0));
    const broken = await checkProviderTransactions(db);
    expect(broken.problems.map((problem) => problem.kind)).toEqual(['provider_ledger_mismatch']);

    const logged = JSON.stringify(logs.lines);
    expect(logged).not.toContain(TEST_PROVIDER.secret);
    for (const token of tokens) expect(logged).not.toContain(token);
    expect(logged).toContain('provider call');
  });
});
