import type { ApiEntry } from '@kl/contracts/api-call';
import { accountsCalls, type RegistrationRules, type SessionInfo } from '@kl/contracts/accounts';
import { API } from '@kl/contracts/api-paths';
import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { statusCalls } from '@kl/contracts/status';
import { fromBase64, toBase64 } from '../shared/lib/base64.ts';
import { answer, failure, isCall } from './fake-api.ts';

/**
 * The accounts side of the API for component tests, keeping the agreed contract (contracts
 * accounts.ts and api-paths.ts): it really decrypts the login payload with its own RSA key pair,
 * keeps members, single-use captchas (answer: 1000 + id; the SMS send needs one too), SMS codes
 * (always 123456) and one session (the cookie of the real server).
 */
export interface FakeMember {
  username: string;
  password: string | null;
  type: number;
  mobileNum?: string;
  clubLevel?: string;
}

export interface FakeAccountsOptions {
  rules?: Partial<RegistrationRules>;
  members?: FakeMember[];
  /** The server forgets the login key it gave first (one LOGIN_KEY_UNKNOWN, then the new key works). */
  rotateKeyOnce?: boolean;
  /** Firebase ID tokens the server accepts (quick login), each naming the member it logs in. */
  firebaseTokens?: Record<string, string>;
}

export const SMS_CODE = '123456';
export const captchaAnswer = (captchaId: string) => String(1000 + Number(captchaId.replace('c', '')));
/** The answer of the captcha a picture shows (the fake draws its id into the image). */
export function captchaAnswerOfImage(image: HTMLElement): string {
  const svg = atob((image.getAttribute('src') ?? '').split(',')[1] ?? '');
  const captchaId = /<text>(c\d+)<\/text>/.exec(svg)?.[1];
  if (!captchaId) throw new Error('not a captcha picture of the fake server');
  return captchaAnswer(captchaId);
}

export function createRules(overrides: Partial<RegistrationRules> = {}): RegistrationRules {
  return {
    fields: {
      username: { enabled: true, required: true },
      password: { enabled: true, required: true },
      mobileNum: { enabled: false, required: false },
      payeeName: { enabled: true, required: false },
      email: { enabled: true, required: false },
      birthday: { enabled: true, required: false },
      affiliateCode: { enabled: true, required: false },
      nickname: { enabled: true, required: false },
    },
    methods: { username: true, mobile: true },
    smsVerification: true,
    mobilePassword: true,
    smsLogin: false,
    loginCaptcha: false,
    social: { google: false, facebook: false },
    firebase: null,
    ageLimit: 18,
    termsCheckedByDefault: false,
    defaultCountryDialingCode: '+84',
    countryDialingCodes: ['+84', '+66'],
    ...overrides,
  };
}

/** Every path of the API table: the calls the fake records, whichever part of the API answers them. */
const API_PATHS = new Set<string>(Object.values(API).map((entry) => entry.path));

export function createFakeAccounts(options: FakeAccountsOptions = {}) {
  // Made on the first request of the key (most tests never log in).
  let keyPair: Promise<CryptoKeyPair> | null = null;
  const keys = () =>
    (keyPair ??= crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    ) as Promise<CryptoKeyPair>);
  const spki = async () => toBase64(await crypto.subtle.exportKey('spki', (await keys()).publicKey));
  const keyId = `k-${crypto.randomUUID()}`;
  const state = {
    rules: createRules(options.rules),
    members: new Map((options.members ?? []).map((member) => [member.username.toLowerCase(), { ...member }])),
    captchas: new Map<string, string>(),
    captchaRequired: false,
    /** The SMS send answers 429 SMS_NUMBER_LIMIT (the number's daily cap). */
    smsDailyLimitReached: false,
    session: null as SessionInfo | null,
    keyId: options.rotateKeyOnce ? 'k-old' : keyId,
    keyRequests: 0,
    nextCaptcha: 1,
    /** Every call, for assertions: method, path, headers, decrypted or JSON body. */
    calls: [] as { method: string; path: string; headers: Record<string, string>; body: unknown }[],
  };

  /** Starts the member's session (the calls that log in answer it). */
  const startSession = (member: FakeMember, firstTimeLogin = false): SessionInfo => {
    state.session = {
      userName: member.username,
      merchantCode: 'kimlong',
      type: member.type,
      firstTimeLogin,
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    return state.session;
  };

  const checkCaptcha = (captchaId: unknown, captcha: unknown) => {
    const expected = typeof captchaId === 'string' ? state.captchas.get(captchaId) : undefined;
    if (typeof captchaId === 'string') state.captchas.delete(captchaId);
    return expected !== undefined && expected === captcha;
  };

  async function decrypt(headers: Record<string, string>, body: { iv: string; ciphertext: string }) {
    const [keyId, wrapped = ''] = (headers['x-login-key'] ?? '').split('.');
    if (keyId !== state.keyId || keyId === 'k-old') return 'unknown-key' as const;
    const raw = await crypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      (await keys()).privateKey,
      fromBase64(wrapped),
    );
    const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(body.iv) },
      aes,
      fromBase64(body.ciphertext),
    );
    return JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
  }

  async function handle(url: URL, init: RequestInit = {}): Promise<Response | undefined> {
    const method = init.method ?? 'GET';
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    let body: Record<string, unknown> =
      typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const is = (entry: ApiEntry) => isCall(entry, url, init);
    const record = { method, path: url.pathname, headers, body: body as unknown };
    if (is(accountsCalls.login) || is(accountsCalls.setPasswordByPhone)) {
      const decrypted = await decrypt(headers, body as { iv: string; ciphertext: string });
      state.calls.push({ ...record, body: decrypted });
      if (decrypted === 'unknown-key') return failure('INVALID_INPUT', 400, { reason: 'LOGIN_KEY_UNKNOWN' });
      body = decrypted;
    } else if (API_PATHS.has(url.pathname) && !is(statusCalls.status)) {
      state.calls.push(record);
    }

    if (is(accountsCalls.loginKey)) {
      state.keyRequests += 1;
      if (state.keyRequests > 1 && state.keyId === 'k-old') {
        state.keyId = keyId;
        return answer(accountsCalls.loginKey, { keyId, algorithm: 'RSA-OAEP-256', spki: await spki() });
      }
      return answer(accountsCalls.loginKey, {
        keyId: state.keyId,
        algorithm: 'RSA-OAEP-256',
        spki: await spki(),
      });
    }
    if (is(accountsCalls.registrationRules)) return answer(accountsCalls.registrationRules, state.rules);
    if (is(accountsCalls.captcha)) {
      const captchaId = `c${state.nextCaptcha++}`;
      state.captchas.set(captchaId, captchaAnswer(captchaId));
      const image = `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg"><text>${captchaId}</text></svg>`)}`;
      return answer(accountsCalls.captcha, {
        captchaId,
        image,
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
      });
    }
    if (is(accountsCalls.sendSms)) {
      // As the server: nothing is sent without a right captcha (used up either way), nor over the daily cap.
      if (!checkCaptcha(body.captchaId, body.captcha))
        return failure('WRONG_VERIFICATION_CODE', 400, { field: 'captcha' });
      if (state.smsDailyLimitReached) {
        return failure('TOO_MANY_REQUESTS', 429, { reason: 'SMS_NUMBER_LIMIT', retryAfterSeconds: 86_400 });
      }
      return answer(accountsCalls.sendSms, { expirationTime: new Date(Date.now() + 60_000).toISOString() });
    }
    if (is(accountsCalls.affiliateCheck)) {
      return url.searchParams.get('affiliateCode') === 'KL2026'
        ? answer(accountsCalls.affiliateCheck, { valid: true })
        : failure('INVALID_INVITATION_CODE');
    }
    if (is(accountsCalls.login)) {
      if (body.type === 'firebase') {
        // Quick login: the token is the proof, no captcha; a first login creates a member without a password.
        const username = options.firebaseTokens?.[String(body.firebaseIdToken)];
        if (!username) return failure('WRONG_CREDENTIALS', 401, { reason: 'SIGNATURE_INVALID' });
        const known = state.members.get(username.toLowerCase());
        const member = known ?? { username, password: null, type: 0 };
        if (!known) state.members.set(username.toLowerCase(), member);
        return answer(accountsCalls.login, startSession(member, !known));
      }
      const needsCaptcha = state.rules.loginCaptcha || state.captchaRequired;
      if (needsCaptcha && !checkCaptcha(body.captchaId, body.captcha)) {
        return failure('WRONG_VERIFICATION_CODE', 400, { field: 'captcha', captchaRequired: true });
      }
      const member =
        body.type === 'sms'
          ? [...state.members.values()].find((m) => m.mobileNum === body.mobileNum)
          : state.members.get(String(body.username).toLowerCase());
      const good =
        body.type === 'sms' ? body.verificationCode === SMS_CODE : member?.password === body.password;
      if (!member || !good) {
        state.captchaRequired = true;
        return failure('WRONG_CREDENTIALS', 401, { captchaRequired: true });
      }
      return answer(accountsCalls.login, startSession(member));
    }
    if (is(accountsCalls.trialLogin)) {
      return answer(
        accountsCalls.trialLogin,
        startSession({ username: 'try12345678', password: null, type: 4 }),
      );
    }
    if (is(accountsCalls.logout)) {
      state.session = null;
      return answer(accountsCalls.logout, null);
    }
    if (is(accountsCalls.renewSession)) {
      return state.session ? answer(accountsCalls.renewSession, state.session) : failure('SESSION_EXPIRED');
    }
    const mobile = is(accountsCalls.registerMobile);
    if (mobile || is(accountsCalls.register)) {
      if (!checkCaptcha(body.captchaId, body.captcha))
        return failure('WRONG_VERIFICATION_CODE', 400, { field: 'captcha' });
      const username = mobile ? `vn${String(body.mobileNum)}` : String(body.username);
      if (state.members.has(username.toLowerCase())) {
        return failure('USERNAME_EXISTS', 409, { field: mobile ? 'mobileNum' : 'username' });
      }
      const member: FakeMember = {
        username,
        password: String(body.password),
        type: 0,
        mobileNum: body.mobileNum as string,
      };
      state.members.set(username.toLowerCase(), member);
      return answer(
        mobile ? accountsCalls.registerMobile : accountsCalls.register,
        startSession(member, true),
      );
    }
    if (is(accountsCalls.memberInfo)) {
      if (!state.session) return failure('NOT_LOGGED_IN');
      const member = state.members.get(state.session.userName.toLowerCase());
      return answer(accountsCalls.memberInfo, {
        id: '1',
        account: state.session.userName,
        nickname: null,
        type: state.session.type,
        clubLabel: { labelName: member?.clubLevel ?? '0' },
        mobileNum: member?.mobileNum ?? null,
        email: null,
        firstTimeLogin: false,
        hasPassword: member ? member.password !== null : false,
      });
    }
    if (is(accountsCalls.changePassword)) {
      if (!state.session) return failure('NOT_LOGGED_IN');
      const member = state.members.get(state.session.userName.toLowerCase());
      // Without a password yet (quick login, SMS sign-up) the first one is set without the old one.
      if (!member || (member.password !== null && member.password !== body.oldPassword))
        return failure('WRONG_CREDENTIALS', 401, { field: 'oldPassword' });
      member.password = String(body.newPassword);
      return answer(accountsCalls.changePassword, null);
    }
    return undefined;
  }

  /** localStorage entries of a browser that holds this fake's current session. */
  const sessionStorageEntries = (): Record<string, string> =>
    state.session ? { [SESSION_STORAGE_KEY]: JSON.stringify(state.session) } : {};

  /** Logs a member in on the server side and answers the browser's storage entries. */
  const loggedInAs = (username: string): Record<string, string> => {
    const member = state.members.get(username.toLowerCase());
    if (!member) throw new Error(`No fake member ${username}`);
    startSession(member);
    return sessionStorageEntries();
  };

  return { handle, state, loggedInAs, sessionStorageEntries };
}

export type FakeAccounts = ReturnType<typeof createFakeAccounts>;
