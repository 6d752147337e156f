import { API, memberInfo, successEnvelope } from '@kl/contracts';
import { expect, it } from 'vitest';
import {
  call,
  type Caller,
  freshIp,
  freshMobile,
  registerByUsername,
  sessionCookieOf,
  solvedCaptcha,
} from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';

const PASSWORD = 'secret123';

describeEachDatabase('member info', (kind) => {
  const suite = useTestApp(kind, { config: { devOutbox: true } });
  const { setMerchant } = suite;

  async function infoOf(caller: Caller) {
    const response = await call(suite.app, API.memberInfo, caller);
    expect(response.statusCode).toBe(200);
    return successEnvelope(memberInfo).parse(json(response)).value;
  }

  it('says a member registered with a password has one', async () => {
    const { ip, cookie, username } = await registerByUsername(suite.app, { password: PASSWORD });
    const info = await infoOf({ ip, cookie });
    expect(info).toMatchObject({ account: username, type: 0, hasPassword: true });
  });

  it('says a trial member has no password', async () => {
    const ip = freshIp();
    const response = await call(suite.app, API.trialLogin, { ip });
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
        suite.app,
        API.registerMobile,
        { ip },
        {
          payload: {
            registerMethod: 'H5',
            mobileNum: freshMobile(),
            countryDialingCode: '+84',
            password: '',
            confirmPassword: '',
            ...(await solvedCaptcha(suite.app, ip)),
          },
        },
      );
      expect(response.statusCode).toBe(200);
      const caller = { ip, cookie: sessionCookieOf(response) };
      expect(await infoOf(caller)).toMatchObject({ hasPassword: false });

      // No old password to give: the first one is simply set.
      const change = await call(suite.app, API.changePassword, caller, {
        payload: { newPassword: PASSWORD, confirmNewPassword: PASSWORD },
      });
      expect(change.statusCode).toBe(200);
      expect(await infoOf(caller)).toMatchObject({ hasPassword: true });
    } finally {
      await setMerchant({ MOBILENUMPASSREG3: true, REGMOBVERF3: true });
    }
  });
});
