import { describe, expect, it } from 'vitest';
import {
  createOperator,
  on,
  adminCalls,
  failure,
  answer,
  createDashboard,
  bodyOf,
  renderAdmin,
  LANGUAGE_STORAGE_KEY,
  findHeading,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" data-qr="1" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const operator = createOperator('owner');

/** The server's side of signing in: enrol (first sign-in) or code, and `123456` is the right code. */
const signInRoutes = (firstStep: 'enrol' | 'code') => [
  on(adminCalls.adminSession, () => failure('NOT_LOGGED_IN')),
  on(adminCalls.adminDashboard, () =>
    answer(adminCalls.adminDashboard, createDashboard({ period: 'today' })),
  ),
  on(adminCalls.adminLogin, (request) => {
    const body = bodyOf(adminCalls.adminLogin, request);
    if (body.username !== 'owner.one' || body.password !== 'correct horse battery')
      return failure('WRONG_CREDENTIALS');
    if (body.code === undefined) {
      return firstStep === 'enrol'
        ? answer(adminCalls.adminLogin, {
            step: 'enrol',
            secret: SECRET,
            otpauthUri: `otpauth://totp/Kim%20Long:owner.one?secret=${SECRET}&issuer=Kim%20Long`,
            qrSvg: QR_SVG,
          })
        : answer(adminCalls.adminLogin, { step: 'code' });
    }
    return body.code === '123456'
      ? answer(adminCalls.adminLogin, { step: 'signed-in', operator })
      : failure('WRONG_CREDENTIALS');
  }),
];

describe('signing in', () => {
  it('enrols two-factor at the first sign-in: QR image and secret, then the first code signs in', async () => {
    const { user, api } = await renderAdmin('/', {
      routes: signInRoutes('enrol'),
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      signedIn: false,
    });

    // A browser that never signed in goes to sign-in without asking the server.
    await findHeading('Back office sign-in');
    expect(api.requestsOf(adminCalls.adminSession)).toEqual([]);
    await user.type(screen.getByLabelText('Username'), 'owner.one');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const qr = await screen.findByRole('img', { name: 'QR code for the authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_SVG)}`);
    // The SVG is an image, never markup of the page.
    expect(document.querySelector('[data-qr]')).toBeNull();
    expect(screen.getByText(SECRET)).toBeVisible();
    expect(screen.getByRole('button', { name: /copy/i })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await findHeading('Dashboard');
    expect(within(screen.getByTestId('operator')).getByText('owner.one')).toBeVisible();
    const logins = api.requestsOf(adminCalls.adminLogin).map((request) => request.json);
    expect(logins).toEqual([
      { username: 'owner.one', password: 'correct horse battery' },
      { username: 'owner.one', password: 'correct horse battery', code: '123456' },
    ]);
    expect(window.location.pathname).toMatch(/^\/admin\/?$/);
  });

  it('shows a wrong password or code under the form, keeping what was typed (Vietnamese by default)', async () => {
    const { user } = await renderAdmin('/login', { routes: signInRoutes('code') });

    await findHeading('Đăng nhập trang quản trị');
    await user.type(screen.getByLabelText('Tên đăng nhập'), 'owner.one');
    await user.type(screen.getByLabelText('Mật khẩu'), 'wrong password!');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sai tên đăng nhập hoặc mật khẩu');
    expect(screen.getByLabelText('Tên đăng nhập')).toHaveValue('owner.one');
    expect(screen.getByLabelText('Mật khẩu')).toHaveValue('wrong password!');

    await user.clear(screen.getByLabelText('Mật khẩu'));
    await user.type(screen.getByLabelText('Mật khẩu'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    const code = await screen.findByLabelText('Mã xác thực');
    expect(screen.queryByRole('img', { name: /QR/ })).toBeNull();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Xác minh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sai tên đăng nhập hoặc mật khẩu');
    expect(screen.getByLabelText('Mã xác thực')).toHaveValue('000000');

    await user.clear(screen.getByLabelText('Mã xác thực'));
    await user.type(screen.getByLabelText('Mã xác thực'), '123456');
    await user.click(screen.getByRole('button', { name: 'Xác minh' }));
    await findHeading('Tổng quan');
  });

  it('shows a captcha once the server asks for one, sends it with each step, and says how long to wait', async () => {
    let issued = 0;
    let checks = 0;
    const routes = [
      ...signInRoutes('code'),
      on(adminCalls.adminCaptcha, () => {
        issued += 1;
        return answer(adminCalls.adminCaptcha, {
          captchaId: `captcha-${issued}`,
          image: `data:image/svg+xml;base64,${btoa(`<svg id="${issued}"/>`)}`,
          expiresAt: '2030-03-01T08:05:00.000Z',
        });
      }),
      on(adminCalls.adminLogin, (request) => {
        const body = bodyOf(adminCalls.adminLogin, request);
        checks += 1;
        if (body.captchaId === undefined)
          return failure('CAPTCHA_REQUIRED', undefined, { captchaRequired: true });
        if (checks === 2)
          return failure('TOO_MANY_REQUESTS', undefined, { captchaRequired: true, retryAfterSeconds: 4 });
        if (body.code === undefined) return answer(adminCalls.adminLogin, { step: 'code' });
        return answer(adminCalls.adminLogin, { step: 'signed-in', operator });
      }),
    ];
    const { user, api } = await renderAdmin('/login', {
      routes,
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      signedIn: false,
    });
    await findHeading('Back office sign-in');
    expect(screen.queryByRole('img', { name: 'Captcha picture' })).toBeNull();
    await user.type(screen.getByLabelText('Username'), 'owner.one');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Type the code in the picture to go on');
    expect(await screen.findByRole('img', { name: 'Captcha picture' })).toBeVisible();

    // Too soon: how long to wait is said, and the captcha sent is replaced by a new one.
    await user.type(screen.getByLabelText('Code in the picture'), '4821');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Try again in 4 s.')).toBeVisible();
    await waitFor(() => expect(issued).toBe(2));
    expect(screen.getByLabelText('Code in the picture')).toHaveValue('');

    await user.type(screen.getByLabelText('Code in the picture'), '1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // The code step asks for a captcha too.
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await waitFor(() => expect(issued).toBe(3));
    await user.type(screen.getByLabelText('Code in the picture'), '77');
    await user.click(screen.getByRole('button', { name: 'New picture' }));
    await waitFor(() => expect(issued).toBe(4));
    await user.type(screen.getByLabelText('Code in the picture'), '5309');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findHeading('Dashboard');

    expect(api.requestsOf(adminCalls.adminLogin).map((request) => request.json)).toEqual([
      { username: 'owner.one', password: 'correct horse battery' },
      { username: 'owner.one', password: 'correct horse battery', captchaId: 'captcha-1', captcha: '4821' },
      { username: 'owner.one', password: 'correct horse battery', captchaId: 'captcha-2', captcha: '1234' },
      {
        username: 'owner.one',
        password: 'correct horse battery',
        code: '123456',
        captchaId: 'captcha-4',
        captcha: '5309',
      },
    ]);
  });
});
