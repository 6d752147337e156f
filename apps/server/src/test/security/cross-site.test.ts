import { randomUUID } from 'node:crypto';
import { adminCalls } from '@kl/contracts/admin/calls';
import { OPERATOR_COOKIE, OPERATOR_LOGIN_FREE_ATTEMPTS } from '@kl/contracts/admin/auth';
import { SESSION_COOKIE } from '@kl/contracts/accounts';
import { API, API_ENTRIES } from '@kl/contracts/api-paths';
import { expect, it } from 'vitest';
import { CROSS_SITE_EXEMPT_CALLS, refusesCrossSite } from '../../platform/same-origin.ts';
import { call, type Caller, freshIp } from '../accounts.ts';
import { json } from '../app.ts';
import { adminRequest, createOperator, OPERATOR_TEST_PASSWORD, useBackOfficeSuite } from '../back-office.ts';
import { describeEachDatabase } from '../databases.ts';

/**
 * Cross-site requests refused by the one hook of the API
 * (docs/decisions/035-client-address-and-cross-site-requests.md): every state-changing call of the API
 * table, the member's and the back office's, before anything of the call happens.
 */

const CROSS_SITE = { 'sec-fetch-site': 'cross-site' };
const FOREIGN_ORIGIN = { origin: 'https://elsewhere.test' };
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
/** What the browsers of another site send; each is refused on its own. */
const FROM_ANOTHER_SITE = [CROSS_SITE, FOREIGN_ORIGIN];

type Headers = Record<string, string>;

/** [status, code] of an answer. */
const outcome = (response: { statusCode: number; body: string }) => [
  response.statusCode,
  json<{ code?: string }>(response).code,
];
const REFUSED = [403, 'CROSS_SITE_REQUEST'];

describeEachDatabase('cross-site requests', (kind) => {
  // Every optional call registered, so that the walk below reaches each entry of the table.
  const { suite, operators } = useBackOfficeSuite(
    kind,
    { owner: 'owner' },
    {
      config: {
        devClock: true,
        sandboxProvider: true,
      },
    },
  );

  /** A member's call with extra headers. */
  const memberCall = (
    entry: { method: string; path: string },
    caller: Caller,
    headers: Headers,
    payload?: unknown,
  ) =>
    suite.app.inject({
      method: entry.method as 'POST',
      url: entry.path,
      remoteAddress: caller.ip,
      headers: {
        'accept-language': 'en',
        ...(caller.cookie && { cookie: `${SESSION_COOKIE}=${caller.cookie}` }),
        ...headers,
      },
      ...(payload !== undefined && { payload: payload as object }),
    });

  it('covers every state-changing call of the API table, or names it exempt as a server-to-server call', async () => {
    const changing = API_ENTRIES.filter(([, entry]) => entry.method !== 'GET');
    const exempt = changing.filter(([, entry]) => !refusesCrossSite(entry)).map(([name]) => name);
    expect(exempt.sort()).toEqual(Object.keys(CROSS_SITE_EXEMPT_CALLS).sort());
    for (const [name, entry] of changing) {
      expect(suite.app.hasRoute({ method: entry.method, url: entry.path }), name).toBe(true);
      const url = entry.path.replace(/:[A-Za-z]+/g, '1');
      for (const headers of FROM_ANOTHER_SITE) {
        const response = await suite.app.inject({
          method: entry.method,
          url,
          remoteAddress: freshIp(),
          headers: { 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
        if (exempt.includes(name)) expect(outcome(response), name).not.toEqual(REFUSED);
        else expect(outcome(response), `${name} ${JSON.stringify(headers)}`).toEqual(REFUSED);
      }
    }
  });

  it('refuses a member’s POST, PUT and DELETE from another site before anything changes', async () => {
    const { caller } = await suite.newMember();
    const settings = async () =>
      json<{ value: { depositLimits: { period: string; amount: number | null }[]; exclusion: unknown } }>(
        await call(suite.app, API.responsibleGaming, caller),
      ).value;
    const limitOf = async (period: string) =>
      (await settings()).depositLimits.find((limit) => limit.period === period)?.amount;
    const before = await settings();
    expect(before.exclusion).toBeNull();

    for (const headers of FROM_ANOTHER_SITE) {
      // A page elsewhere cannot lock the member out, change their limits, or sign them out.
      const exclusion = await memberCall(API.startTimeOut, caller, headers, { period: '24h' });
      expect(outcome(exclusion)).toEqual(REFUSED);
      const limits = await memberCall(API.setDepositLimits, caller, headers, { daily: 500_000 });
      expect(outcome(limits)).toEqual(REFUSED);
      const logout = await memberCall(API.logout, caller, headers);
      expect(outcome(logout)).toEqual(REFUSED);
      expect(await settings()).toEqual(before);
    }

    // The site's own pages, and callers that are not browsers, go through.
    const own = await memberCall(API.setDepositLimits, caller, SAME_ORIGIN, { daily: 500_000 });
    expect(own.statusCode, own.body).toBe(200);
    const script = await memberCall(API.setDepositLimits, caller, {}, { weekly: 2_000_000 });
    expect(script.statusCode, script.body).toBe(200);
    expect(await limitOf('daily')).toBe(500_000);
    expect(await limitOf('weekly')).toBe(2_000_000);
    // A GET from another site is not refused.
    expect((await memberCall(API.responsibleGaming, caller, CROSS_SITE)).statusCode).toBe(200);
  });

  it('refuses a back-office sign-in from another site without counting an attempt', async () => {
    const created = await createOperator(suite.database.current.db, suite.time.clock, { role: 'support' });
    const signIn = (password: string, headers: Headers) =>
      suite.app.inject({
        method: 'POST',
        url: adminCalls.adminLogin.path,
        remoteAddress: freshIp(),
        headers: { 'accept-language': 'en', ...headers },
        payload: { username: created.username, password },
      });
    // As many wrong passwords as would make the next check ask for a captcha, had they been counted.
    for (let index = 0; index < OPERATOR_LOGIN_FREE_ATTEMPTS; index += 1) {
      const headers = FROM_ANOTHER_SITE[index % FROM_ANOTHER_SITE.length] ?? CROSS_SITE;
      expect(outcome(await signIn(`wrong-password-${index}`, headers))).toEqual(REFUSED);
    }
    const right = await signIn(OPERATOR_TEST_PASSWORD, SAME_ORIGIN);
    expect(right.statusCode, right.body).toBe(200);
    expect(json(right)).toMatchObject({ value: { step: 'enrol' } });
  });

  it('refuses an operator’s change from another site: no adjustment is made, the session stays', async () => {
    const owner = operators.owner;
    const { row, caller } = await suite.newMember();
    const adjustmentsOf = async () =>
      json<{ value: { list: { memberId: string }[] } }>(
        await adminRequest(suite.app, adminCalls.adminAdjustments, owner),
      ).value.list.filter((entry) => entry.memberId === row.id);
    const adjust = (headers: Headers) =>
      suite.app.inject({
        method: 'POST',
        url: adminCalls.adminCreateAdjustment.path,
        remoteAddress: owner.ip,
        headers: { 'accept-language': 'en', cookie: `${OPERATOR_COOKIE}=${owner.cookie}`, ...headers },
        payload: {
          memberId: row.id,
          direction: 'credit',
          amount: 1000,
          reason: 'goodwill for an outage',
          idempotencyKey: randomUUID(),
        },
      });

    for (const headers of FROM_ANOTHER_SITE) {
      expect(outcome(await adjust(headers))).toEqual(REFUSED);
      const signOut = await suite.app.inject({
        method: 'DELETE',
        url: adminCalls.adminLogout.path,
        remoteAddress: owner.ip,
        headers: { cookie: `${OPERATOR_COOKIE}=${owner.cookie}`, ...headers },
      });
      expect(outcome(signOut)).toEqual(REFUSED);
    }
    expect(await adjustmentsOf()).toEqual([]);
    expect((await suite.walletOf(caller)).available).toBe(0);
    // Still signed in: a GET from another site is not refused either.
    const self = await suite.app.inject({
      url: adminCalls.adminSession.path,
      remoteAddress: owner.ip,
      headers: { cookie: `${OPERATOR_COOKIE}=${owner.cookie}`, ...CROSS_SITE },
    });
    expect(self.statusCode, self.body).toBe(200);

    const own = await adjust(SAME_ORIGIN);
    expect(own.statusCode, own.body).toBe(200);
    expect(await adjustmentsOf()).toHaveLength(1);
    expect((await suite.walletOf(caller)).available).toBe(1000);
  });
});
