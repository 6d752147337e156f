import type { AdminSiteStatus } from '@kl/contracts/admin/site-status';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createOperator,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
} from '../../test/kit.ts';

describe('the site status screen', () => {
  it('switches maintenance on and the region restriction off, sending every switch', async () => {
    let status: AdminSiteStatus = {
      maintenance: false,
      maintenanceUntil: null,
      regionRestriction: true,
      allowedCountries: ['VN'],
      updatedAt: '2026-03-01T08:00:00.000Z',
    };
    const { user, api } = await renderAdmin('/site-status', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('owner'))),
        on(adminCalls.adminSiteStatus, () => answer(adminCalls.adminSiteStatus, status)),
        on(adminCalls.adminSetSiteStatus, (request) => {
          const body = bodyOf(adminCalls.adminSetSiteStatus, request);
          status = { ...body, updatedAt: '2026-03-01T09:00:00.000Z' };
          return answer(adminCalls.adminSetSiteStatus, status);
        }),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Site status');
    const countries = await screen.findByRole('combobox', { name: 'Allowed countries' });
    expect(countries).toBeEnabled();
    expect(screen.getByTitle('Vietnam (VN)')).toBeVisible();
    expect(screen.getByLabelText('Expected back at')).toBeDisabled();

    // The form's watched values reach the fields in a render of their own (Form.useWatch).
    await user.click(screen.getByRole('switch', { name: 'In maintenance' }));
    await waitFor(() => expect(screen.getByLabelText('Expected back at')).toBeEnabled());
    await user.click(screen.getByRole('switch', { name: 'Allow only some countries' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Allowed countries' })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The player site is in maintenance.')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminSetSiteStatus).map((request) => request.json)).toEqual([
      { maintenance: true, maintenanceUntil: null, regionRestriction: false, allowedCountries: [] },
    ]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'In maintenance' })).toBeChecked());
  });
});
