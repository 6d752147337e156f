import {
  LOGIN_HISTORY_DAYS,
  type LoginHistoryPage,
  type LoginMethod,
  type LoginPayload,
  loginPayload,
  TRIAL_MEMBER_TYPE,
} from '@kl/contracts/accounts';
import { verifyField } from '@kl/contracts/verifier';
import { type AttemptRule, createAttemptCounter } from '../../platform/attempts.ts';
import { addMs, type Clock, DAY_MS, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { randomDigits, verifyAgainstDecoy, verifyPassword } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError, isDomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import type { RequestContext } from '../../platform/request-context.ts';
import type { MerchantService } from '../merchant/index.ts';
import type { MemberRepository, MemberRow } from '../member/index.ts';
import { type CaptchaService, normaliseMobile, type SmsService } from '../verification/index.ts';
import type { FirebaseLoginService } from './firebase-login-service.ts';
import type { LoginAttemptRepository } from './repository.ts';
import type { NewSession, SessionService } from './session-service.ts';
import { loginHistoryEntryOf } from './login-history.ts';

/** After a failed login, that account and that IP must pass the captcha for this long. */
export const CAPTCHA_AFTER_FAILURE_MS = 15 * MINUTE_MS;
/** Login attempts per client IP per window; over it, 429 TOO_MANY_REQUESTS (never an account lock). */
export const LOGIN_ATTEMPTS_PER_IP = 20;
export const LOGIN_IP_WINDOW_MS = 5 * MINUTE_MS;
/** Scopes of the shared attempt counter (platform/attempts.ts) used by login. */
const LOGIN_IP_SCOPE = 'login-ip';
const CAPTCHA_FREE_SCOPE = 'login-captcha-free';
const LOGIN_IP_RULE: AttemptRule = { limit: LOGIN_ATTEMPTS_PER_IP, windowMs: LOGIN_IP_WINDOW_MS };
/**
 * One attempt at a time may go without the captcha per account and per address: it is counted before the
 * password is checked, a failure keeps the key counted (captcha for 15 minutes), a success gives it back.
 */
const CAPTCHA_FREE_RULE: AttemptRule = {
  limit: 1,
  windowMs: CAPTCHA_AFTER_FAILURE_MS,
  lockMs: CAPTCHA_AFTER_FAILURE_MS,
};
/** Trial accounts created per client IP per hour. */
export const TRIALS_PER_IP_PER_HOUR = 10;
const TRIAL_IP_SCOPE = 'trial-ip';
const TRIAL_IP_RULE: AttemptRule = { limit: TRIALS_PER_IP_PER_HOUR, windowMs: HOUR_MS };

export interface LoginServiceDeps {
  db: Db;
  clock: Clock;
  merchantService: MerchantService;
  members: MemberRepository;
  attempts: LoginAttemptRepository;
  captchaService: CaptchaService;
  smsService: SmsService;
  sessionService: SessionService;
  firebaseLogin: FirebaseLoginService;
  /** Runs inside the transaction that creates a trial member (the wallet gives the demo credit). */
  onTrialMember?: ((member: MemberRow, tx: DbOrTx) => Promise<void>) | undefined;
  /** Refuses a member whose credentials were right but who may not log in now (a time-out). */
  checkLogin?: LoginCheck | undefined;
  /** Asks for the second step when the member's two-factor is on (two-factor.ts): throws TWO_FACTOR_REQUIRED. */
  secondStep?: SecondStep | undefined;
}

/** Throws TWO_FACTOR_REQUIRED (with the login's challenge) when the member must give a code too. */
export type SecondStep = (
  member: Pick<MemberRow, 'id' | 'username' | 'merchantCode'>,
  method: LoginMethod,
  context: RequestContext,
) => Promise<void>;

/** Throws a DomainError when the member may not log in now; `tx` when called inside a transaction. */
export type LoginCheck = (member: Pick<MemberRow, 'id'>, tx?: DbOrTx) => Promise<void>;

/** Log in by username and password or by SMS code (product.md §3 Login payload), and trial login. */
export function createLoginService(deps: LoginServiceDeps) {
  const { clock, members, attempts, captchaService, sessionService } = deps;
  const counter = createAttemptCounter({ db: deps.db, clock });

  /** Counts this attempt of the address before anything is checked; over the limit, 429. */
  async function checkIpLimit(ip: string): Promise<void> {
    const verdict = await counter.hit(LOGIN_IP_SCOPE, ip, LOGIN_IP_RULE);
    if (!verdict.allowed) {
      throw new DomainError('TOO_MANY_REQUESTS', { retryAfterSeconds: verdict.retryAfterSeconds });
    }
  }

  /**
   * Keeps a refused attempt, for the guessing rules and the login history of the member it named, with the
   * refusal's code (a success is kept by the session it starts: session-service.ts).
   */
  const recordRefusal = (
    merchantCode: string,
    account: string | null,
    context: RequestContext,
    method: LoginMethod,
    error: unknown,
  ) =>
    attempts.record({
      merchantCode,
      account,
      ip: context.ip,
      succeeded: false,
      method,
      reason: isDomainError(error) ? error.code : 'UNKNOWN_ERROR',
      userAgent: context.userAgent ?? null,
      createdAt: clock(),
    });

  /**
   * Whether this attempt may go without the captcha: not with LOGINREQCAPTCHA3, nor after a failure of this
   * account or address in the last 15 minutes, nor while another attempt of either goes without it. The
   * last is counted atomically (one statement per key) before the password is checked, so a burst of
   * parallel attempts gets one captcha-free check, not one each. `held`: the keys this attempt counted on
   * (given back when it succeeds).
   */
  async function captchaFree(
    merchantCode: string,
    account: string,
    ip: string,
    alwaysCaptcha: boolean,
  ): Promise<{ free: boolean; held: string[] }> {
    if (alwaysCaptcha) return { free: false, held: [] };
    const since = addMs(clock(), -CAPTCHA_AFTER_FAILURE_MS);
    if (await attempts.failedSince(merchantCode, account, ip, since)) return { free: false, held: [] };
    const held: string[] = [];
    // In turn, and no further than the first refusal: an attempt the account refuses must not take the
    // address's check too, or in a burst over several accounts the one attempt to win the address could be
    // one the account refused, and none would be checked.
    for (const key of [`account:${merchantCode}:${account}`, `ip:${ip}`]) {
      const verdict = await counter.hit(CAPTCHA_FREE_SCOPE, key, CAPTCHA_FREE_RULE);
      if (!verdict.allowed) return { free: false, held };
      held.push(key);
    }
    return { free: true, held };
  }

  /**
   * Runs one attempt: the captcha when required (LOGINREQCAPTCHA3, a failure of this account or IP in the
   * last 15 minutes, or another attempt of them under way without it), then `authenticate`. A failure is
   * recorded and answered with captchaRequired; a success gives back the captcha-free keys it held.
   */
  async function attempt(
    merchantCode: string,
    account: string,
    payload: { captcha?: string | undefined; captchaId?: string | undefined },
    context: RequestContext,
    alwaysCaptcha: boolean,
    method: LoginMethod,
    authenticate: () => Promise<MemberRow>,
  ): Promise<NewSession> {
    const { free, held } = await captchaFree(merchantCode, account, context.ip, alwaysCaptcha);
    let member: MemberRow;
    try {
      if (!free) await captchaService.require(payload, { captchaRequired: true });
      member = await authenticate();
    } catch (error) {
      await recordRefusal(merchantCode, account, context, method, error);
      if (isDomainError(error) && error.code !== 'ACCOUNT_UNAVAILABLE') {
        throw new DomainError(error.code, { ...error.value, captchaRequired: true });
      }
      throw error;
    }
    for (const key of held) await counter.clear(CAPTCHA_FREE_SCOPE, key);
    await deps.checkLogin?.(member);
    await deps.secondStep?.(member, method, context);
    return sessionService.create(member, context, { method });
  }

  const wrongCredentials = () => new DomainError('WRONG_CREDENTIALS', { captchaRequired: true });

  return {
    /** `payload` is the decrypted JSON; it is checked here. */
    async login(merchantCode: string, decrypted: unknown, context: RequestContext): Promise<NewSession> {
      await checkIpLimit(context.ip);
      const parsed = loginPayload.safeParse(decrypted);
      if (!parsed.success) throw new DomainError('INVALID_INPUT', { reason: 'PAYLOAD_INVALID' });
      const payload: LoginPayload = parsed.data;
      const merchant = await deps.merchantService.getMerchant(merchantCode);
      const alwaysCaptcha = merchant.toggles.LOGINREQCAPTCHA3;

      if (payload.type === 'username') {
        const username = verifyField('loginUsername', payload.username);
        if (!username.ok) throw new DomainError(username.code, { field: 'username' });
        const password = verifyField('loginPassword', payload.password);
        if (!password.ok) throw new DomainError(password.code, { field: 'password' });
        const name = username.value ?? '';
        return attempt(
          merchantCode,
          name.toLowerCase(),
          payload,
          context,
          alwaysCaptcha,
          'password',
          async () => {
            const member = await members.findByUsername(merchantCode, name);
            const ok = member?.passwordHash
              ? await verifyPassword(member.passwordHash, password.value ?? '')
              : await verifyAgainstDecoy(password.value ?? '');
            if (!member || !ok) throw wrongCredentials();
            if (member.disabledAt) throw new DomainError('ACCOUNT_UNAVAILABLE');
            return member;
          },
        );
      }

      if (payload.type === 'sms') {
        if (!merchant.toggles.MOBILEVERCODELOGIN3) {
          throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'SMS_LOGIN_OFF' });
        }
        const mobile = normaliseMobile(
          payload.mobileNum,
          payload.countryDialingCode,
          merchant.info.register,
          {
            verifierField: 'loginMobileNum',
          },
        );
        return attempt(merchantCode, mobile.e164, payload, context, alwaysCaptcha, 'sms', async () => {
          await deps.smsService.verify(merchantCode, mobile, 'login', payload.verificationCode);
          const member = await members.findByMobile(
            merchantCode,
            mobile.countryDialingCode,
            mobile.mobileNum,
          );
          if (!member) throw wrongCredentials();
          if (member.disabledAt) throw new DomainError('ACCOUNT_UNAVAILABLE');
          return member;
        });
      }

      // Google / Facebook / phone quick login with a Firebase ID token; a refused token counts as a failure.
      try {
        return await deps.firebaseLogin.login(merchant, payload, context);
      } catch (error) {
        if (isDomainError(error) && error.code === 'WRONG_CREDENTIALS') {
          await recordRefusal(merchantCode, null, context, 'social', error);
        }
        throw error;
      }
    },

    /**
     * The member's login history of the last LOGIN_HISTORY_DAYS days, a page of it, newest first
     * (docs/product.md, "Account security"): their sign-ins, and the refused attempts naming their username or
     * mobile number.
     */
    async history(
      member: Pick<AuthenticatedMember, 'memberId' | 'merchantCode' | 'username'>,
      query: { pageNo: number; pageSize: number },
    ): Promise<LoginHistoryPage> {
      const row = await members.findById(member.memberId);
      const accounts = [member.username.toLowerCase()];
      if (row?.mobileNum) accounts.push(`${row.countryDialingCode ?? ''}${row.mobileNum}`);
      const since = addMs(clock(), -LOGIN_HISTORY_DAYS * DAY_MS);
      const { rows, total } = await attempts.historyOf(
        member.merchantCode,
        member.memberId,
        accounts,
        since,
        {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        },
      );
      return {
        list: rows.map(loginHistoryEntryOf),
        total,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      };
    },

    /** product.md §4 Trial login: a new type 4 member `try` + 8 digits, without a password, logged in. */
    async trialLogin(merchantCode: string, context: RequestContext): Promise<NewSession> {
      const now = clock();
      // Counted before the account is created, so that a parallel burst creates no more than the limit.
      const verdict = await counter.hit(TRIAL_IP_SCOPE, context.ip, TRIAL_IP_RULE);
      if (!verdict.allowed) {
        throw new DomainError('TOO_MANY_REQUESTS', {
          reason: 'TRIAL_LIMIT',
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      await deps.merchantService.getMerchant(merchantCode);
      return deps.db.transaction(async (tx) => {
        for (let tries = 0; tries < 5; tries += 1) {
          const created = await members.insert(
            {
              merchantCode,
              username: `try${randomDigits(8)}`,
              type: TRIAL_MEMBER_TYPE,
              passwordHash: null,
              registerIp: context.ip,
              createdAt: now,
              updatedAt: now,
            },
            tx,
          );
          if (created) {
            await deps.onTrialMember?.(created, tx);
            return sessionService.create(created, context, { method: 'trial', tx });
          }
        }
        throw new Error('Could not find a free trial username in 5 tries');
      });
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
