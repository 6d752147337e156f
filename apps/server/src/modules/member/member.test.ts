import { API, memberInfo, successEnvelope } from '@kl/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { merchant } from '../../db/schema/index.ts';
import {
  call,
  type Caller,
  freshIp,
  freshMobile,
  freshUsername,
  sessionCookieOf,
  solvedCaptcha,
  testClock,
} from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';

const PASSWORD = 'secret123';

describeEachDatabase('member info', (kind) => {
  const database = useTestDatabase(kind);
  const time = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.current, { config: { devOutbox: true }, clock: time.clock });
  });
  afterAll(() => app.close());

  const setMerchant = (change: Partial<typeof merchant.$inferInsert>) =>
    database.current.db.update(merchant).set(change).where(eq(merchant.code, 'kimlong'));

  async function infoOf(caller: Caller) {
    const response = await call(app, API.memberInfo, caller);
    expect(response.statusCode).toBe(200);
    return successEnvelope(memberInfo).parse(json(response)).value;
  }

  it('says a member registered with a password has one', async () => {
    const ip = freshIp();
    const username = freshUsername();
    const response = await call(
      app,
      API.register,
      { ip },
      {
        payload: {
          registerMethod: 'H5',
          username,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          ...(await solvedCaptcha(app, ip)),
        },
      },
    );
    expect(response.statusCode).toBe(200);
    const info = await infoOf({ ip, cookie: sessionCookieOf(response) });
    expect(info).toMatchObject({ account: username, type: 0, hasPassword: true });
  });

  it('says a trial member has no password', async () => {
    const ip = freshIp();
    const response = await call(app, API.trialLogin, { ip });
    expect(response.statusCode).toBe(200);
    expect(await infoOf({ ip, cookie: sessionCookieOf(response) })).toMatchObject({
      type: 4,
      hasPassword: false,
    });
  });

  it('says a mobile sign-up without a password has none, until the member sets one', async () => {
    await setMerchant({ MOBILENUMPASSREG3: false, REGMOBVERF3: false });
    try {
      const ip = freshIp();
      const response = await call(
        app,
        API.registerMobile,
        { ip },
        {
          payload: {
            registerMethod: 'H5',
            mobileNum: freshMobile(),
            countryDialingCode: '+84',
            password: '',
            confirmPassword: '',
            ...(await solvedCaptcha(app, ip)),
          },
        },
      );
      expect(response.statusCode).toBe(200);
      const caller = { ip, cookie: sessionCookieOf(response) };
      expect(await infoOf(caller)).toMatchObject({ hasPassword: false });

      // No old password to give: the first one is simply set.
      const change = await call(app, API.changePassword, caller, {
        payload: { newPassword: PASSWORD, confirmNewPassword: PASSWORD },
      });
      expect(change.statusCode).toBe(200);
      expect(await infoOf(caller)).toMatchObject({ hasPassword: true });
    } finally {
      await setMerchant({ MOBILENUMPASSREG3: true, REGMOBVERF3: true });
    }
  });
});
