import { API, successEnvelope } from '@kl/contracts';
import { gameSearchResult } from '@kl/contracts/games';
import { memberInfo } from '@kl/contracts/member-session';
import {
  exclusionStarted,
  responsibleGamingSettings,
  type ResponsibleGamingSettings,
} from '@kl/contracts/responsible-gaming';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, memberSession, type MemberRow } from '../../db/schema/index.ts';
import {
  type Caller,
  call,
  freshIp,
  postEncrypted,
  sessionCookieOf,
  testClock,
} from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { payAtGateway } from '../../test/gateway.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { DEVELOPMENT_PAYMENT_CALLBACK_SECRET } from '../../platform/config.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { createTestMember, sessionOf } from '../wallet/testing.ts';
import { addMonths } from './service.ts';

const PASSWORD = 'secret123';

describeEachDatabase('responsible gaming', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind);
  const time = testClock();
  let app: FastifyInstance;
  let gameId: string;

  beforeAll(async () => {
    app = await buildTestApp(database.current, { clock: time.clock });
    const found = successEnvelope(gameSearchResult).parse(
      json(
        await call(
          app,
          API.gameSearch,
          { ip: freshIp() },
          { query: { vassalage: 'TCG_SEA', pageSize: '1' } },
        ),
      ),
    ).value.games[0];
    if (!found) throw new Error('no TCG_SEA game in the seed');
    gameId = found.gameId;
  });
  afterAll(() => app.close());

  /** A real member with a password (to log in) and a live session. */
  async function newMember(overrides: { type?: number } = {}) {
    const row = await createTestMember(database.current.db, overrides);
    await database.current.db
      .update(member)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(member.id, row.id));
    const caller: Caller = { ip: freshIp(), cookie: await sessionOf(database.current.db, row, time.clock) };
    return { row, caller };
  }

  const settingsOf = (response: LightMyRequestResponse): ResponsibleGamingSettings => {
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(responsibleGamingSettings).parse(json(response)).value;
  };
  const getSettings = async (caller: Caller) => settingsOf(await call(app, API.responsibleGaming, caller));
  const setLimits = (caller: Caller, payload: unknown) =>
    call(app, API.setDepositLimits, caller, { payload });
  const limitOf = (settings: ResponsibleGamingSettings, period: string) =>
    settings.depositLimits.find((limit) => limit.period === period);
  const deposit = (caller: Caller, amount: number) =>
    call(app, API.createDepositOrder, caller, { payload: { channelCode: 'bank-transfer', amount } });
  const login = (row: MemberRow) =>
    postEncrypted(
      app,
      API.login.path,
      { type: 'username', username: row.username, password: PASSWORD },
      {
        ip: freshIp(),
      },
    );
  const launch = (caller: Caller) => call(app, API.launchGame, caller, { payload: { gameId } });
  const liveSessions = async (memberId: string) =>
    database.current.db
      .select()
      .from(memberSession)
      .where(and(eq(memberSession.memberId, memberId), isNull(memberSession.revokedAt)));

  describe('settings', () => {
    it('starts with no limits, no exclusion and the reality check off', async () => {
      const { caller } = await newMember();
      const response = await call(app, API.responsibleGaming, caller);
      expect(response.headers['x-module-id']).toBe('PERSPNL3');
      expect(settingsOf(response)).toEqual({
        currency: 'VND',
        depositLimits: ['daily', 'weekly', 'monthly'].map((period) => ({
          period,
          amount: null,
          pending: null,
          used: 0,
          remaining: null,
        })),
        exclusion: null,
        realityCheckMinutes: 0,
      });
    });

    it('needs a session, and is not offered to trial members', async () => {
      const anonymous = await call(app, API.responsibleGaming, { ip: freshIp() });
      expect(anonymous.statusCode).toBe(401);
      const trial = await call(app, API.trialLogin, { ip: freshIp() });
      const caller = { ip: freshIp(), cookie: sessionCookieOf(trial) ?? '' };
      for (const response of [
        await call(app, API.responsibleGaming, caller),
        await setLimits(caller, { daily: 100_000 }),
        await call(app, API.startTimeOut, caller, { payload: { period: '24h' } }),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(json(response)).toMatchObject({
          code: 'FEATURE_NOT_ENABLED',
          value: { reason: 'free_reject' },
        });
      }
    });

    it('stores the reality-check interval, tells it in the member info and refuses other values', async () => {
      const { caller } = await newMember();
      const infoInterval = async () =>
        successEnvelope(memberInfo).parse(json(await call(app, API.memberInfo, caller))).value
          .realityCheckMinutes;
      expect(await infoInterval()).toBe(0);
      const set = await call(app, API.setRealityCheck, caller, { payload: { intervalMinutes: 30 } });
      expect(settingsOf(set).realityCheckMinutes).toBe(30);
      expect((await getSettings(caller)).realityCheckMinutes).toBe(30);
      expect(await infoInterval()).toBe(30);
      const off = await call(app, API.setRealityCheck, caller, { payload: { intervalMinutes: 0 } });
      expect(settingsOf(off).realityCheckMinutes).toBe(0);
      expect(await infoInterval()).toBe(0);
      for (const intervalMinutes of [20, -15, '15', null]) {
        const bad = await call(app, API.setRealityCheck, caller, { payload: { intervalMinutes } });
        expect(bad.statusCode).toBe(400);
        expect(json(bad)).toMatchObject({ code: 'INVALID_INPUT' });
      }
    });
  });

  describe('deposit limits', () => {
    it('lowers at once and raises only after 24 hours', async () => {
      const { caller } = await newMember();
      const first = settingsOf(await setLimits(caller, { daily: 500_000, weekly: 2_000_000 }));
      expect(limitOf(first, 'daily')).toMatchObject({ amount: 500_000, pending: null, remaining: 500_000 });
      expect(limitOf(first, 'weekly')).toMatchObject({ amount: 2_000_000, pending: null });
      expect(limitOf(first, 'monthly')).toMatchObject({ amount: null, pending: null });

      const lowered = settingsOf(await setLimits(caller, { daily: 300_000 }));
      expect(limitOf(lowered, 'daily')).toMatchObject({ amount: 300_000, pending: null });
      expect(limitOf(lowered, 'weekly')).toMatchObject({ amount: 2_000_000 });

      const raisedAt = time.clock();
      const raised = settingsOf(await setLimits(caller, { daily: 800_000 }));
      expect(limitOf(raised, 'daily')).toEqual({
        period: 'daily',
        amount: 300_000,
        pending: { amount: 800_000, effectiveAt: new Date(raisedAt.getTime() + DAY_MS).toISOString() },
        used: 0,
        remaining: 300_000,
      });
      time.advance(DAY_MS - MINUTE_MS);
      expect(limitOf(await getSettings(caller), 'daily')).toMatchObject({ amount: 300_000 });
      time.advance(MINUTE_MS);
      expect(limitOf(await getSettings(caller), 'daily')).toMatchObject({ amount: 800_000, pending: null });
    });

    it('a lowering cancels a pending raise; removing a limit waits 24 hours too', async () => {
      const { caller } = await newMember();
      await setLimits(caller, { monthly: 1_000_000 });
      await setLimits(caller, { monthly: 5_000_000 });
      const lowered = settingsOf(await setLimits(caller, { monthly: 900_000 }));
      expect(limitOf(lowered, 'monthly')).toMatchObject({ amount: 900_000, pending: null });

      const removing = settingsOf(await setLimits(caller, { monthly: null }));
      expect(limitOf(removing, 'monthly')).toMatchObject({ amount: 900_000, pending: { amount: null } });
      time.advance(DAY_MS);
      expect(limitOf(await getSettings(caller), 'monthly')).toMatchObject({
        amount: null,
        pending: null,
        remaining: null,
      });
    });

    it('refuses bad limits with 400', async () => {
      const { caller } = await newMember();
      for (const payload of [
        {},
        { daily: 0 },
        { daily: -5 },
        { daily: 10.5 },
        { yearly: 1000 },
        { daily: '100' },
      ]) {
        const response = await setLimits(caller, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(json(response)).toMatchObject({ code: 'INVALID_INPUT' });
      }
      expect(limitOf(await getSettings(caller), 'daily')).toMatchObject({ amount: null });
    });

    it('is enforced when a deposit order is created, counting paid and pending orders in the window', async () => {
      const { caller } = await newMember();
      await setLimits(caller, { daily: 500_000 });
      expect((await deposit(caller, 200_000)).statusCode).toBe(200);
      const paidOrder = json<{ value: { payUrl: string } }>(await deposit(caller, 200_000)).value;
      const paid = await payAtGateway(app, paidOrder.payUrl, {
        secret: DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
        clock: time.clock,
      });
      expect(paid.status, paid.body).toBe(303);

      const refused = await deposit(caller, 200_000);
      expect(refused.statusCode).toBe(409);
      expect(json(refused)).toMatchObject({
        code: 'DEPOSIT_LIMIT_EXCEEDED',
        message: 'This amount would exceed the deposit limit you set',
        value: { period: 'daily', limit: 500_000, used: 400_000, remaining: 100_000, currency: 'VND' },
      });
      expect(limitOf(await getSettings(caller), 'daily')).toMatchObject({
        used: 400_000,
        remaining: 100_000,
      });
      expect((await deposit(caller, 100_000)).statusCode).toBe(200);

      // Pending orders that expired stop counting; the paid one counts for its whole window.
      time.advance(2 * HOUR_MS);
      expect(limitOf(await getSettings(caller), 'daily')).toMatchObject({ used: 200_000 });
      expect((await deposit(caller, 300_000)).statusCode).toBe(200);
      expect((await deposit(caller, 100_000)).statusCode).toBe(409);
      // A day later the window has moved past all of them.
      time.advance(DAY_MS);
      expect((await deposit(caller, 500_000)).statusCode).toBe(200);
    });

    it('a raised limit allows more deposits only once it is in force', async () => {
      const { caller } = await newMember();
      await setLimits(caller, { weekly: 300_000 });
      expect((await deposit(caller, 300_000)).statusCode).toBe(200);
      await setLimits(caller, { weekly: 1_000_000 });
      expect((await deposit(caller, 200_000)).statusCode).toBe(409);
      time.advance(DAY_MS);
      expect((await deposit(caller, 200_000)).statusCode).toBe(200);
    });
  });

  describe('time-out and self-exclusion', () => {
    it('ends every session and blocks login, deposit and game launch until it ends', async () => {
      const { row, caller } = await newMember();
      const other: Caller = { ip: freshIp(), cookie: await sessionOf(database.current.db, row, time.clock) };
      expect((await launch(caller)).statusCode).toBe(200);
      expect(await liveSessions(row.id)).toHaveLength(2);

      const startedAt = time.clock();
      const response = await call(app, API.startTimeOut, caller, { payload: { period: '24h' } });
      expect(response.statusCode, response.body).toBe(200);
      const started = successEnvelope(exclusionStarted).parse(json(response)).value;
      const endsAt = new Date(startedAt.getTime() + DAY_MS).toISOString();
      expect(started).toEqual({
        exclusion: { kind: 'time_out', period: '24h', startedAt: startedAt.toISOString(), endsAt },
        sessionsEnded: 2,
      });
      expect(sessionCookieOf(response)).toBe('');
      expect(await liveSessions(row.id)).toHaveLength(0);
      for (const who of [caller, other]) {
        expect((await call(app, API.responsibleGaming, who)).statusCode).toBe(401);
      }

      const refusedLogin = await login(row);
      expect(refusedLogin.statusCode).toBe(403);
      expect(json(refusedLogin)).toMatchObject({
        code: 'ACCOUNT_TIMED_OUT',
        message: 'Your account is on the time-out you chose, until it ends',
        value: { kind: 'time_out', endsAt },
      });
      expect(sessionCookieOf(refusedLogin)).toBeUndefined();

      // Even a session made behind the login's back cannot deposit nor play.
      const sneaked: Caller = {
        ip: freshIp(),
        cookie: await sessionOf(database.current.db, row, time.clock),
      };
      const refusedDeposit = await deposit(sneaked, 200_000);
      expect(refusedDeposit.statusCode).toBe(403);
      expect(json(refusedDeposit)).toMatchObject({ code: 'ACCOUNT_TIMED_OUT', value: { endsAt } });
      const refusedLaunch = await launch(sneaked);
      expect(refusedLaunch.statusCode).toBe(403);
      expect(json(refusedLaunch)).toMatchObject({ code: 'ACCOUNT_TIMED_OUT', value: { endsAt } });
      // Nor start another one, nor shorten it.
      const again = await call(app, API.startTimeOut, sneaked, { payload: { period: '24h' } });
      expect(again.statusCode).toBe(403);
      expect(json(again)).toMatchObject({ code: 'ACCOUNT_TIMED_OUT', value: { endsAt } });

      time.advance(DAY_MS - MINUTE_MS);
      expect((await login(row)).statusCode).toBe(403);
      time.advance(MINUTE_MS);
      const loggedIn = await login(row);
      expect(loggedIn.statusCode, loggedIn.body).toBe(200);
      const back: Caller = { ip: freshIp(), cookie: sessionCookieOf(loggedIn) ?? '' };
      expect((await deposit(back, 200_000)).statusCode).toBe(200);
      expect((await launch(back)).statusCode).toBe(200);
      expect((await getSettings(back)).exclusion).toBeNull();
    });

    it('answers the catalogue message in Vietnamese too', async () => {
      const { row, caller } = await newMember();
      await call(app, API.startTimeOut, caller, { payload: { period: '7d' } });
      const response = await app.inject({
        method: 'POST',
        url: API.launchGame.path,
        headers: {
          cookie: `kl_session=${await sessionOf(database.current.db, row, time.clock)}`,
          'accept-language': 'vi',
        },
        payload: { gameId },
      });
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({
        code: 'ACCOUNT_TIMED_OUT',
        message: 'Tài khoản đang trong thời gian tạm nghỉ chơi bạn đã chọn, đến thời điểm kết thúc',
      });
    });

    it('self-exclusion needs confirmation, lasts its calendar months and cannot be lifted early', async () => {
      const { row, caller } = await newMember();
      const unconfirmed = await call(app, API.startSelfExclusion, caller, { payload: { period: '6m' } });
      expect(unconfirmed.statusCode).toBe(400);
      const unknown = await call(app, API.startSelfExclusion, caller, {
        payload: { period: '2w', confirm: true },
      });
      expect(unknown.statusCode).toBe(400);
      const badTimeOut = await call(app, API.startTimeOut, caller, { payload: { period: '1h' } });
      expect(badTimeOut.statusCode).toBe(400);
      expect(await liveSessions(row.id)).toHaveLength(1);

      const startedAt = time.clock();
      const response = await call(app, API.startSelfExclusion, caller, {
        payload: { period: '1y', confirm: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      const endsAt = addMonths(startedAt, 12);
      expect(endsAt.getTime() - startedAt.getTime()).toBeGreaterThanOrEqual(365 * DAY_MS);
      const { exclusion } = successEnvelope(exclusionStarted).parse(json(response)).value;
      expect(exclusion).toMatchObject({ kind: 'self_exclusion', period: '1y', endsAt: endsAt.toISOString() });

      time.advance(180 * DAY_MS);
      const refused = await login(row);
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({
        code: 'ACCOUNT_SELF_EXCLUDED',
        value: { kind: 'self_exclusion', endsAt: endsAt.toISOString() },
      });
      time.advance(endsAt.getTime() - time.clock().getTime());
      expect((await login(row)).statusCode).toBe(200);
    });

    it('adds calendar months without ever ending early', () => {
      expect(addMonths(new Date('2030-01-15T10:00:00.000Z'), 6).toISOString()).toBe(
        '2030-07-15T10:00:00.000Z',
      );
      expect(addMonths(new Date('2030-08-31T00:00:00.000Z'), 6).toISOString()).toBe(
        '2031-03-03T00:00:00.000Z',
      );
      expect(addMonths(new Date('2030-03-01T00:00:00.000Z'), 60).toISOString()).toBe(
        '2035-03-01T00:00:00.000Z',
      );
    });
  });
});
