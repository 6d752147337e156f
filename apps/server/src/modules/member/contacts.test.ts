import { API } from '@kl/contracts';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { member } from '../../db/schema/index.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import {
  call,
  type Caller,
  freshIp,
  freshMobile,
  freshUsername,
  latestSms,
  outbox,
  solvedCaptcha,
} from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';
import { profileOf as profileOfMember } from './testing.ts';
import { sessionOf } from '../wallet/testing.ts';
import { EMAIL_LINKS_PER_DAY } from './contacts-service.ts';

describeEachDatabase('member e-mail and mobile number', (kind) => {
  const suite = useTestApp(kind, { config: { devOutbox: true } });
  const db = () => suite.database.current.db;

  const profileOf = (caller: Caller) => profileOfMember(suite.app, caller);
  const changeEmail = (caller: Caller, email: string) =>
    call(suite.app, API.changeEmail, caller, { payload: { email } });
  const resend = (caller: Caller) => call(suite.app, API.resendEmailVerification, caller);
  const verify = (token: string) =>
    call(suite.app, API.verifyEmail, { ip: freshIp() }, { payload: { token } });
  /** The newest e-mail to `to` (the dev outbox lists the newest first). */
  const mailTo = async (to: string) => (await outbox(suite.app, 'email')).find((entry) => entry.to === to);
  const mailsTo = async (to: string) => (await outbox(suite.app, 'email')).filter((entry) => entry.to === to);
  const askReset = async (email: string) => {
    const ip = freshIp();
    const asked = await call(
      suite.app,
      API.requestPasswordEmail,
      { ip },
      {
        payload: { email, ...(await solvedCaptcha(suite.app, ip)) },
      },
    );
    expect(asked.statusCode).toBe(200);
  };
  const address = () => `${freshUsername('mail')}@example.com`;
  const nextMinute = () => suite.time.advance(MINUTE_MS + 1_000);

  it('keeps a new address unverified, mails it a link, and sends password resets only once it is opened', async () => {
    const { caller } = await suite.newMember();
    const email = address();
    const changed = await changeEmail(caller, `  ${email} `);
    expect(changed.statusCode).toBe(200);
    expect(json(changed)).toMatchObject({ value: { email, emailVerified: false } });
    const link = await mailTo(email);
    expect(link?.text).toContain(`/m/verify-email?token=${link?.code}`);

    // A reset asked for an unverified address: the same answer, and nothing sent.
    await askReset(email);
    expect(await mailsTo(email)).toHaveLength(1);

    const verified = await verify(link?.code ?? '');
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toMatchObject({ value: { email } });
    expect(await profileOf(caller)).toMatchObject({ email, emailVerified: true });
    // Used once.
    const again = await verify(link?.code ?? '');
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    for (const token of ['', 'not-a-token'])
      expect(json(await verify(token)).code).toBe('EMAIL_LINK_INVALID');

    await askReset(email.toUpperCase());
    expect((await mailTo(email))?.text).toContain('/m/forget?type=email&token=');
    // The verified address again: nothing to do, nothing sent.
    expect(json(await changeEmail(caller, email))).toMatchObject({ value: { emailVerified: true } });
    expect(json(await resend(caller))).toMatchObject({ code: 'EMAIL_NOTHING_TO_VERIFY' });
  });

  it('refuses a malformed address and changes nothing', async () => {
    const { caller } = await suite.newMember();
    for (const email of ['no-at-sign', 'a@b', `${'x'.repeat(250)}@example.com`]) {
      const refused = await changeEmail(caller, email);
      expect(refused.statusCode, email).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'EMAIL_FORMAT', value: { field: 'email' } });
    }
    expect(await profileOf(caller)).toMatchObject({ email: null, emailVerified: false });
  });

  it('verifies nothing with the link of an address since changed, and tells a verified address it was replaced', async () => {
    const { caller } = await suite.newMember();
    const first = address();
    await changeEmail(caller, first);
    const firstLink = (await mailTo(first))?.code ?? '';
    nextMinute();
    const second = address();
    expect((await changeEmail(caller, second)).statusCode).toBe(200);
    expect(json(await verify(firstLink))).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    expect(await profileOf(caller)).toMatchObject({ email: second, emailVerified: false });

    expect((await verify((await mailTo(second))?.code ?? '')).statusCode).toBe(200);
    nextMinute();
    const third = address();
    expect(json(await changeEmail(caller, third))).toMatchObject({
      value: { email: third, emailVerified: false },
    });
    const notice = await mailTo(second);
    expect(notice?.text).toContain(`was changed to ${third}`);
    expect(notice?.code).toBe('');
  });

  it('sends one link a minute however many are asked at once, and five a day', async () => {
    const { caller } = await suite.newMember();
    const email = address();
    await changeEmail(caller, email);
    const early = await resend(caller);
    expect(early.statusCode).toBe(429);
    expect(json(early)).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      value: { reason: 'EMAIL_LINK_INTERVAL' },
    });

    nextMinute();
    const burst = await Promise.all(Array.from({ length: 6 }, () => resend(caller)));
    expect(burst.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(await mailsTo(email)).toHaveLength(2);

    for (let sent = 2; sent < EMAIL_LINKS_PER_DAY; sent += 1) {
      nextMinute();
      expect((await resend(caller)).statusCode).toBe(200);
    }
    nextMinute();
    const capped = await resend(caller);
    expect(json(capped)).toMatchObject({ code: 'TOO_MANY_REQUESTS', value: { reason: 'EMAIL_LINK_LIMIT' } });
    // Nor through a new address.
    expect((await changeEmail(caller, address())).statusCode).toBe(429);
    expect(await profileOf(caller)).toMatchObject({ email });
    expect(await mailsTo(email)).toHaveLength(EMAIL_LINKS_PER_DAY);
  });

  /** A member with a mobile number and two sessions: `caller`, and another on a second browser. */
  async function memberWithMobile() {
    const mobileNum = freshMobile().slice(1);
    const { row, caller } = await suite.newMember();
    await db().update(member).set({ countryDialingCode: '+84', mobileNum }).where(eq(member.id, row.id));
    const other: Caller = { ip: freshIp(), cookie: await sessionOf(db(), row, suite.time.clock) };
    return { row, caller, other, mobileNum };
  }
  const sendCode = (caller: Caller, payload: Record<string, unknown>) =>
    call(suite.app, API.sendMobileCode, caller, { payload });
  const changeMobile = (caller: Caller, payload: Record<string, unknown>) =>
    call(suite.app, API.changeMobile, caller, { payload });

  it('changes the number with the codes sent to the old and the new one, ends the other sessions and says so', async () => {
    const { caller, other, mobileNum } = await memberWithMobile();
    const fresh = freshMobile();
    const next = fresh.slice(1);
    expect((await sendCode(caller, { target: 'current' })).statusCode).toBe(200);
    expect(
      (await sendCode(caller, { target: 'new', countryDialingCode: '+84', mobileNum: fresh })).statusCode,
    ).toBe(200);
    const oldCode = (await latestSms(suite.app, `+84${mobileNum}`)) ?? '';
    const newCode = (await latestSms(suite.app, `+84${next}`)) ?? '';
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

    const badOld = await changeMobile(caller, {
      currentCode: wrong(oldCode),
      countryDialingCode: '+84',
      mobileNum: fresh,
      newCode,
    });
    expect(json(badOld)).toMatchObject({ code: 'WRONG_VERIFICATION_CODE', value: { field: 'currentCode' } });
    const noOld = await changeMobile(caller, { countryDialingCode: '+84', mobileNum: fresh, newCode });
    expect(json(noOld)).toMatchObject({ code: 'WRONG_VERIFICATION_CODE', value: { field: 'currentCode' } });
    const badNew = await changeMobile(caller, {
      currentCode: oldCode,
      countryDialingCode: '+84',
      mobileNum: fresh,
      newCode: wrong(newCode),
    });
    expect(json(badNew)).toMatchObject({ code: 'WRONG_VERIFICATION_CODE', value: { field: 'newCode' } });
    expect((await profileOf(caller)).mobile).toEqual({ countryDialingCode: '+84', mobileNum });

    // The old number's code was used by the try above: a new one.
    suite.time.advance(MINUTE_MS + 1_000);
    await sendCode(caller, { target: 'current' });
    const changed = await changeMobile(caller, {
      currentCode: (await latestSms(suite.app, `+84${mobileNum}`)) ?? '',
      countryDialingCode: '+84',
      mobileNum: fresh,
      newCode,
    });
    expect(changed.statusCode).toBe(200);
    expect(json(changed)).toMatchObject({
      value: { mobile: { countryDialingCode: '+84', mobileNum: next } },
    });
    expect(json(await call(suite.app, API.memberInfo, other)).code).toBe('SESSION_EXPIRED');
    const inbox = await call(suite.app, API.inboxList, caller, { query: { lang: 'en', pageSize: '50' } });
    expect(JSON.stringify(json(inbox))).toContain(`changed to +84 ${next}`);
  });

  it('refuses the member’s own number, another member’s, and a malformed one', async () => {
    const { caller, mobileNum } = await memberWithMobile();
    const taken = await memberWithMobile();
    const cases = [
      [`0${mobileNum}`, 'INVALID_INPUT'],
      [taken.mobileNum, 'MOBILE_TAKEN'],
      ['12ab', 'MOBILE_FORMAT'],
    ] as const;
    for (const [number, code] of cases) {
      const asked = await sendCode(caller, { target: 'new', countryDialingCode: '+84', mobileNum: number });
      expect(json(asked), number).toMatchObject({ code, value: { field: 'mobileNum' } });
      const changed = await changeMobile(caller, {
        currentCode: '123456',
        countryDialingCode: '+84',
        mobileNum: number,
        newCode: '123456',
      });
      expect(json(changed), number).toMatchObject({ code, value: { field: 'mobileNum' } });
    }
    const { caller: without } = await suite.newMember();
    expect(json(await sendCode(without, { target: 'current' }))).toMatchObject({
      code: 'INVALID_INPUT',
      value: { reason: 'NO_MOBILE' },
    });
  });

  it('gives parallel guesses of the new number’s code no more than five tries, then ends the code', async () => {
    const { caller: without } = await suite.newMember();
    const fresh = freshMobile();
    expect(
      (await sendCode(without, { target: 'new', countryDialingCode: '+84', mobileNum: fresh })).statusCode,
    ).toBe(200);
    const code = (await latestSms(suite.app, `+84${fresh.slice(1)}`)) ?? '';
    const guesses = Array.from({ length: 12 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((newCode) =>
        changeMobile(without, { countryDialingCode: '+84', mobileNum: fresh, newCode }),
      ),
    );
    expect(answers.every((answer) => json(answer).code === 'WRONG_VERIFICATION_CODE')).toBe(true);
    // The right code, now: the five tries were spent, the code is over.
    const late = await changeMobile(without, { countryDialingCode: '+84', mobileNum: fresh, newCode: code });
    expect(json(late)).toMatchObject({ code: 'WRONG_VERIFICATION_CODE', value: { field: 'newCode' } });
    expect((await profileOf(without)).mobile).toBeNull();
  });
});
