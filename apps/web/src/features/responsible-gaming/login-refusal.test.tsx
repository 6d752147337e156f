import { accountsCalls } from '@kl/contracts/accounts';
import type { ErrorCode } from '@kl/contracts/errors';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerAccounts } from '../../test/fake-accounts.ts';
import { failure, on } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { resetLoginKeyCache } from '../auth/testing/login-key.ts';

beforeEach(() => resetLoginKeyCache());

const ENDS_AT = '2026-12-24T09:30:00.000Z';
const refuseLogin = (code: ErrorCode, kind: string) =>
  on(accountsCalls.login, failure(code, 403, { kind, endsAt: ENDS_AT }));

async function tryLogin(lang: 'en' | 'vi') {
  answerAccounts();
  const { user } = await renderApp(`/m/login?lang=${lang}`);
  const dialog = await screen.findByRole('dialog');
  const [username, password] = within(dialog)
    .getAllByRole('textbox')
    .concat(Array.from(dialog.querySelectorAll<HTMLElement>('input[type="password"]')));
  await user.type(username!, 'player01');
  await user.type(password!, 'secret12');
  await user.click(
    within(dialog).getAllByRole('button', { name: lang === 'en' ? 'Log in' : 'Đăng nhập' })[0]!,
  );
  return dialog;
}

describe('login refused during a time-out or self-exclusion', () => {
  it(
    'says the account is on a time-out and when it ends, in the language of the page',
    { timeout: 15_000 },
    async () => {
      refuseLogin('ACCOUNT_TIMED_OUT', 'time_out');
      const dialog = await tryLogin('en');
      const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(ENDS_AT),
      );
      expect(
        await within(dialog).findByText(
          `Your account is on a time-out you chose. You can log in again after ${date}.`,
          {},
          { timeout: 4_000 },
        ),
      ).toBeInTheDocument();
    },
  );

  it('says the account is self-excluded and when it ends, in Vietnamese', { timeout: 15_000 }, async () => {
    refuseLogin('ACCOUNT_SELF_EXCLUDED', 'self_exclusion');
    const dialog = await tryLogin('vi');
    const date = new Intl.DateTimeFormat('vi', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(ENDS_AT),
    );
    expect(
      await within(dialog).findByText(
        `Tài khoản đang tự loại trừ theo yêu cầu của bạn. Bạn có thể đăng nhập lại sau ${date}.`,
      ),
    ).toBeInTheDocument();
  });
});
