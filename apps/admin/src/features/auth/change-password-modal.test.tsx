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
  waitFor,
  within,
} from '../../test/kit.ts';

const routes = [
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('support'))),
  on(adminCalls.adminDashboard, () =>
    answer(adminCalls.adminDashboard, createDashboard({ period: 'today' })),
  ),
  on(adminCalls.adminChangePassword, (request) => {
    const body = bodyOf(adminCalls.adminChangePassword, request);
    if (body.currentPassword !== 'the old password') return failure('WRONG_CREDENTIALS');
    return answer(adminCalls.adminChangePassword, { changed: true, endedSessions: 2 });
  }),
];

describe('changing one’s own password', () => {
  it('asks the current password, the new one twice and a code; the other sessions end', async () => {
    const { user, api } = await renderAdmin('/', { routes, storage: { [LANGUAGE_STORAGE_KEY]: 'en' } });
    await findHeading('Dashboard');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(dialog).getByText(/Your other sessions end/)).toBeVisible();

    await user.type(within(dialog).getByLabelText('Current password'), 'a wrong password');
    await user.type(within(dialog).getByLabelText('New password'), 'short');
    await user.type(within(dialog).getByLabelText('New password again'), 'shorter');
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('12 to 128 characters')).toBeVisible();
    expect(within(dialog).getByText('The two passwords differ')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminChangePassword)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'my new long password');
    await user.clear(within(dialog).getByLabelText('New password again'));
    await user.type(within(dialog).getByLabelText('New password again'), 'my new long password');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wrong username or password');

    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'the old password');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Other sessions ended: 2.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsOf(adminCalls.adminChangePassword).map((request) => request.json)).toEqual([
      { currentPassword: 'a wrong password', newPassword: 'my new long password', code: '123456' },
      { currentPassword: 'the old password', newPassword: 'my new long password', code: '123456' },
    ]);
  });
});
