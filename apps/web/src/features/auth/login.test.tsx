import { accountsCalls, type RegistrationRules } from '@kl/contracts/accounts';
import type { TypedApiEntry } from '@kl/contracts/api-call';
import { SESSION_STORAGE_KEY, TOAST_MS } from '@kl/contracts/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerAccounts,
  captchaAnswerOfImage,
  decrypted,
  loginKeyOf,
  loginPayloads,
  smsSent,
} from '../../test/fake-accounts.ts';
import { tapInDialog } from '../../test/dialogs.ts';
import { callsTo, failure, on, refuseOtherCalls, type FakeReply } from '../../test/fake-api.ts';
import { memberInfoOf, sessionOf, storedSession } from '../../test/fake-data.ts';
import { findScreen, renderApp } from '../../test/render-app.tsx';
import { answerDeposit } from '../deposit/testing/fake-deposit.ts';
import { resetLoginKeyCache } from './api/get-login-key.ts';
import { REMEMBERED_LOGIN_KEY } from './lib/remembered-login.ts';

// Each test fetches the login key afresh (a test may answer it differently).
beforeEach(() => resetLoginKeyCache());

/** The browser holding player01's session. */
const memberStorage = { [SESSION_STORAGE_KEY]: storedSession() };

/** `entry` answers its first call with the first answer, its second with the second… (the last after). */
function inTurn<E extends TypedApiEntry>(entry: E, ...answers: FakeReply<E>[]) {
  on(entry, () => answers[Math.min(callsTo(entry).length, answers.length) - 1]!);
}

/** The server logs player01 (VIP 3) in, after the answers `before` (refusals) if any. */
function acceptLogin(...before: Response[]) {
  inTurn(accountsCalls.login, ...before, sessionOf(0));
  on(accountsCalls.memberInfo, memberInfoOf({ clubLabel: { labelName: '3' } }));
}

async function openLogin(rules: Partial<RegistrationRules> = {}, path = '/m/login') {
  answerAccounts(rules);
  const view = await renderApp(`${path}?lang=en`);
  const dialog = await screen.findByRole('dialog', { name: 'Log in' });
  return { ...view, dialog };
}

/** Types player01's username and password and logs in. */
async function logIn(dialog: HTMLElement, user: Awaited<ReturnType<typeof openLogin>>['user']) {
  await user.type(within(dialog).getByLabelText('Username'), 'player01');
  await user.type(within(dialog).getByLabelText('Password'), 'secret12');
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
}

/** Logs player01 in with "Remember password" ticked; answers the remembered record. */
async function logInRemembered() {
  acceptLogin();
  const first = await openLogin();
  await first.user.type(within(first.dialog).getByLabelText('Username'), 'player01');
  await first.user.type(within(first.dialog).getByLabelText('Password'), 'secret12');
  await first.user.click(within(first.dialog).getByRole('checkbox', { name: 'Remember password' }));
  await first.user.click(within(first.dialog).getByRole('button', { name: 'Log in' }));
  await screen.findByTestId('header-member');
  first.unmount();
  return window.localStorage.getItem(REMEMBERED_LOGIN_KEY) ?? '';
}

/** Opens the trial screen and starts a free trial. */
async function startTrial() {
  answerAccounts();
  on(accountsCalls.trialLogin, sessionOf(4, 'try12345678'));
  const view = await renderApp('/m/trail?lang=en');
  await view.user.click(await screen.findByRole('button', { name: 'Free trial' }));
  await screen.findByTestId('header-member');
  return view;
}

describe('login (product.md §2 Login)', () => {
  it('logs in with an encrypted payload and shows the name with the VIP badge', async () => {
    acceptLogin();
    const { dialog, user } = await openLogin();
    await user.type(within(dialog).getByLabelText('Username'), '  player01 ');
    await user.type(within(dialog).getByLabelText('Password'), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const member = await screen.findByTestId('header-member');
    expect(member).toHaveTextContent('player01');
    expect(await within(member).findByText('VIP 3')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    const [call] = callsTo(accountsCalls.login);
    // Decrypted with the server's key: trimmed username, password as typed.
    expect(await decrypted(call!)).toEqual({ type: 'username', username: 'player01', password: 'secret12' });
    expect(call?.headers['x-login-key']).toMatch(/^k-[\w-]+\.[A-Za-z0-9+/]+=*$/);
    expect(call?.headers['x-device']).toBe('H5');
  });

  it('asks for the second step after a right password and logs in with a code; a wrong code is said', async () => {
    on(
      accountsCalls.login,
      failure('TWO_FACTOR_REQUIRED', 401, { challenge: 'ch-1', captchaRequired: false }),
    );
    on(accountsCalls.loginTwoFactor, ({ body }) =>
      body.code === '246810' ? sessionOf(0) : failure('WRONG_TWO_FACTOR_CODE', 400),
    );
    on(accountsCalls.memberInfo, memberInfoOf({ clubLabel: { labelName: '3' } }));
    const { dialog, user } = await openLogin();
    await logIn(dialog, user);

    expect(await within(dialog).findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.queryByTestId('header-member')).toBeNull();
    const form = within(dialog).getByRole('form', { name: 'Two-step verification' });
    const code = within(form).getByLabelText('Code or recovery code');
    await user.type(code, '111111');
    await user.click(within(form).getByRole('button', { name: 'Verify and log in' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The code is wrong or has been used already',
    );
    expect(code).toHaveValue('');

    await user.type(code, '246810');
    await user.click(within(form).getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByTestId('header-member')).toHaveTextContent('player01');
    expect(callsTo(accountsCalls.loginTwoFactor).map((call) => call.body)).toEqual([
      { challenge: 'ch-1', code: '111111' },
      { challenge: 'ch-1', code: '246810' },
    ]);
  });

  it('goes back from the second step to the password form', async () => {
    on(
      accountsCalls.login,
      failure('TWO_FACTOR_REQUIRED', 401, { challenge: 'ch-2', captchaRequired: false }),
    );
    const { dialog, user } = await openLogin();
    await logIn(dialog, user);
    await user.click(await within(dialog).findByRole('button', { name: 'Back to the password' }));
    expect(await within(dialog).findByLabelText('Username')).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Two-step verification' })).toBeNull();
  });

  it('fetches the key again and retries once when the server no longer knows it', async () => {
    // The server gave k-old first, then forgot it (a new deployment): k-new now.
    on(accountsCalls.loginKey, () =>
      loginKeyOf(callsTo(accountsCalls.loginKey).length > 1 ? 'k-new' : 'k-old'),
    );
    acceptLogin(failure('INVALID_INPUT', 400, { reason: 'LOGIN_KEY_UNKNOWN' }));
    const { dialog, user } = await openLogin();
    await logIn(dialog, user);
    expect(await screen.findByTestId('header-member')).toHaveTextContent('player01');
    const calls = callsTo(accountsCalls.login);
    expect(calls.map((call) => call.headers['x-login-key']?.split('.')[0])).toEqual(['k-old', 'k-new']);
    expect(callsTo(accountsCalls.loginKey)).toHaveLength(2);
    expect((await loginPayloads())[1]).toMatchObject({ username: 'player01', password: 'secret12' });
  });

  it('shows the error and a captcha after a failed login, a new captcha after each failure', async () => {
    acceptLogin(
      failure('WRONG_CREDENTIALS', 401, { captchaRequired: true }),
      failure('WRONG_VERIFICATION_CODE', 400, { field: 'captcha', captchaRequired: true }),
    );
    const { dialog, user } = await openLogin();
    expect(within(dialog).queryByLabelText('Verification code (picture)')).toBeNull();
    await user.type(within(dialog).getByLabelText('Username'), 'player01');
    await user.type(within(dialog).getByLabelText('Password'), 'wrongpass');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Wrong username or password')).toBeInTheDocument();
    const captchaInput = await within(dialog).findByLabelText('Verification code (picture)');
    await waitFor(() => expect(callsTo(accountsCalls.captcha)).toHaveLength(1));

    // Without the captcha now: refused, and the captcha field says so.
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'secret12');
    await user.type(captchaInput, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Wrong verification code')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(accountsCalls.captcha)).toHaveLength(2));

    const picture = () => within(dialog).getByRole('img', { name: 'Verification picture' });
    await waitFor(() => expect(captchaAnswerOfImage(picture())).toBe('1002'));
    await user.type(within(dialog).getByLabelText('Verification code (picture)'), '1002');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('header-member')).toHaveTextContent('player01');
    const payloads = await loginPayloads();
    expect(payloads[1]).toMatchObject({ password: 'secret12', captchaId: 'c1', captcha: '9' });
    expect(payloads[2]).toMatchObject({ username: 'player01', captchaId: 'c2', captcha: '1002' });
  });

  it('always asks for the captcha when the merchant requires it', async () => {
    const { dialog } = await openLogin({ loginCaptcha: true });
    expect(await within(dialog).findByLabelText('Verification code (picture)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'New verification picture' })).toBeInTheDocument();
  });

  it('offers SMS login only when the merchant allows it', async () => {
    const first = await openLogin();
    await waitFor(() => expect(callsTo(accountsCalls.registrationRules).length).toBeGreaterThan(0));
    expect(within(first.dialog).queryByRole('tab', { name: 'SMS code' })).toBeNull();
    first.unmount();

    acceptLogin();
    on(accountsCalls.sendSms, smsSent);
    const { dialog, user } = await openLogin({ smsLogin: true });
    await user.click(await within(dialog).findByRole('tab', { name: 'SMS code' }));
    await user.type(within(dialog).getByLabelText('Mobile number'), '912345678');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const prompt = await within(dialog).findByRole('group', { name: /receive the SMS code/ });
    const picture = await within(prompt).findByRole('img', { name: 'Picture code for the SMS' });
    await user.type(within(prompt).getByLabelText('Picture code for the SMS'), captchaAnswerOfImage(picture));
    await user.click(within(prompt).getByRole('button', { name: 'Send the SMS' }));
    await within(dialog).findByRole('button', { name: /^Resend in/ });
    expect(callsTo(accountsCalls.sendSms)[0]?.body).toMatchObject({
      purpose: 'login',
      mobileNum: '912345678',
      captchaId: 'c1',
      captcha: '1001',
    });
    await user.type(within(dialog).getByLabelText('SMS code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    // The test's first login key makes its RSA key pair: slow on a busy machine.
    expect(await screen.findByTestId('header-member', {}, { timeout: 5_000 })).toHaveTextContent('player01');
    expect((await loginPayloads())[0]).toEqual({
      type: 'sms',
      mobileNum: '912345678',
      countryDialingCode: '+84',
      verificationCode: '123456',
    });
  });

  it('remembers the password encrypted, prefills it after a reload, and forgets it when unticked', async () => {
    const stored = await logInRemembered();
    expect(stored).not.toContain('secret12');
    expect(stored).not.toContain(btoa('secret12').slice(0, 8));

    const rememberedStorage = { [REMEMBERED_LOGIN_KEY]: stored };
    const second = await renderApp('/m/login?lang=en', { storage: rememberedStorage });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await waitFor(() => expect(within(dialog).getByLabelText('Username')).toHaveValue('player01'));
    expect(within(dialog).getByLabelText('Password')).toHaveValue('secret12');
    expect(within(dialog).getByRole('checkbox', { name: 'Remember password' })).toBeChecked();

    await second.user.click(within(dialog).getByRole('checkbox', { name: 'Remember password' }));
    await second.user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await screen.findByTestId('header-member');
    expect(window.localStorage.getItem(REMEMBERED_LOGIN_KEY)).toBeNull();
  });

  it('starts a free trial from the login sheet', async () => {
    on(accountsCalls.trialLogin, sessionOf(4, 'try12345678'));
    const { dialog, user } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: 'Free trial' }));
    expect(await screen.findByTestId('header-member')).toHaveTextContent('try12345678');
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({ type: 4 });
  });

  it('links to register and to forgot password', async () => {
    const { dialog, user } = await openLogin();
    await user.click(within(dialog).getByRole('link', { name: 'Forgot password?' }));
    const forget = await screen.findByRole('dialog', { name: 'Forgot password' });
    expect(window.location.search).toBe('?type=email');
    expect(within(forget).getByRole('tab', { name: 'E-mail' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(forget).getByRole('link', { name: 'Back to log in' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(login).getByRole('link', { name: 'Register now' }));
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeInTheDocument();
  });
});

describe('role gating (product.md §6)', () => {
  it('sends a visitor on a gated route to /m/login and back after logging in', async () => {
    // The deposit screen behind the login: no money yet.
    answerDeposit();
    acceptLogin();
    const { dialog, user } = await openLogin({}, '/m/voucherCenter');
    expect(window.location.pathname).toBe('/m/login');
    await logIn(dialog, user);
    await waitFor(() => expect(window.location.pathname).toBe('/m/voucherCenter'));
    await waitFor(() => expect(document.querySelector('[data-page="voucherCenter"]')).not.toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
  });

  it('asks a trial member in the member centre to register', async () => {
    const { user } = await startTrial();
    await user.click(within(screen.getByTestId('app-footer')).getByRole('link', { name: 'Member' }));
    const alert = await screen.findByRole('dialog');
    expect(alert).toHaveTextContent('The member centre is for registered members. Register now?');
    await tapInDialog(alert, 'Register now');
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeInTheDocument();
  });

  it('refuses the inbox to a trial member with free_reject', async () => {
    await startTrial();
    window.history.pushState(null, '', '/m/webEmail');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() =>
      expect(document.body).toHaveTextContent('This feature is not available to trial accounts'),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
  });
});

describe('session (product.md §3, §4)', () => {
  it('is renewed on load and forgotten quietly when the server refused it', async () => {
    on(accountsCalls.renewSession, failure('SESSION_EXPIRED')); // revoked on the server
    await renderApp('/m/home?lang=en', { storage: memberStorage });
    await waitFor(() => expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull());
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(callsTo(accountsCalls.renewSession).length).toBeGreaterThan(0);
  });

  it('a call refused for want of a session logs the browser out with the message', async () => {
    on(accountsCalls.memberInfo, memberInfoOf());
    on(accountsCalls.changePassword, failure('NOT_LOGGED_IN')); // the session ended on the server
    const { user } = await renderApp('/m/changePsw?lang=en', { storage: memberStorage });
    await findScreen();
    const current = await screen.findByLabelText('Current password');
    await user.type(current, 'secret12');
    await user.type(screen.getByLabelText('New password'), 'newpass12');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.body).toHaveTextContent('You are not logged in'));
    await waitFor(() => expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
  });

  it('signs out after confirmation: autoLogin 0, session gone, home', async () => {
    on(accountsCalls.memberInfo, memberInfoOf());
    on(accountsCalls.logout, null);
    const { user } = await renderApp('/m/activity?lang=en', { storage: memberStorage });
    await findScreen();
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = await screen.findByTestId('side-menu');
    expect(await within(menu).findByTestId('member-panel')).toHaveTextContent('player01');
    await user.click(await within(menu).findByRole('button', { name: 'Sign out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Do you want to sign out?' });
    await tapInDialog(confirm, 'Cancel');
    expect(screen.getByTestId('header-member')).toBeInTheDocument();

    await user.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(screen.getAllByRole('dialog', { name: 'Do you want to sign out?' })).toHaveLength(1),
    );
    const again = screen.getByRole('dialog', { name: 'Do you want to sign out?' });
    await tapInDialog(again, 'Sign out');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem('autoLogin')).toBe('0');
    expect(callsTo(accountsCalls.logout)).toHaveLength(1);
    expect(window.location.pathname).toBe('/m/home');
  });
});

describe('change password (product.md §2, §4)', () => {
  it('checks the fields, saves, updates the remembered password and goes home', async () => {
    const remembered = await logInRemembered();
    const wrongOld = failure('WRONG_CREDENTIALS', 401, { field: 'oldPassword' });
    inTurn(accountsCalls.changePassword, wrongOld, null);
    // The first page of this test held no session: the server holds one now.
    on(accountsCalls.renewSession, sessionOf(0));
    const storage = { ...memberStorage, [REMEMBERED_LOGIN_KEY]: remembered };
    const { user } = await renderApp('/m/changePsw?lang=en', { storage });
    expect(await findScreen()).toHaveAttribute('data-page', 'changePsw');
    // The form waits for the member info (whether there is an old password to ask for).
    expect(await screen.findByLabelText('Username')).toHaveValue('player01');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');

    await user.type(screen.getByLabelText('Current password'), 'secret12');
    await user.type(screen.getByLabelText('New password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The new password must differ from the current one')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();

    // Changing the password revalidates the confirmation.
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'newpass12');
    expect(await screen.findByText('Confirmation password not matched')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass12');
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'wrongold1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Wrong username or password')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveFocus();

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.body).toHaveTextContent('Change saved'));
    expect(window.location.pathname).toBe('/m/changePsw');
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'), { timeout: 2_000 });
    expect(callsTo(accountsCalls.changePassword).map((call) => call.body)).toEqual([
      { oldPassword: 'wrongold1', newPassword: 'newpass12', confirmNewPassword: 'newpass12' },
      { oldPassword: 'secret12', newPassword: 'newpass12', confirmNewPassword: 'newpass12' },
    ]);
    expect(window.localStorage.getItem(REMEMBERED_LOGIN_KEY)).not.toBe(remembered);

    // The remembered record now holds the new password.
    window.history.pushState(null, '', '/m/login');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await waitFor(() => expect(within(login).getByLabelText('Password')).toHaveValue('newpass12'));
  });

  it('asks for the current password only when the member has one (memberInfo.hasPassword)', async () => {
    // A quick-login member: no password yet.
    on(accountsCalls.memberInfo, memberInfoOf({ account: 'gg1234567890', hasPassword: false }));
    on(accountsCalls.changePassword, null);
    const storage = { [SESSION_STORAGE_KEY]: JSON.stringify(sessionOf(0, 'gg1234567890')) };
    const { user } = await renderApp('/m/changePsw?lang=en', { storage });
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('gg1234567890');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'first123');
    await user.type(screen.getByLabelText('Confirm new password'), 'first123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.body).toHaveTextContent('Change saved'));
    const [call] = callsTo(accountsCalls.changePassword);
    expect(call?.body).toEqual({ newPassword: 'first123', confirmNewPassword: 'first123' });
  });

  describe('once saved', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('does not take a member who left the screen meanwhile back home', async () => {
      on(accountsCalls.memberInfo, memberInfoOf({ account: 'gg1234567890', hasPassword: false }));
      on(accountsCalls.changePassword, null);
      const storage = { [SESSION_STORAGE_KEY]: JSON.stringify(sessionOf(0, 'gg1234567890')) };
      const { user } = await renderApp('/m/changePsw?lang=en', { storage });
      await user.type(await screen.findByLabelText('New password'), 'first123');
      await user.type(screen.getByLabelText('Confirm new password'), 'first123');
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(document.body).toHaveTextContent('Change saved'));

      // The member goes to the promotions before the message ends (their calls are not this test's).
      refuseOtherCalls();
      window.history.pushState(null, '', '/m/activity?lang=en');
      window.dispatchEvent(new PopStateEvent('popstate'));
      await waitFor(() => expect(document.querySelector('[data-page="activity"]')).not.toBeNull());
      await vi.advanceTimersByTimeAsync(TOAST_MS.success * 2);
      expect(window.location.pathname).toBe('/m/activity');
    });
  });

  it('shows the current-password field to a member who has a password', async () => {
    on(accountsCalls.memberInfo, memberInfoOf());
    await renderApp('/m/changePsw?lang=en', { storage: memberStorage });
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
    expect(callsTo(accountsCalls.memberInfo).length).toBeGreaterThan(0);
  });
});
