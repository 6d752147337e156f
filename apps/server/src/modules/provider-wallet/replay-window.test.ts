import { randomUUID } from 'node:crypto';
import {
  PROVIDER_CODE_HEADER,
  PROVIDER_NONCE_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  PROVIDER_TIMESTAMP_WINDOW_SECONDS,
} from '@kl/contracts/provider-wallet';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { providerNonce, providerTransaction } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../test/suite.ts';
import { WALLET_DEADLINE } from './deadlines.ts';
import type { SignedProviderRequest } from './service.ts';
import { providerStatusOf } from './statuses.ts';
import { signedRequest, TEST_PROVIDER, testProviderWallet, useProviderCalls } from './testing.ts';

/**
 * The site's own protocol's replay window and the wallet's deadline (docs/decisions/070-provider-replay-window.md):
 * a signed request is answered once, whatever number of copies arrive and however they race; a provider's
 * retry is a new request (a nonce of its own) and answers as a repeat of its transaction id; a call held past
 * its game type's deadline writes nothing and answers the retryable 503.
 */

const WINDOW_MS = PROVIDER_TIMESTAMP_WINDOW_SECONDS * 1000;

describeEachDatabase('provider replay window', { embedded: true }, (kind) => {
  const t = useTestApp(kind);
  const suite = useProviderCalls(t);
  const { send, sendSigned, player } = suite;

  const balanceOf = async (caller: MemberCaller) => (await t.walletOf(caller)).sumBalance;
  const bet = (sessionId: string, amount: number, transactionId = randomUUID()) => ({
    sessionId,
    transactionId,
    roundId: `round-${transactionId}`,
    amount,
    currency: 'VND',
  });
  const replayed = {
    status: 401,
    code: 'PROVIDER_SIGNATURE_INVALID',
    providerStatus: 'RS_ERROR_INVALID_SIGNATURE',
    value: { reason: 'NONCE_REPLAYED' },
  };

  it('answers a signed request once: its copy is refused, and a request without a nonce too', async () => {
    const { sessionId } = await player(50_000);
    const request = signedRequest(TEST_PROVIDER, 'balance', { sessionId }, t.time.clock());
    expect(await sendSigned(request)).toMatchObject({ status: 200, value: { balance: 50_000 } });
    expect(await sendSigned(request)).toMatchObject(replayed);
    // The nonce is signed: another one under the same signature is not the provider's.
    expect(
      await sendSigned({
        ...request,
        headers: { ...request.headers, [PROVIDER_NONCE_HEADER]: 'x'.repeat(22) },
      }),
    ).toMatchObject({ status: 401, value: { reason: 'BAD_SIGNATURE' } });
    expect(await send('balance', { sessionId }, { nonce: null })).toMatchObject({
      status: 401,
      code: 'PROVIDER_SIGNATURE_INVALID',
      value: { reason: 'MISSING_NONCE' },
    });
    expect(await send('balance', { sessionId }, { nonce: 'short' })).toMatchObject({
      status: 401,
      value: { reason: 'MISSING_NONCE' },
    });
  });

  it('lets exactly one of a burst of identical requests through; a retry with a new nonce is a repeat', async () => {
    const { sessionId, caller } = await player(100_000);
    const body = bet(sessionId, 4_000);
    const request = signedRequest(TEST_PROVIDER, 'bet', body, t.time.clock());
    const burst = await Promise.all(Array.from({ length: 8 }, () => sendSigned(request)));
    const through = burst.filter((answer) => answer.status === 200);
    expect(through).toHaveLength(1);
    for (const answer of burst.filter((each) => each.status !== 200)) expect(answer).toMatchObject(replayed);
    expect(await balanceOf(caller)).toBe(96_000);

    // The provider's retry: the same transaction id under a new nonce answers the first answer, once.
    const retry = await send('bet', body);
    expect(retry).toMatchObject({ status: 200, providerStatus: 'RS_OK' });
    expect(retry.value).toEqual(through[0]?.value);
    expect(await balanceOf(caller)).toBe(96_000);
  });

  it('keeps a refused stake refused: its copy, sent once the money is there, moves nothing', async () => {
    const { sessionId, caller, memberId } = await player(1_000);
    const request = signedRequest(TEST_PROVIDER, 'bet', bet(sessionId, 5_000), t.time.clock());
    expect(await sendSigned(request)).toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE' });
    await t.fund(memberId, 10_000);
    expect(await sendSigned(request)).toMatchObject(replayed);
    expect(await balanceOf(caller)).toBe(11_000);
  });

  it('forgets a nonce once its window is over: the copy is stale, a new request may use it again', async () => {
    const { sessionId } = await player(20_000);
    const nonce = `reused-${randomUUID()}`;
    const first = signedRequest(TEST_PROVIDER, 'balance', { sessionId }, t.time.clock(), { nonce });
    expect(await sendSigned(first)).toMatchObject({ status: 200 });
    t.time.advance(WINDOW_MS - 1_000);
    expect(await send('balance', { sessionId }, { nonce })).toMatchObject(replayed);

    t.time.advance(2_000);
    expect(await sendSigned(first)).toMatchObject({ status: 401, code: 'PROVIDER_TIMESTAMP_EXPIRED' });
    expect(await send('balance', { sessionId }, { nonce })).toMatchObject({ status: 200 });
    expect(await send('balance', { sessionId }, { nonce })).toMatchObject(replayed);

    // The periodic pass deletes what no request can be accepted with any more, a window after.
    const { db } = t.database.current;
    const mine = and(eq(providerNonce.providerCode, TEST_PROVIDER.code), eq(providerNonce.nonce, nonce));
    t.time.advance(WINDOW_MS + 1_000);
    expect(await db.select().from(providerNonce).where(mine)).toHaveLength(1);
    t.time.advance(WINDOW_MS);
    expect(await suite.service.pruneNonces()).toBeGreaterThan(0);
    expect(await db.select().from(providerNonce).where(mine)).toHaveLength(0);
  });

  // One connection in the embedded database: no other transaction can hold a row meanwhile.
  it.skipIf(kind !== 'postgres')(
    'answers a call held past its deadline with the retryable 503, writing nothing',
    async () => {
      const { db } = t.database.current;
      const { sessionId, caller, memberId } = await player(30_000);
      const quick = testProviderWallet(db, t.time.clock, undefined, { RNG: 100 });
      const body = bet(sessionId, 5_000);
      const request = signedRequest(TEST_PROVIDER, 'bet', body, t.time.clock());
      const signed: SignedProviderRequest = {
        providerCode: request.headers[PROVIDER_CODE_HEADER],
        timestamp: request.headers[PROVIDER_TIMESTAMP_HEADER],
        nonce: request.headers[PROVIDER_NONCE_HEADER],
        signature: request.headers[PROVIDER_SIGNATURE_HEADER],
        rawBody: request.payload,
        ip: '127.0.0.1',
      };
      // Another transaction holds the member's accounts, which a stake locks first.
      const refusal = await db.transaction(async (tx) => {
        await tx.execute(sql`select id from ledger_account where member_id = ${memberId}::uuid for update`);
        return quick.bet(signed).catch((error: unknown) => error);
      });
      expect(refusal).toMatchObject({
        code: 'GAME_PROVIDER_UNAVAILABLE',
        statusCode: 503,
        value: { reason: WALLET_DEADLINE, deadlineMs: 100 },
      });
      expect(providerStatusOf('GAME_PROVIDER_UNAVAILABLE', { reason: WALLET_DEADLINE })).toBe(
        'RS_ERROR_UNKNOWN',
      );
      const written = await db
        .select()
        .from(providerTransaction)
        .where(eq(providerTransaction.transactionId, body.transactionId));
      expect(written).toEqual([]);
      expect(await balanceOf(caller)).toBe(30_000);

      // Sent again (a new nonce), it goes through once.
      expect(await send('bet', body)).toMatchObject({ status: 200, providerStatus: 'RS_OK' });
      expect(await balanceOf(caller)).toBe(25_000);
    },
  );
});
