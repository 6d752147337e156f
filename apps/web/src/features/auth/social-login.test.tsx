import { accountsCalls, type RegistrationRules } from '@kl/contracts/accounts';
import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerAccounts, decrypted, loginPayloads } from '../../test/fake-accounts.ts';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { sessionOf } from '../../test/fake-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { resetLoginKeyCache } from './api/get-login-key.ts';

// The Firebase SDK is replaced: the popup answers what each test decides.
const firebase = vi.hoisted(() => {
  class Provider {
    constructor(readonly providerId: string) {}
  }
  return {
    initializeApp: vi.fn((options: Record<string, string>, name: string) => ({ options, name })),
    getApps: vi.fn((): { name: string }[] => []),
    initializeAuth: vi.fn((app: unknown) => ({ app, languageCode: null as string | null })),
    signInWithPopup: vi.fn(),
    signInWithPhoneNumber: vi.fn(),
    signOut: vi.fn(() => Promise.resolve()),
    RecaptchaVerifier: vi.fn(function (this: Record<string, unknown>, ...args: unknown[]) {
      this.args = args;
      this.clear = vi.fn();
    }),
    GoogleAuthProvider: class extends Provider {
      constructor() {
        super('google.com');
      }
    },
    FacebookAuthProvider: class extends Provider {
      constructor() {
        super('facebook.com');
      }
    },
  };
});

vi.mock('firebase/app', () => ({
  initializeApp: firebase.initializeApp,
  getApps: firebase.getApps,
}));
vi.mock('firebase/auth', () => ({
  initializeAuth: firebase.initializeAuth,
  signInWithPopup: firebase.signInWithPopup,
  signInWithPhoneNumber: firebase.signInWithPhoneNumber,
  signOut: firebase.signOut,
  RecaptchaVerifier: firebase.RecaptchaVerifier,
  GoogleAuthProvider: firebase.GoogleAuthProvider,
  FacebookAuthProvider: firebase.FacebookAuthProvider,
  inMemoryPersistence: { type: 'NONE' },
  browserPopupRedirectResolver: { popup: true },
}));

const FIREBASE = {
  apiKey: `AIza${'k'.repeat(35)}`,
  authDomain: 'kimlong-web.firebaseapp.com',
  projectId: 'kimlong-web',
};

/** The popup signs in and its user gives this ID token. */
const popupGives = (token: string) =>
  firebase.signInWithPopup.mockResolvedValueOnce({ user: { getIdToken: () => Promise.resolve(token) } });
/** The popup fails with Firebase's error code. */
const popupFails = (code: string) =>
  firebase.signInWithPopup.mockRejectedValueOnce(Object.assign(new Error(code), { code }));

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: (${code}).`), { code });

beforeEach(() => {
  resetLoginKeyCache();
  vi.clearAllMocks();
});
afterEach(() => {
  vi.useRealTimers();
  firebase.signInWithPopup.mockReset();
  firebase.signInWithPhoneNumber.mockReset();
  vi.restoreAllMocks();
});

async function open(path: string, name: string, rules: Partial<RegistrationRules>) {
  answerAccounts(rules);
  const view = await renderApp(`${path}?lang=en`);
  const dialog = await screen.findByRole('dialog', { name });
  return { ...view, dialog };
}

const withSocial = (social = { google: true, facebook: true, sms: false }) => ({
  social,
  firebase: FIREBASE,
});
/** The server takes the ID token: a first login, of a new member. */
const acceptToken = (userName: string) =>
  on(accountsCalls.login, { ...sessionOf(0, userName), firstTimeLogin: true });
/** The server refuses the ID token. */
const refuseToken = () =>
  on(accountsCalls.login, failure('WRONG_CREDENTIALS', 401, { reason: 'SIGNATURE_INVALID' }));
const loginCalls = () => callsTo(accountsCalls.login);

describe('Google and Facebook quick login (product.md §2)', () => {
  it('shows no social button without the Firebase configuration, whatever the switches say', async () => {
    const login = await open('/m/login', 'Log in', {
      social: { google: true, facebook: true, sms: false },
      firebase: null,
    });
    expect(await within(login.dialog).findByRole('button', { name: 'Free trial' })).toBeInTheDocument();
    expect(within(login.dialog).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(within(login.dialog).queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    login.unmount();

    const register = await open('/m/register', 'Register', {});
    expect(await within(register.dialog).findByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(within(register.dialog).queryByRole('group', { name: 'Quick login' })).toBeNull();
    // The SDK is never fetched for a sheet without the buttons.
    expect(firebase.initializeApp).not.toHaveBeenCalled();
  });

  it('shows only the buttons whose switch is on', async () => {
    const { dialog } = await open(
      '/m/login',
      'Log in',
      withSocial({ google: false, facebook: true, sms: false }),
    );
    const group = await within(dialog).findByRole('group', { name: 'Quick login' });
    expect(within(group).getByRole('button', { name: 'Continue with Facebook' })).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('logs in with the Google ID token and channel in the encrypted payload', async () => {
    acceptToken('gg1234567890');
    const { dialog, user } = await open('/m/login', 'Log in', withSocial());
    popupGives('google-id-token');
    await user.click(await within(dialog).findByRole('button', { name: 'Continue with Google' }));

    expect(await screen.findByTestId('header-member')).toHaveTextContent('gg1234567890');
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    const [call] = loginCalls();
    expect(await decrypted(call!)).toEqual({
      type: 'firebase',
      firebaseChannel: 'google',
      firebaseIdToken: 'google-id-token',
    });
    expect(call?.headers['x-login-key']).toMatch(/^k-[\w-]+\.[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({
      userName: 'gg1234567890',
    });

    // Firebase got the rules' configuration, kept its user in memory only, and signed it out after.
    expect(firebase.initializeApp).toHaveBeenCalledTimes(1);
    expect(firebase.initializeApp).toHaveBeenCalledWith(FIREBASE, expect.any(String));
    expect(firebase.initializeAuth).toHaveBeenCalledWith(expect.anything(), {
      persistence: { type: 'NONE' },
      popupRedirectResolver: { popup: true },
    });
    const [auth, provider] = firebase.signInWithPopup.mock.calls[0] ?? [];
    expect(provider).toBeInstanceOf(firebase.GoogleAuthProvider);
    expect(auth).toMatchObject({ languageCode: 'en' });
    expect(firebase.signOut).toHaveBeenCalledWith(auth);
  });

  it('logs in with Facebook from the register sheet, initialising Firebase once', async () => {
    // A project of its own: the Firebase app of the other tests' project is already made.
    const other = { ...FIREBASE, projectId: 'kimlong-other', authDomain: 'kimlong-other.firebaseapp.com' };
    acceptToken('fb1234567890');
    const { dialog, user } = await open('/m/register', 'Register', {
      social: { google: false, facebook: true, sms: false },
      firebase: other,
    });
    // A first attempt closed by the visitor, then the real one: one Firebase app for both.
    popupFails('auth/popup-closed-by-user');
    popupGives('facebook-id-token');
    const button = await within(dialog).findByRole('button', { name: 'Continue with Facebook' });
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    expect(await screen.findByTestId('header-member')).toHaveTextContent('fb1234567890');
    expect(await loginPayloads()).toEqual([
      { type: 'firebase', firebaseChannel: 'facebook', firebaseIdToken: 'facebook-id-token' },
    ]);
    expect(firebase.signInWithPopup.mock.calls.map(([, provider]) => provider)).toEqual([
      expect.any(firebase.FacebookAuthProvider),
      expect.any(firebase.FacebookAuthProvider),
    ]);
    expect(firebase.initializeApp).toHaveBeenCalledTimes(1);
    expect(firebase.initializeApp).toHaveBeenCalledWith(other, expect.any(String));
    expect(firebase.initializeAuth).toHaveBeenCalledTimes(1);
  });

  it.each(['auth/popup-closed-by-user', 'auth/cancelled-popup-request'])(
    'a popup ended by the visitor (%s) only stops the wait, with no error and no login call',
    async (code) => {
      const { dialog, user } = await open('/m/login', 'Log in', withSocial());
      const shownErrors = vi.spyOn(toast, 'error');
      let reject: (error: unknown) => void = () => undefined;
      firebase.signInWithPopup.mockReturnValueOnce(
        new Promise((_resolve, fail) => {
          reject = fail;
        }),
      );
      const button = await within(dialog).findByRole('button', { name: 'Continue with Google' });
      await user.click(button);
      await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
      expect(within(dialog).getByRole('button', { name: 'Continue with Facebook' })).toBeDisabled();

      // A fake clock from here: an error toast asked for would be announced (after 50 ms) once it moves.
      // Animation frames stay real: the dialog animates on them.
      vi.useFakeTimers({
        shouldAdvanceTime: true,
        toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      });
      reject(firebaseError(code));
      await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
      expect(button).toBeEnabled();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(shownErrors).not.toHaveBeenCalled();
      expect(document.body).not.toHaveTextContent(/Unknown error|did not succeed|Wrong username/);
      expect(loginCalls()).toHaveLength(0);
      expect(screen.getByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    },
  );

  it('asks a member whose two-step verification is on for the code after Google, and logs in with it', async () => {
    on(
      accountsCalls.login,
      failure('TWO_FACTOR_REQUIRED', 401, { challenge: 'ch-g', captchaRequired: false }),
    );
    on(accountsCalls.loginTwoFactor, sessionOf(0, 'gg1234567890'));
    const { dialog, user } = await open('/m/login', 'Log in', withSocial());
    popupGives('google-id-token');
    await user.click(await within(dialog).findByRole('button', { name: 'Continue with Google' }));

    const form = await within(dialog).findByRole('form', { name: 'Two-step verification' });
    expect(screen.queryByTestId('header-member')).toBeNull();
    await user.type(within(form).getByLabelText('Code or recovery code'), '246810');
    await user.click(within(form).getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByTestId('header-member')).toHaveTextContent('gg1234567890');
    expect(callsTo(accountsCalls.loginTwoFactor)[0]?.body).toEqual({ challenge: 'ch-g', code: '246810' });
  });

  it('shows WRONG_CREDENTIALS when the server refuses the token', async () => {
    refuseToken();
    const { dialog, user } = await open('/m/login', 'Log in', withSocial());
    popupGives('forged-token');
    await user.click(await within(dialog).findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(document.body).toHaveTextContent('Wrong username or password'));
    expect((await loginPayloads())[0]).toMatchObject({
      firebaseIdToken: 'forged-token',
    });
    expect(screen.queryByTestId('header-member')).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('says so when the browser blocked the popup', async () => {
    const { dialog, user } = await open('/m/login', 'Log in', withSocial());
    popupFails('auth/popup-blocked');
    await user.click(await within(dialog).findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() =>
      expect(document.body).toHaveTextContent('The sign-in window was blocked. Allow pop-ups'),
    );
    expect(loginCalls()).toHaveLength(0);
  });

  it('shows the localised failure in Vietnamese too', async () => {
    answerAccounts(withSocial());
    refuseToken();
    const { user } = await renderApp('/m/login?lang=vi');
    const dialog = await screen.findByRole('dialog', { name: 'Đăng nhập' });
    popupGives('forged-token');
    await user.click(await within(dialog).findByRole('button', { name: 'Tiếp tục với Google' }));
    await waitFor(() => expect(document.body).toHaveTextContent('Sai tên đăng nhập hoặc mật khẩu'));
  });
});

describe('SMS login through Firebase (rules.social.sms)', () => {
  const smsByFirebase = {
    smsLogin: true,
    social: { google: false, facebook: false, sms: true },
    firebase: FIREBASE,
  };
  /** Firebase sends the code; the code `right` gives `token`, any other is refused as Firebase does. */
  const firebaseSends = (right: string, token: string) => {
    const confirm = vi.fn((code: string) =>
      code === right
        ? Promise.resolve({ user: { getIdToken: () => Promise.resolve(token) } })
        : Promise.reject(firebaseError('auth/invalid-verification-code')),
    );
    firebase.signInWithPhoneNumber.mockResolvedValueOnce({ confirm });
    return confirm;
  };

  async function smsForm() {
    const opened = await open('/m/login', 'Log in', smsByFirebase);
    await opened.user.click(await within(opened.dialog).findByRole('tab', { name: 'SMS code' }));
    return opened;
  }

  it('sends the code through Firebase behind its reCAPTCHA and logs in with the number’s ID token', async () => {
    acceptToken('ph1234567890');
    const confirm = firebaseSends('654321', 'phone-id-token');
    const { dialog, user } = await smsForm();
    await user.type(within(dialog).getByLabelText('Mobile number'), '0912345678');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('button', { name: /^Resend in/ });

    // Firebase got the number in E.164 and an invisible reCAPTCHA in the form; the site sent no SMS of its
    // own and asked no picture code.
    const [auth, number, verifier] = firebase.signInWithPhoneNumber.mock.calls[0] ?? [];
    expect(number).toBe('+84912345678');
    expect(auth).toMatchObject({ languageCode: 'en' });
    const [verifierAuth, container, options] = (verifier as { args: unknown[] }).args;
    expect(verifierAuth).toBe(auth);
    expect(dialog).toContainElement(container as HTMLElement);
    expect(options).toEqual({ size: 'invisible' });
    expect((verifier as { clear: () => void }).clear).toHaveBeenCalled();
    expect(callsTo(accountsCalls.sendSms)).toEqual([]);
    expect(within(dialog).queryByRole('group', { name: /receive the SMS code/ })).toBeNull();

    await user.type(within(dialog).getByLabelText('SMS code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('header-member', {}, { timeout: 5_000 })).toHaveTextContent(
      'ph1234567890',
    );
    expect(confirm).toHaveBeenCalledWith('654321');
    expect(await loginPayloads()).toEqual([
      {
        type: 'firebase',
        firebaseChannel: 'sms',
        firebaseIdToken: 'phone-id-token',
        firebaseMobileNo: '0912345678',
        countryDialingCode: '+84',
      },
    ]);
    expect(firebase.signOut).toHaveBeenCalledWith(auth);
  });

  it('says so on the code field, with no login call, for a code not sent yet or not the one sent', async () => {
    firebaseSends('654321', 'phone-id-token');
    const { dialog, user } = await smsForm();
    await user.type(within(dialog).getByLabelText('Mobile number'), '912345678');
    await user.type(within(dialog).getByLabelText('SMS code'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(
      await within(dialog).findByText('Send the SMS code first, then type it here.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('button', { name: /^Resend in/ });
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('This code is not the one sent by SMS.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('SMS code')).toHaveFocus();
    expect(loginCalls()).toEqual([]);
  });

  it('tells a number Firebase refuses, and sends nothing for a number the form refuses', async () => {
    const shownErrors = vi.spyOn(toast, 'error');
    firebase.signInWithPhoneNumber.mockRejectedValueOnce(firebaseError('auth/too-many-requests'));
    const { dialog, user } = await smsForm();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    // An empty number: the field says so and Firebase is not asked.
    await waitFor(() => expect(within(dialog).getByLabelText('Mobile number')).toHaveFocus());
    expect(firebase.signInWithPhoneNumber).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Mobile number'), '912345678');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(shownErrors).toHaveBeenCalledWith(
        'Too many codes have been asked for today. Please try again later.',
      ),
    );
    // Nothing was sent: no countdown, the button asks again.
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeEnabled();
  });
});
