import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  captchaAnswer,
  captchaAnswerOfImage,
  createFakeAccounts,
  createRules,
  type FakeAccountsOptions,
} from '../../test/fake-accounts.ts';
import { findScreen, renderApp } from '../../test/render-app.tsx';
import { answerDeposit } from '../deposit/testing/fake-deposit.ts';
import { resetLoginKeyCache } from './api/get-login-key.ts';
import { REMEMBERED_LOGIN_KEY } from './lib/remembered-login.ts';

// Each test's fake server has its own key pair: a key kept from another test would be unknown.
beforeEach(() => resetLoginKeyCache());

const MEMBER = { username: 'player01', password: 'secret12', type: 0, clubLevel: '3' };

async function openLogin(options: FakeAccountsOptions = {}, path = '/m/login') {
  const accounts = createFakeAccounts({ members: [MEMBER], ...options });
  const view = await renderApp(`${path}?lang=en`, { accounts });
  const dialog = await screen.findByRole('dialog', { name: 'Log in' });
  return { ...view, accounts, dialog };
}

describe('login (product.md §2 Login)', () => {
  it('logs in with an encrypted payload and shows the name with the VIP badge', async () => {
    const { dialog, user, accounts } = await openLogin();
    await user.type(within(dialog).getByLabelText('Username'), '  player01 ');
    await user.type(within(dialog).getByLabelText('Password'), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const member = await screen.findByTestId('header-member');
    expect(member).toHaveTextContent('player01');
    expect(await within(member).findByText('VIP 3')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    const call = accounts.state.calls.find((c) => c.path === '/api/auth/login');
    // Decrypted by the fake server: trimmed username, password as typed.
    expect(call?.body).toEqual({ type: 'username', username: 'player01', password: 'secret12' });
    expect(call?.headers['x-login-key']).toMatch(/^k-[\w-]+\.[A-Za-z0-9+/]+=*$/);
    expect(call?.headers['x-device']).toBe('H5');
  });

  it('fetches the key again and retries once when the server no longer knows it', async () => {
    const { dialog, user, accounts } = await openLogin({ rotateKeyOnce: true });
    await user.type(within(dialog).getByLabelText('Username'), 'player01');
    await user.type(within(dialog).getByLabelText('Password'), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('header-member')).toHaveTextContent('player01');
    expect(accounts.state.calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(2);
  });

  it('shows the error and a captcha after a failed login, a new captcha after each failure', async () => {
    const { dialog, user, accounts } = await openLogin();
    expect(within(dialog).queryByLabelText('Verification code (picture)')).toBeNull();
    await user.type(within(dialog).getByLabelText('Username'), 'player01');
    await user.type(within(dialog).getByLabelText('Password'), 'wrongpass');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Wrong username or password')).toBeInTheDocument();
    const captchaInput = await within(dialog).findByLabelText('Verification code (picture)');
    await waitFor(() => expect(accounts.state.nextCaptcha).toBe(2));

    // Without the captcha now: refused, and the captcha field says so.
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'secret12');
    await user.type(captchaInput, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Wrong verification code')).toBeInTheDocument();
    await waitFor(() => expect(accounts.state.nextCaptcha).toBe(3));

    await user.type(within(dialog).getByLabelText('Verification code (picture)'), captchaAnswer('c2'));
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('header-member')).toHaveTextContent('player01');
  });

  it('always asks for the captcha when the merchant requires it', async () => {
    const { dialog } = await openLogin({ rules: createRules({ loginCaptcha: true }) });
    expect(await within(dialog).findByLabelText('Verification code (picture)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'New verification picture' })).toBeInTheDocument();
  });

  it('offers SMS login only when the merchant allows it', async () => {
    const first = await openLogin();
    await waitFor(() =>
      expect(first.accounts.state.calls.some((c) => c.path === '/api/register/rules')).toBe(true),
    );
    expect(within(first.dialog).queryByRole('tab', { name: 'SMS code' })).toBeNull();
    first.unmount();

    const { dialog, user, accounts } = await openLogin({
      rules: createRules({ smsLogin: true }),
      members: [{ ...MEMBER, mobileNum: '912345678' }],
    });
    await user.click(await within(dialog).findByRole('tab', { name: 'SMS code' }));
    await user.type(within(dialog).getByLabelText('Mobile number'), '912345678');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const prompt = await within(dialog).findByRole('group', { name: /receive the SMS code/ });
    const picture = await within(prompt).findByRole('img', { name: 'Picture code for the SMS' });
    await user.type(within(prompt).getByLabelText('Picture code for the SMS'), captchaAnswerOfImage(picture));
    await user.click(within(prompt).getByRole('button', { name: 'Send the SMS' }));
    await within(dialog).findByRole('button', { name: /^Resend in/ });
    expect(accounts.state.calls.find((c) => c.path === '/api/verification/sms')?.body).toMatchObject({
      purpose: 'login',
      mobileNum: '912345678',
    });
    await user.type(within(dialog).getByLabelText('SMS code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    // The fake server's first login makes its RSA key pair: slow on a busy machine.
    expect(await screen.findByTestId('header-member', {}, { timeout: 5_000 })).toHaveTextContent('player01');
    expect(accounts.state.calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({
      type: 'sms',
      mobileNum: '912345678',
      countryDialingCode: '+84',
      verificationCode: '123456',
    });
  });

  it('remembers the password encrypted, prefills it after a reload, and forgets it when unticked', async () => {
    const first = await openLogin();
    await first.user.type(within(first.dialog).getByLabelText('Username'), 'player01');
    await first.user.type(within(first.dialog).getByLabelText('Password'), 'secret12');
    await first.user.click(within(first.dialog).getByRole('checkbox', { name: 'Remember password' }));
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Log in' }));
    await screen.findByTestId('header-member');
    const stored = window.localStorage.getItem(REMEMBERED_LOGIN_KEY) ?? '';
    expect(stored).not.toContain('secret12');
    expect(stored).not.toContain(btoa('secret12').slice(0, 8));
    first.unmount();

    const rememberedStorage = { [REMEMBERED_LOGIN_KEY]: stored };
    const accounts = createFakeAccounts({ members: [MEMBER] });
    const second = await renderApp('/m/login?lang=en', { accounts, storage: rememberedStorage });
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
    const { dialog, user } = await openLogin({}, '/m/voucherCenter');
    expect(window.location.pathname).toBe('/m/login');
    await user.type(within(dialog).getByLabelText('Username'), 'player01');
    await user.type(within(dialog).getByLabelText('Password'), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/voucherCenter'));
    await waitFor(() => expect(document.querySelector('[data-page="voucherCenter"]')).not.toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
  });

  it('asks a trial member in the member centre to register', async () => {
    const accounts = createFakeAccounts();
    const { user } = await renderApp('/m/trail?lang=en', { accounts });
    await user.click(await screen.findByRole('button', { name: 'Free trial' }));
    await screen.findByTestId('header-member');
    await user.click(within(screen.getByTestId('app-footer')).getByRole('link', { name: 'Member' }));
    const alert = await screen.findByRole('dialog');
    expect(alert).toHaveTextContent('The member centre is for registered members. Register now?');
    // The dialog ignores pointers while it animates in: a plain click, as a screen reader would.
    within(alert).getByRole('button', { name: 'Register now' }).click();
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeInTheDocument();
  });

  it('refuses the inbox to a trial member with free_reject', async () => {
    const accounts = createFakeAccounts();
    const { user } = await renderApp('/m/trail?lang=en', { accounts });
    await user.click(await screen.findByRole('button', { name: 'Free trial' }));
    await screen.findByTestId('header-member');
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
    const accounts = createFakeAccounts({ members: [MEMBER] });
    const storage = accounts.loggedInAs('player01');
    accounts.state.session = null; // revoked on the server
    await renderApp('/m/home?lang=en', { accounts, storage });
    await waitFor(() => expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull());
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(accounts.state.calls.some((c) => c.path === '/api/auth/session/renew')).toBe(true);
  });

  it('a call refused for want of a session logs the browser out with the message', async () => {
    const accounts = createFakeAccounts({ members: [MEMBER] });
    const storage = accounts.loggedInAs('player01');
    await renderApp('/m/changePsw?lang=en', { accounts, storage });
    await findScreen();
    const current = await screen.findByLabelText('Current password');
    accounts.state.session = null;
    const { user } = { user: (await import('@testing-library/user-event')).default.setup() };
    await user.type(current, 'secret12');
    await user.type(screen.getByLabelText('New password'), 'newpass12');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.body).toHaveTextContent('You are not logged in'));
    await waitFor(() => expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
  });

  it('signs out after confirmation: autoLogin 0, session gone, home', async () => {
    const accounts = createFakeAccounts({ members: [MEMBER] });
    const storage = accounts.loggedInAs('player01');
    const { user } = await renderApp('/m/activity?lang=en', { accounts, storage });
    await findScreen();
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = await screen.findByTestId('side-menu');
    expect(await within(menu).findByTestId('member-panel')).toHaveTextContent('player01');
    await user.click(await within(menu).findByRole('button', { name: 'Sign out' }));
    // Taps in the dialog go through during its opening animation too (antd-mobile turns pointer events
    // off until it is fully shown).
    const tap = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const confirm = await screen.findByRole('dialog', { name: 'Do you want to sign out?' });
    await tap.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('header-member')).toBeInTheDocument();

    await user.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(screen.getAllByRole('dialog', { name: 'Do you want to sign out?' })).toHaveLength(1),
    );
    const again = screen.getByRole('dialog', { name: 'Do you want to sign out?' });
    await tap.click(within(again).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem('autoLogin')).toBe('0');
    expect(accounts.state.session).toBeNull();
    expect(window.location.pathname).toBe('/m/home');
  });
});

describe('change password (product.md §2, §4)', () => {
  it('checks the fields, saves, updates the remembered password and goes home', async () => {
    const accounts = createFakeAccounts({ members: [MEMBER] });
    const first = await openLogin();
    await first.user.type(within(first.dialog).getByLabelText('Username'), 'player01');
    await first.user.type(within(first.dialog).getByLabelText('Password'), 'secret12');
    await first.user.click(within(first.dialog).getByRole('checkbox', { name: 'Remember password' }));
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Log in' }));
    await screen.findByTestId('header-member');
    const remembered = window.localStorage.getItem(REMEMBERED_LOGIN_KEY) ?? '';
    first.unmount();

    const storage = { ...accounts.loggedInAs('player01'), [REMEMBERED_LOGIN_KEY]: remembered };
    const { user } = await renderApp('/m/changePsw?lang=en', { accounts, storage });
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
    expect(accounts.state.members.get('player01')?.password).toBe('newpass12');
    expect(window.localStorage.getItem(REMEMBERED_LOGIN_KEY)).not.toBe(remembered);

    // The remembered record now holds the new password.
    window.history.pushState(null, '', '/m/login');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await waitFor(() => expect(within(login).getByLabelText('Password')).toHaveValue('newpass12'));
  });

  it('asks for the current password only when the member has one (memberInfo.hasPassword)', async () => {
    const accounts = createFakeAccounts({
      members: [MEMBER, { username: 'gg1234567890', password: null, type: 0 }],
    });
    const storage = accounts.loggedInAs('gg1234567890');
    const { user } = await renderApp('/m/changePsw?lang=en', { accounts, storage });
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('gg1234567890');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'first123');
    await user.type(screen.getByLabelText('Confirm new password'), 'first123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.body).toHaveTextContent('Change saved'));
    const call = accounts.state.calls.find((c) => c.path === '/api/member/password');
    expect(call?.body).toEqual({ newPassword: 'first123', confirmNewPassword: 'first123' });
    expect(accounts.state.members.get('gg1234567890')?.password).toBe('first123');
  });

  it('shows the current-password field to a member who has a password', async () => {
    const accounts = createFakeAccounts({ members: [MEMBER] });
    const storage = accounts.loggedInAs('player01');
    await renderApp('/m/changePsw?lang=en', { accounts, storage });
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
    const info = accounts.state.calls.filter((c) => c.path === '/api/member/info');
    expect(info.length).toBeGreaterThan(0);
  });
});
