import { randomUUID } from 'node:crypto';
import { API } from '@kl/contracts/api-paths';
import { SESSION_COOKIE } from '@kl/contracts/accounts';
import type { ProviderAuthenticateResult } from '@kl/contracts/provider-wallet';
import { MEMBER_EVENTS, type WalletBalance } from '@kl/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, freshIp, sessionCookieOf } from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../test/suite.ts';
import { eventReader, listenOnLoopback, openGet } from '../chat/testing.ts';
import {
  launchableGameId,
  registerTestProvider,
  signedRequest,
  TEST_PROVIDER,
} from '../provider-wallet/testing.ts';

/** A wake-up must come from a notification of the other app (batched every 100 ms), not a timer. */
const PROMPT_MS = 500;

describeEachDatabase('member event stream (docs/decisions/041-live-updates.md)', (kind) => {
  const t = useTestApp(kind);
  /** The other API process: its own member feed and listener, on the same database. */
  let other: FastifyInstance;
  let otherBase: string;
  const opened: (() => void)[] = [];

  beforeAll(async () => {
    const shared = t.database.current;
    if (!shared.listen) throw new Error('the test database cannot listen');
    other = await buildTestApp(shared, { clock: t.time.clock });
    otherBase = await listenOnLoopback(other);
  });
  afterAll(async () => {
    for (const close of opened) close();
    await other.close();
  });

  /** The member's event stream held on the other app, and a reader of its `balance` events. */
  async function streamOf(cookie: string | undefined) {
    const { response, close } = await openGet(
      `${otherBase}${API.memberEvents.path}`,
      cookie === undefined ? {} : { cookie: `${SESSION_COOKIE}=${cookie}` },
    );
    opened.push(close);
    return { response, close, events: eventReader(response, MEMBER_EVENTS.balance) };
  }

  const anyEvent = () => true;

  it('opens with the wallet, headers of a live stream, and a retry delay', async () => {
    const { caller } = await t.newMember();
    const { response, events } = await streamOf(caller.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['x-accel-buffering']).toBe('no');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(await events.next<WalletBalance>(anyEvent)).toEqual(await t.walletOf(caller));
  });

  it('a deposit credited through one app reaches the member’s stream on the other; no one else’s', async () => {
    const alice = await t.newMember();
    const bob = await t.newMember();
    const aliceStream = await streamOf(alice.caller.cookie);
    const bobStream = await streamOf(bob.caller.cookie);
    expect((await aliceStream.events.next<WalletBalance>(anyEvent)).sumBalance).toBe(0);
    expect((await bobStream.events.next<WalletBalance>(anyEvent)).sumBalance).toBe(0);

    // The gateway's callback, through the suite's app.
    await t.deposit(alice.caller, 150_000);
    const credited = await aliceStream.events.next<WalletBalance>(anyEvent, PROMPT_MS);
    expect(credited.sumBalance).toBe(150_000);
    expect(credited).toEqual(await t.walletOf(alice.caller));

    // Bob's stream was not woken by Alice's deposit: its next event is his own deposit's balance.
    await t.deposit(bob.caller, 60_000);
    expect((await bobStream.events.next<WalletBalance>(anyEvent, PROMPT_MS)).sumBalance).toBe(60_000);
  });

  it('a provider’s bet and win through one app reach the member’s stream on the other', async () => {
    const service = await registerTestProvider(t.database.current.db, t.time.clock);
    const gameId = await launchableGameId(t.database.current.db);
    const { row, caller } = await t.newMember();
    await t.fund(row.id, 100_000);
    const { token } = await service.issueLaunchToken({
      merchantCode: 'kimlong',
      memberId: row.id,
      providerCode: TEST_PROVIDER.code,
      gameId,
    });
    const send = async (action: 'authenticate' | 'bet' | 'win', body: Record<string, unknown>) => {
      const response = await t.app.inject(signedRequest(TEST_PROVIDER, action, body, t.time.clock()));
      expect(response.statusCode, response.body).toBe(200);
      return json<{ value: Record<string, unknown> }>(response).value;
    };
    const { sessionId } = (await send('authenticate', { token })) as ProviderAuthenticateResult;
    const { events } = await streamOf(caller.cookie);
    expect((await events.next<WalletBalance>(anyEvent)).sumBalance).toBe(100_000);

    const roundId = randomUUID();
    const move = { sessionId, roundId, currency: 'VND' };
    await send('bet', { ...move, transactionId: randomUUID(), amount: 30_000 });
    expect(await events.next<WalletBalance>((wallet) => wallet.sumBalance === 70_000, PROMPT_MS)).toEqual(
      await t.walletOf(caller),
    );
    await send('win', { ...move, transactionId: randomUUID(), amount: 45_000, roundClosed: true });
    expect(
      (await events.next<WalletBalance>((wallet) => wallet.sumBalance === 115_000, PROMPT_MS)).demo,
    ).toBe(false);
  });

  it('serves trial members their play money', async () => {
    const cookie = sessionCookieOf(await call(t.app, API.trialLogin, { ip: freshIp() }));
    const { response, events } = await streamOf(cookie);
    expect(response.statusCode).toBe(200);
    const wallet = await events.next<WalletBalance>(anyEvent);
    expect(wallet.demo).toBe(true);
    expect(wallet.sumBalance).toBeGreaterThan(0);
  });

  it('refuses a request without a session, and a signed-out session', async () => {
    const absent = await streamOf(undefined);
    expect(absent.response.statusCode).toBe(401);
    expect(JSON.parse(await absent.events.text())).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });

    const { caller } = await t.newMember();
    const out = await call(t.app, API.logout, caller as MemberCaller);
    expect(out.statusCode, out.body).toBe(200);
    const signedOut = await streamOf(caller.cookie);
    expect(signedOut.response.statusCode).toBe(401);
  });
});
