import type { InvitationInfo } from '@kl/contracts/admin/credentials';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createDashboard,
  createOperator,
  failure,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  within,
} from '../../test/kit.ts';

const TOKEN = 'e2b7Vq4Xn0uTzL1pR9sKcW3yH6mA8dFgJ5oQ2iBvN7E';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const newcomer = createOperator('finance');

const info = (overrides: Partial<InvitationInfo> = {}): InvitationInfo => ({
  username: 'finance.one',
  role: 'finance',
  purpose: 'new',
  expiresAt: '2030-03-04T08:00:00.000Z',
  setsPassword: true,
  enrolsTwoFactor: true,
  ...overrides,
});

/** The server's side of an invitation: `lookup` answers the page, the password then `123456` sign in. */
const invitationRoutes = (lookup: () => Response, firstStep: 'enrol' | 'code' = 'enrol') => [
  on(adminCalls.adminSession, () => failure('NOT_LOGGED_IN')),
  on(adminCalls.adminDashboard, () =>
    answer(adminCalls.adminDashboard, createDashboard({ period: 'today' })),
  ),
  on(adminCalls.adminInvitation, lookup),
  on(adminCalls.adminAcceptInvitation, (request) => {
    const body = bodyOf(adminCalls.adminAcceptInvitation, request);
    if (body.token !== TOKEN) return failure('INVITATION_INVALID');
    if (body.code === undefined) {
      return firstStep === 'enrol'
        ? answer(adminCalls.adminAcceptInvitation, {
            step: 'enrol',
            secret: SECRET,
            otpauthUri: `otpauth://totp/Kim%20Long:finance.one?secret=${SECRET}`,
            qrSvg: QR_SVG,
          })
        : answer(adminCalls.adminAcceptInvitation, { step: 'code' });
    }
    return body.code === '123456'
      ? answer(adminCalls.adminAcceptInvitation, { step: 'signed-in', operator: newcomer })
      : failure('WRONG_VERIFICATION_CODE');
  }),
];

const english = { [LANGUAGE_STORAGE_KEY]: 'en' };

describe('the invitation page', () => {
  it('reads the token from the fragment: a new password typed twice, the enrolment, then signed in', async () => {
    const { user, api } = await renderAdmin(`/invite#${TOKEN}`, {
      routes: invitationRoutes(() => answer(adminCalls.adminInvitation, info())),
      storage: english,
      signedIn: false,
    });
    await findHeading('Set up your back office account');
    expect(await screen.findByText(/Welcome, finance\.one \(Finance\)\./)).toBeVisible();
    expect(screen.getByText(/Nobody else knows your password/)).toBeVisible();

    await user.type(screen.getByLabelText('New password'), 'my own password 1');
    await user.type(screen.getByLabelText('New password again'), 'my own password 2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The two passwords differ')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminAcceptInvitation)).toEqual([]);
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'my own password 1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const enrol = await screen.findByRole('region', { name: 'Set up two-factor authentication' });
    expect(within(enrol).getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
    expect(within(enrol).getByText(SECRET)).toBeVisible();
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong verification code');
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findHeading('Dashboard');

    // The token went in the bodies only, never in an address.
    expect(api.requestsOf(adminCalls.adminInvitation).map((request) => request.json)).toEqual([
      { token: TOKEN },
    ]);
    expect(api.requests.every((request) => !request.url.href.includes(TOKEN))).toBe(true);
    expect(api.requestsOf(adminCalls.adminAcceptInvitation).map((request) => request.json)).toEqual([
      { token: TOKEN, password: 'my own password 1' },
      { token: TOKEN, password: 'my own password 1', code: '654321' },
      { token: TOKEN, password: 'my own password 1', code: '123456' },
    ]);
  });

  it('after a reset of the password only, asks a new password and a code of the authenticator app kept', async () => {
    const { user, api } = await renderAdmin(`/invite#${TOKEN}`, {
      routes: invitationRoutes(
        () => answer(adminCalls.adminInvitation, info({ purpose: 'reset', enrolsTwoFactor: false })),
        'code',
      ),
      storage: english,
      signedIn: false,
    });
    expect(await screen.findByText(/Your sign-in was reset/)).toBeVisible();
    expect(screen.queryByLabelText('Your current password')).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('New password again'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    expect(screen.queryByRole('img', { name: 'QR code for the authenticator app' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findHeading('Dashboard');
    expect(api.requestsOf(adminCalls.adminAcceptInvitation)).toHaveLength(2);
  });

  it('asks the current password when the reset kept it (Vietnamese by default)', async () => {
    await renderAdmin(`/invite#${TOKEN}`, {
      routes: invitationRoutes(() =>
        answer(adminCalls.adminInvitation, info({ purpose: 'reset', setsPassword: false })),
      ),
      signedIn: false,
    });
    expect(await screen.findByLabelText('Mật khẩu hiện tại của bạn')).toBeVisible();
    expect(screen.queryByLabelText('Nhập lại mật khẩu mới')).toBeNull();
  });

  it('says an expired link has expired and to ask for a new one; an unknown or used one cannot be used', async () => {
    const expired = await renderAdmin(`/invite#${TOKEN}`, {
      routes: invitationRoutes(() => failure('INVITATION_EXPIRED')),
      storage: english,
      signedIn: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired');
    expect(screen.getByText('Ask an owner for a new link.')).toBeVisible();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/admin/login');
    expired.unmount();

    await renderAdmin(`/invite#${TOKEN}`, {
      routes: invitationRoutes(() => failure('INVITATION_INVALID')),
      storage: english,
      signedIn: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link cannot be used');
  });

  it('without a token in the address asks the server nothing', async () => {
    const { api } = await renderAdmin('/invite', {
      routes: invitationRoutes(() => answer(adminCalls.adminInvitation, info())),
      storage: english,
      signedIn: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link cannot be used');
    expect(api.requestsOf(adminCalls.adminInvitation)).toEqual([]);
  });
});
