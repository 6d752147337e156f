import { accountsCalls, type RegistrationRules } from '@kl/contracts/accounts';
import { agentsCalls } from '@kl/contracts/agents';
import { SESSION_STORAGE_KEY, TOAST_MS } from '@kl/contracts/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerAccounts, captchaAnswerOfImage, smsSent } from '../../test/fake-accounts.ts';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { memberInfoOf, sessionOf } from '../../test/fake-data.ts';
import { findScreen, renderApp } from '../../test/render-app.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { USERNAME_CHECK_DELAY_MS } from './hooks/use-username-check.ts';

afterEach(() => vi.restoreAllMocks());

async function openRegister(rules: Partial<RegistrationRules> = {}, query = '') {
  answerAccounts(rules);
  const view = await renderApp(`/m/register?lang=en${query}`);
  const dialog = await screen.findByRole('dialog', { name: 'Register' });
  return { ...view, dialog };
}

const captchaCount = () => callsTo(accountsCalls.captcha).length;
const smsRequests = () => callsTo(accountsCalls.sendSms);

type User = Awaited<ReturnType<typeof renderApp>>['user'];

/** Accepts the terms and types a username account (password abc123, confirmed by `confirm`). */
async function typeAccount(dialog: HTMLElement, user: User, username: string, confirm = 'abc123') {
  await user.click(await within(dialog).findByRole('checkbox', { name: /I am over 18/ }));
  await user.type(within(dialog).getByLabelText('Username'), username);
  await user.type(within(dialog).getByLabelText('Password'), 'abc123');
  await user.type(within(dialog).getByLabelText('Confirm password'), confirm);
}

/** Answers the picture captcha the form shows; answers what was typed. */
async function answerCaptcha(dialog: HTMLElement, user: User) {
  const picture = await within(dialog).findByRole('img', { name: 'Verification picture' });
  const typed = captchaAnswerOfImage(picture);
  await user.type(within(dialog).getByLabelText('Verification code (picture)'), typed);
  return typed;
}

/** Opens the SMS prompt for 912345678 on the mobile tab; answers the prompt. */
async function askSmsCode(dialog: HTMLElement, user: User) {
  await user.click(await within(dialog).findByRole('tab', { name: 'Mobile number' }));
  await user.type(within(dialog).getByLabelText('Mobile number'), '912345678');
  await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
  return within(dialog).findByRole('group', { name: /receive the SMS code/ });
}

describe('registration (product.md §2 Registration screen)', () => {
  it('shows tabs only when both methods are on, username first', async () => {
    const { dialog } = await openRegister();
    const tabs = await within(dialog).findByRole('tablist', { name: 'Register with' });
    expect(within(tabs).getByRole('tab', { name: 'Username' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByLabelText('Username')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Mobile number')).toBeNull();
  });

  it('has no tabs and starts on mobile when only mobile registration is on', async () => {
    const { dialog } = await openRegister({ methods: { username: false, mobile: true } });
    expect(await within(dialog).findByLabelText('Mobile number')).toBeInTheDocument();
    expect(within(dialog).queryByRole('tablist')).toBeNull();
    expect(within(dialog).queryByLabelText('Username')).toBeNull();
    expect(within(dialog).getByLabelText('SMS code')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Country code' })).toHaveValue('+84');
  });

  it('has no tabs and no mobile field when only username registration is on', async () => {
    const { dialog } = await openRegister({ methods: { username: true, mobile: false } });
    expect(await within(dialog).findByLabelText('Username')).toBeInTheDocument();
    expect(within(dialog).queryByRole('tablist')).toBeNull();
    expect(within(dialog).queryByLabelText('Mobile number')).toBeNull();
  });

  it('shows the optional fields of the rule set and no others', async () => {
    const { dialog } = await openRegister({
      fields: {
        username: { enabled: true, required: true },
        zalo: { enabled: true, required: true },
        email: { enabled: false, required: false },
      },
    });
    expect(await within(dialog).findByLabelText('Zalo')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('E-mail')).toBeNull();
    expect(within(dialog).queryByLabelText('Full name (as on ID)')).toBeNull();
  });

  it('fills in the referrer and invitation codes of an invite link', async () => {
    const fields = {
      username: { enabled: true, required: true },
      recommenderId: { enabled: true, required: false },
      affiliateCode: { enabled: true, required: false },
    };
    const { dialog } = await openRegister({ fields }, '&recommenderId=AB12CD34&affiliateCode=%20AGENT7%20');
    expect(await within(dialog).findByLabelText('Referrer ID')).toHaveValue('AB12CD34');
    expect(within(dialog).getByLabelText(/Invitation code/)).toHaveValue('AGENT7');
  });

  it('carries the mobile number over a tab switch', async () => {
    const { dialog, user } = await openRegister();
    await user.click(await within(dialog).findByRole('tab', { name: 'Mobile number' }));
    await user.type(within(dialog).getByLabelText('Mobile number'), '912345678');
    await user.click(within(dialog).getByRole('tab', { name: 'Username' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Mobile number' }));
    expect(within(dialog).getByLabelText('Mobile number')).toHaveValue('912345678');
  });

  it('asks for an SMS code only for a valid number, then counts down', async () => {
    on(accountsCalls.sendSms, smsSent);
    const { dialog, user } = await openRegister();
    await user.click(await within(dialog).findByRole('tab', { name: 'Mobile number' }));
    const send = within(dialog).getByRole('button', { name: 'Send code' });
    await user.type(within(dialog).getByLabelText('Mobile number'), '12');
    await user.click(send);
    expect(await within(dialog).findByText('The mobile number format is wrong')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mobile number')).toHaveFocus();
    expect(smsRequests()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Mobile number'), '345678');
    await user.click(send);
    // The captcha comes first: nothing is sent before it is answered.
    const prompt = await within(dialog).findByRole('group', {
      name: 'Type the numbers in the picture to receive the SMS code',
    });
    const answer = within(prompt).getByLabelText('Picture code for the SMS');
    expect(answer).toHaveFocus();
    expect(smsRequests()).toHaveLength(0);
    const picture = await within(prompt).findByRole('img', { name: 'Picture code for the SMS' });
    await user.type(answer, captchaAnswerOfImage(picture));
    await user.click(within(prompt).getByRole('button', { name: 'Send the SMS' }));
    const countdown = await within(dialog).findByRole('button', { name: /^Resend in (60|59)s$/ });
    expect(countdown).toBeDisabled();
    await waitFor(() => expect(document.body).toHaveTextContent('Verification code sent'));
    expect(within(dialog).queryByRole('group', { name: /receive the SMS code/ })).toBeNull();
    expect(smsRequests()[0]?.body).toEqual({
      mobileNum: '12345678',
      countryDialingCode: '+84',
      purpose: 'register',
      captchaId: expect.stringMatching(/^c\d+$/),
      captcha: captchaAnswerOfImage(picture),
    });
  });

  it('asks the SMS captcha again after a wrong answer with a new picture; Enter sends, Escape cancels', async () => {
    on(accountsCalls.sendSms, failure('WRONG_VERIFICATION_CODE', 400, { field: 'captcha' }));
    const { dialog, user } = await openRegister();
    const prompt = await askSmsCode(dialog, user);
    const answer = within(prompt).getByLabelText('Picture code for the SMS');
    const first = await within(prompt).findByRole('img', { name: 'Picture code for the SMS' });
    const firstSrc = first.getAttribute('src');
    await user.type(answer, '1{Enter}');
    expect(await within(prompt).findByRole('alert')).toHaveTextContent('Wrong verification code');
    expect(answer).toHaveValue('');
    expect(answer).toHaveAccessibleDescription('Wrong verification code');
    // Enter sent the SMS request, not the registration.
    expect(smsRequests().map((call) => call.body.captcha)).toEqual(['1']);
    expect(callsTo(accountsCalls.register)).toHaveLength(0);
    const second = await within(prompt).findByRole('img', { name: 'Picture code for the SMS' });
    await waitFor(() => expect(second.getAttribute('src')).not.toBe(firstSrc));
    await user.type(answer, '{Escape}');
    expect(within(dialog).queryByRole('group', { name: /receive the SMS code/ })).toBeNull();
    // The sheet stays open.
    expect(screen.getByRole('dialog', { name: 'Register' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('says so when the daily number of codes is used up', async () => {
    const limit = { reason: 'SMS_NUMBER_LIMIT', retryAfterSeconds: 86_400 };
    on(accountsCalls.sendSms, failure('TOO_MANY_REQUESTS', 429, limit));
    const { dialog, user } = await openRegister();
    const prompt = await askSmsCode(dialog, user);
    const picture = await within(prompt).findByRole('img', { name: 'Picture code for the SMS' });
    await user.type(within(prompt).getByLabelText('Picture code for the SMS'), captchaAnswerOfImage(picture));
    await user.click(within(prompt).getByRole('button', { name: 'Send the SMS' }));
    await waitFor(() =>
      expect(document.body).toHaveTextContent(
        'Too many codes have been asked for today. Please try again later.',
      ),
    );
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('keeps the register button disabled until age and terms are accepted', async () => {
    const { dialog, user } = await openRegister();
    const button = await within(dialog).findByRole('button', { name: 'Register' });
    expect(button).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /I am over 18/ }));
    expect(button).toBeEnabled();
  });

  it('starts with the terms ticked when the merchant says so', async () => {
    const { dialog } = await openRegister({ termsCheckedByDefault: true });
    expect(await within(dialog).findByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('writes the payee name typed from the identity card as the banks need it, and says so', async () => {
    on(accountsCalls.register, failure('WRONG_VERIFICATION_CODE', 400, { field: 'captcha' }));
    const { dialog, user } = await openRegister();
    const payee = await within(dialog).findByLabelText('Full name (as on ID)');
    expect(payee).toHaveAccessibleDescription(/written in capitals without accents/);
    // Kept as typed while typing: a Vietnamese keyboard composes its letters in the field.
    await user.type(payee, 'Nguyễn  Văn An');
    expect(payee).toHaveValue('Nguyễn  Văn An');
    await user.tab();
    expect(payee).toHaveValue('NGUYEN VAN AN');
    expect(payee).toHaveAccessibleDescription('Written as banks need it: NGUYEN VAN AN');
    expect(payee).not.toHaveAttribute('aria-invalid', 'true');

    await typeAccount(dialog, user, 'newplayer1');
    await answerCaptcha(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(callsTo(accountsCalls.register)).toHaveLength(1));
    expect(callsTo(accountsCalls.register)[0]?.body).toMatchObject({ payeeName: 'NGUYEN VAN AN' });
  });

  it('says a taken username under the field as it is typed, before the form is sent', async () => {
    on(accountsCalls.usernameCheck, ({ query }) =>
      query.username === 'taken01'
        ? failure('USERNAME_EXISTS', 409, { field: 'username' })
        : { available: true },
    );
    const { dialog, user } = await openRegister();
    const username = await within(dialog).findByLabelText('Username');
    await user.type(username, 'taken01');
    expect(await within(dialog).findByText('The username already exists')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    // One question once typing paused, not one a key; none for a name of a bad format.
    expect(callsTo(accountsCalls.usernameCheck).map((call) => call.query)).toEqual([{ username: 'taken01' }]);

    await user.type(username, '2');
    expect(within(dialog).queryByText('The username already exists')).toBeNull();
    await waitFor(() => expect(callsTo(accountsCalls.usernameCheck)).toHaveLength(2));
    expect(callsTo(accountsCalls.usernameCheck)[1]?.query).toEqual({ username: 'taken012' });
    expect(username).not.toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(accountsCalls.register)).toHaveLength(0);
  });

  it('asks nothing about a name sent before typing paused: the registration answers for it', async () => {
    let answerRegister = () => undefined as void;
    on(
      accountsCalls.register,
      () =>
        new Promise((resolve) => {
          answerRegister = () => resolve(failure('USERNAME_EXISTS', 409, { field: 'username' }));
        }),
    );
    const { dialog, user } = await openRegister();
    await user.click(await within(dialog).findByRole('checkbox', { name: /I am over 18/ }));
    await user.type(within(dialog).getByLabelText('Password'), 'abc123');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'abc123');
    await answerCaptcha(dialog, user);
    await user.type(within(dialog).getByLabelText('Username'), 'fastname1');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(callsTo(accountsCalls.register)).toHaveLength(1));
    // Well past the pause the check waits for, while the registration is on its way.
    await new Promise((resolve) => setTimeout(resolve, USERNAME_CHECK_DELAY_MS + 200));
    expect(callsTo(accountsCalls.usernameCheck)).toHaveLength(0);
    answerRegister();
    expect(await within(dialog).findByText('The username already exists')).toBeInTheDocument();
  });

  it('bounds the birthday picker from 1900 to the end of this year', async () => {
    const { dialog } = await openRegister();
    const birthday = await within(dialog).findByLabelText('Date of birth');
    expect(birthday).toHaveAttribute('type', 'date');
    expect(birthday).toHaveAttribute('min', '1900-01-01');
    expect(birthday).toHaveAttribute('max', `${new Date().getFullYear()}-12-31`);
  });

  it('validates everything and focuses the first failing field', async () => {
    const { dialog, user } = await openRegister();
    await user.click(await within(dialog).findByRole('checkbox', { name: /I am over 18/ }));
    await user.type(within(dialog).getByLabelText('Username'), 'goodname1');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('The password format is wrong')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a server field error on its field, with a fresh captcha', async () => {
    on(accountsCalls.register, failure('USERNAME_EXISTS', 409, { field: 'username' }));
    const { dialog, user } = await openRegister();
    await typeAccount(dialog, user, 'taken01');
    await answerCaptcha(dialog, user);
    const captchasBefore = captchaCount();
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('The username already exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveFocus();
    await waitFor(() => expect(captchaCount()).toBe(captchasBefore + 1));
  });

  it('checks the invitation code before registering', async () => {
    on(accountsCalls.affiliateCheck, failure('INVALID_INVITATION_CODE'));
    const { dialog, user } = await openRegister();
    await typeAccount(dialog, user, 'newplayer1');
    await user.type(within(dialog).getByLabelText('Invitation code'), 'NOPE99');
    await user.type(within(dialog).getByLabelText('Verification code (picture)'), '1001');
    // When the toast was asked for and when it was cleared, as they happen (not when a check notices).
    let shownAt = 0;
    let clearedAt = 0;
    const { error, clear } = toast;
    const shown = vi.spyOn(toast, 'error').mockImplementation((text) => {
      shownAt = Date.now();
      return error(text);
    });
    const cleared = vi.spyOn(toast, 'clear').mockImplementation(() => {
      clearedAt = Date.now();
      return clear();
    });
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    // product.md §5: the invitation-code error for 1 s (a toast, not a lasting field error), and the focus.
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Invalid invitation code'));
    await waitFor(() => expect(document.body).toHaveTextContent('Invalid invitation code'));
    expect(within(dialog).getByLabelText('Invitation code')).toHaveFocus();
    expect(within(dialog).queryByText('Invalid invitation code')).toBeNull();
    expect(cleared).not.toHaveBeenCalled();
    await waitFor(() => expect(cleared).toHaveBeenCalled(), { timeout: 2_000 });
    // (a timer may fire a millisecond early by the wall clock)
    expect(clearedAt - shownAt).toBeGreaterThanOrEqual(TOAST_MS.success - 5);
    await waitFor(() => expect(document.body).not.toHaveTextContent('Invalid invitation code'));
    expect(callsTo(accountsCalls.register)).toHaveLength(0);
    expect(callsTo(accountsCalls.affiliateCheck).map((call) => call.query)).toEqual([
      { affiliateCode: 'NOPE99' },
    ]);
  });

  it('registers by username: the member is logged in and the sheet closes', async () => {
    on(accountsCalls.affiliateCheck, { valid: true });
    on(accountsCalls.register, { ...sessionOf(0, 'newplayer1'), firstTimeLogin: true });
    on(accountsCalls.memberInfo, memberInfoOf({ account: 'newplayer1' }));
    const { dialog, user } = await openRegister();
    await typeAccount(dialog, user, 'newplayer1', 'abc124');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Confirmation password not matched')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Confirm password'));
    await user.type(within(dialog).getByLabelText('Confirm password'), 'abc123');
    await user.type(within(dialog).getByLabelText('Invitation code'), 'KL2026');
    const captcha = await answerCaptcha(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    expect(await findScreen().then(() => screen.findByTestId('header-member'))).toHaveTextContent(
      'newplayer1',
    );
    expect(await screen.findByText('VIP 0')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register' })).toBeNull());
    await waitFor(() => expect(document.body).toHaveTextContent('Registered successfully'));
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({
      userName: 'newplayer1',
      type: 0,
    });
    const [call] = callsTo(accountsCalls.register);
    expect(call?.body).toMatchObject({
      username: 'newplayer1',
      affiliateCode: 'KL2026',
      registerMethod: 'H5',
      type: 0,
      captchaId: `c${captchaCount()}`,
      captcha,
    });
    expect(call?.headers['x-device']).toBe('H5');
  });

  it('links to log in, replacing the sheet', async () => {
    const { dialog, user } = await openRegister();
    await user.click(await within(dialog).findByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Register' })).toBeNull();
  });

  it('closes to /m/home', async () => {
    const { dialog, user } = await openRegister();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
  });
});

describe('registration through an agent link (docs/agents.md, "Agent links")', () => {
  /** The codes of the agent links visited. */
  const visits = () => callsTo(agentsCalls.agentLinkVisit).map((call) => call.body.code);

  /** The merchant hides the invitation code: an agent link shows it all the same. */
  const fieldsWithoutInvitationCode = {
    username: { enabled: true, required: true },
    password: { enabled: true, required: true },
    affiliateCode: { enabled: false, required: false },
  };

  /** Registers linkplayer1 and answers what the registration sent. */
  async function fillAndRegister(dialog: HTMLElement, user: User) {
    on(accountsCalls.register, sessionOf(0, 'linkplayer1'));
    await typeAccount(dialog, user, 'linkplayer1');
    await answerCaptcha(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    return callsTo(accountsCalls.register)[0]?.body;
  }

  it('counts the visit once, keeps the code and registers under the agent', async () => {
    // K7AGENT1 is an active link of agent ag***1.
    on(agentsCalls.agentLinkVisit, { code: 'K7AGENT1', kind: 'member', agent: 'ag***1' });
    const { dialog, user } = await openRegister({ fields: fieldsWithoutInvitationCode }, '&agent=K7AGENT1');
    const code = await within(dialog).findByLabelText('Invitation code');
    expect(code).toHaveValue('K7AGENT1');
    expect(code).toHaveAttribute('readonly');
    expect(code).toHaveAccessibleDescription('Registering under agent ag***1');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    const body = await fillAndRegister(dialog, user);
    expect(body).toMatchObject({ username: 'linkplayer1', affiliateCode: 'K7AGENT1' });
    expect(visits()).toEqual(['K7AGENT1']);
    // The visit checked the code: no second check before registering.
    expect(callsTo(accountsCalls.affiliateCheck)).toHaveLength(0);
  });

  it('says a bad link is incorrect and registers without an agent', async () => {
    on(agentsCalls.agentLinkVisit, failure('AGENT_LINK_INCORRECT'));
    const { dialog, user } = await openRegister({}, '&agent=NOPE1234');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The agent link is incorrect You can still register without an agent.',
    );
    const code = within(dialog).getByLabelText('Invitation code');
    expect(code).toHaveValue('');
    expect(code).not.toHaveAttribute('readonly');

    const body = await fillAndRegister(dialog, user);
    expect(body).toMatchObject({ username: 'linkplayer1' });
    expect(body).not.toHaveProperty('affiliateCode');
    expect(visits()).toEqual(['NOPE1234']);
  });

  it('says it in Vietnamese too', async () => {
    answerAccounts();
    on(agentsCalls.agentLinkVisit, failure('AGENT_LINK_INCORRECT'));
    await renderApp('/m/register?agent=NOPE1234');
    const dialog = await screen.findByRole('dialog', { name: 'Đăng ký' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Liên kết đại lý không đúng');
  });
});
