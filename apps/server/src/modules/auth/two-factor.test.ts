import { API } from '@kl/contracts';
import { TWO_FACTOR_RECOVERY_CODES } from '@kl/contracts/accounts';
import { expect, it } from 'vitest';
import { memberTwoFactor } from '../../db/schema/index.ts';
import { totpCode, totpStep } from '../../platform/totp.ts';
import {
  call,
  type Caller,
  freshIp,
  postEncrypted,
  registerByUsername,
  sessionCookieOf,
  solvedCaptcha,
} from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';
import { giveApprovedKyc } from '../kyc/testing.ts';
import { TWO_FACTOR_ATTEMPTS, TWO_FACTOR_CHALLENGE_MS } from './two-factor.ts';

/**
 * Two-factor authentication of members (docs/decisions/056-member-two-factor.md), through the API on both
 * databases (the counters and the single use of codes rest on conditional statements, which each driver
 * runs): turning it on and off, the login's second step, codes and recovery codes used once, the code
 * counter under a burst of parallel guesses, and withdrawals.
 */

const PASSWORD = 'secret123';

interface Answer {
  code?: string;
  value?: unknown;
}

describeEachDatabase('member two-factor authentication', { embedded: true }, (kind) => {
  const suite = useTestApp(kind);

  /** A registered member with a password, and its session. */
  async function member(): Promise<Caller & { cookie: string; username: string }> {
    return registerByUsername(suite.app, { password: PASSWORD });
  }

  /** The code of the authenticator app `steps` steps from now. */
  const codeOf = (secret: string, steps = 0) => totpCode(secret, totpStep(suite.time.clock()) + steps);

  /** Turns two-factor on as the member does; answers the secret and the recovery codes. */
  async function turnOn(caller: Caller): Promise<{ secret: string; recoveryCodes: string[] }> {
    const started = await call(suite.app, API.startTwoFactor, caller);
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = json<{ value: { secret: string } }>(started).value;
    const enabled = await call(suite.app, API.enableTwoFactor, caller, { payload: { code: codeOf(secret) } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return {
      secret,
      recoveryCodes: json<{ value: { recoveryCodes: string[] } }>(enabled).value.recoveryCodes,
    };
  }

  /**
   * Logs in with the password, the captcha solved (a refused second step counts as a failed login: the
   * captcha is asked for a while after); answers the login's reply.
   */
  async function login(username: string, ip = freshIp()) {
    const payload = {
      type: 'username',
      username,
      password: PASSWORD,
      ...(await solvedCaptcha(suite.app, ip)),
    };
    return postEncrypted(suite.app, API.login.path, payload, { ip });
  }

  /** The challenge of a login that asks for the second step. */
  async function challengeOf(username: string): Promise<string> {
    const response = await login(username);
    expect(response.statusCode, response.body).toBe(401);
    const body = json<Answer & { value: { challenge: string } }>(response);
    expect(body.code).toBe('TWO_FACTOR_REQUIRED');
    expect(sessionCookieOf(response)).toBeUndefined();
    return body.value.challenge;
  }

  const secondStep = (challenge: string, code: string, ip = freshIp()) =>
    call(suite.app, API.loginTwoFactor, { ip }, { payload: { challenge, code } });

  it('turns on with a code of the secret it shows: a QR code, the secret as text, ten recovery codes once', async () => {
    const caller = await member();
    const off = json<{ value: unknown }>(await call(suite.app, API.twoFactorStatus, caller)).value;
    expect(off).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const started = json<{ value: { secret: string; otpauthUri: string; qrImage: string } }>(
      await call(suite.app, API.startTwoFactor, caller),
    ).value;
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUri).toContain(`secret=${started.secret}`);
    expect(started.otpauthUri).toContain(encodeURIComponent(caller.username));
    expect(started.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    // The secret is kept sealed, never as it is shown.
    const [stored] = await suite.database.current.db.select().from(memberTwoFactor);
    expect(stored?.secret).not.toContain(started.secret);

    const wrong = await call(suite.app, API.enableTwoFactor, caller, {
      payload: { code: codeOf(started.secret, 5) },
    });
    expect(json<Answer>(wrong).code).toBe('WRONG_TWO_FACTOR_CODE');
    expect(wrong.statusCode).toBe(400);

    const enabled = await call(suite.app, API.enableTwoFactor, caller, {
      payload: { code: codeOf(started.secret) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = json<{ value: { recoveryCodes: string[] } }>(enabled).value;
    expect(recoveryCodes).toHaveLength(TWO_FACTOR_RECOVERY_CODES);
    expect(new Set(recoveryCodes).size).toBe(TWO_FACTOR_RECOVERY_CODES);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const on = json<{ value: { enabled: boolean; recoveryCodesLeft: number } }>(
      await call(suite.app, API.twoFactorStatus, caller),
    ).value;
    expect(on).toMatchObject({ enabled: true, recoveryCodesLeft: TWO_FACTOR_RECOVERY_CODES });
    // On already: no new secret replaces the one in use.
    expect(json<Answer>(await call(suite.app, API.startTwoFactor, caller)).code).toBe('TWO_FACTOR_ON');
  });

  it('asks a login for a code: a wrong one is refused and kept in the history, a right one gives the session', async () => {
    const caller = await member();
    const { secret } = await turnOn(caller);
    suite.time.advance(30_000);
    const challenge = await challengeOf(caller.username);

    const wrong = await secondStep(challenge, codeOf(secret, 10));
    expect(wrong.statusCode).toBe(400);
    expect(json<Answer>(wrong).code).toBe('WRONG_TWO_FACTOR_CODE');
    expect(sessionCookieOf(wrong)).toBeUndefined();

    const right = await secondStep(challenge, codeOf(secret));
    expect(right.statusCode, right.body).toBe(200);
    const cookie = sessionCookieOf(right);
    expect(cookie).toBeTruthy();
    const info = await call(suite.app, API.memberInfo, { ip: freshIp(), cookie: cookie ?? '' });
    expect(json<{ value: { account: string } }>(info).value.account).toBe(caller.username);

    // The challenge is used; and the same code on a new login's challenge too.
    expect(json<Answer>(await secondStep(challenge, codeOf(secret))).code).toBe(
      'TWO_FACTOR_CHALLENGE_EXPIRED',
    );
    const again = await secondStep(await challengeOf(caller.username), codeOf(secret));
    expect(json<Answer>(again).code).toBe('WRONG_TWO_FACTOR_CODE');

    const history = json<{
      value: { list: { method: string; succeeded: boolean; reason: string | null }[] };
    }>(await call(suite.app, API.loginHistory, caller, { query: { pageNo: '1' } })).value.list;
    expect(history.filter((entry) => entry.reason === 'WRONG_TWO_FACTOR_CODE')).toHaveLength(2);
    expect(history.filter((entry) => entry.succeeded && entry.method === 'password')).toHaveLength(1);
  });

  it('takes each recovery code once, for a login and to turn it off', async () => {
    const caller = await member();
    const { recoveryCodes } = await turnOn(caller);
    const [first, second] = recoveryCodes as [string, string];

    // Typed as the member may: capitals, no hyphen.
    const used = await secondStep(await challengeOf(caller.username), first.replace('-', '').toUpperCase());
    expect(used.statusCode, used.body).toBe(200);
    const reused = await secondStep(await challengeOf(caller.username), first);
    expect(json<Answer>(reused).code).toBe('WRONG_TWO_FACTOR_CODE');
    const status = json<{ value: { recoveryCodesLeft: number } }>(
      await call(suite.app, API.twoFactorStatus, caller),
    ).value;
    expect(status.recoveryCodesLeft).toBe(TWO_FACTOR_RECOVERY_CODES - 1);

    expect(
      json<Answer>(await call(suite.app, API.disableTwoFactor, caller, { payload: { code: first } })).code,
    ).toBe('WRONG_TWO_FACTOR_CODE');
    const off = await call(suite.app, API.disableTwoFactor, caller, { payload: { code: second } });
    expect(off.statusCode, off.body).toBe(200);
    // Off: the password alone logs in again.
    const plain = await login(caller.username);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(sessionCookieOf(plain)).toBeTruthy();
  });

  it('closes the second step 5 minutes after the password', async () => {
    const caller = await member();
    const { secret } = await turnOn(caller);
    suite.time.advance(30_000);
    const challenge = await challengeOf(caller.username);
    suite.time.advance(TWO_FACTOR_CHALLENGE_MS + 1_000);
    const late = await secondStep(challenge, codeOf(secret));
    expect(late.statusCode).toBe(401);
    expect(json<Answer>(late).code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('counts codes before checking them: a burst of parallel guesses gets no more tries than one at a time', async () => {
    const caller = await member();
    const { secret, recoveryCodes } = await turnOn(caller);
    suite.time.advance(30_000);
    const challenge = await challengeOf(caller.username);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => secondStep(challenge, String(100_000 + index * 7))),
    );
    const codes = guesses.map((response) => json<Answer>(response).code);
    expect(codes.filter((code) => code === 'WRONG_TWO_FACTOR_CODE')).toHaveLength(TWO_FACTOR_ATTEMPTS);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(12 - TWO_FACTOR_ATTEMPTS);
    // Locked: the right code waits for the lock to pass too.
    expect(json<Answer>(await secondStep(challenge, codeOf(secret))).code).toBe('TOO_MANY_REQUESTS');

    // A quarter of an hour later, one recovery code sent five times at once logs in once.
    suite.time.advance(15 * 60_000 + 1_000);
    const fresh = await challengeOf(caller.username);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => secondStep(fresh, recoveryCodes[0] ?? '')),
    );
    expect(burst.filter((response) => response.statusCode === 200)).toHaveLength(1);
  });

  it('asks a withdrawal for a code once it is on; a retry of the same request needs none', async () => {
    const { row, caller } = await suite.newMember({ payeeName: 'NGUYEN VAN AN' });
    await suite.fund(row.id, 1_000_000);
    await giveApprovedKyc(suite.database.current.db, row.id);
    const ok = (response: { statusCode: number; body: string }) => {
      expect(response.statusCode, response.body).toBe(200);
      return json<{ value: Record<string, unknown> }>(response).value;
    };
    ok(
      await call(suite.app, API.setPaymentPassword, caller, {
        payload: { password: '246810', confirmPassword: '246810' },
      }),
    );
    const account = ok(
      await call(suite.app, API.addBankAccount, caller, {
        payload: { bankCode: 'TCB', accountNumber: '2468013579', accountName: 'NGUYEN VAN AN' },
      }),
    );
    const { secret } = await turnOn(caller);
    suite.time.advance(30_000);
    const request = {
      requestKey: `two-factor-${row.id.slice(0, 8)}`,
      bankAccountId: String(account.accountId),
      amount: 200_000,
      paymentPassword: '246810',
    };

    const without = await call(suite.app, API.createWithdrawal, caller, { payload: request });
    expect(without.statusCode).toBe(401);
    expect(json<Answer>(without).code).toBe('TWO_FACTOR_REQUIRED');
    const wrong = await call(suite.app, API.createWithdrawal, caller, {
      payload: { ...request, twoFactorCode: codeOf(secret, 10) },
    });
    expect(json<Answer>(wrong).code).toBe('WRONG_TWO_FACTOR_CODE');
    expect((await suite.walletOf(caller)).available).toBe(1_000_000);

    const made = ok(
      await call(suite.app, API.createWithdrawal, caller, {
        payload: { ...request, twoFactorCode: codeOf(secret) },
      }),
    );
    expect(made.replayed).toBe(false);
    // The answer was lost; the screen sends the same request again, with the code it had.
    const retried = ok(
      await call(suite.app, API.createWithdrawal, caller, {
        payload: { ...request, twoFactorCode: codeOf(secret) },
      }),
    );
    expect(retried.replayed).toBe(true);
    expect((await suite.walletOf(caller)).available).toBe(800_000);
  });

  it('keeps a member with two-factor off and a visitor out of its calls', async () => {
    const caller = await member();
    const disable = await call(suite.app, API.disableTwoFactor, caller, { payload: { code: '123456' } });
    expect(json<Answer>(disable).code).toBe('TWO_FACTOR_OFF');
    const enableFirst = await call(suite.app, API.enableTwoFactor, caller, { payload: { code: '123456' } });
    expect(json<Answer>(enableFirst).code).toBe('TWO_FACTOR_NOT_STARTED');
    const visitor = await call(suite.app, API.twoFactorStatus, { ip: freshIp() });
    expect(json<Answer>(visitor).code).toBe('NOT_LOGGED_IN');
    const unknown = await secondStep('no-such-challenge', '123456');
    expect(json<Answer>(unknown).code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });
});
