import type { AdminHelp, AdminHelpItem } from '@kl/contracts/admin/help';
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
  within,
} from '../../test/kit.ts';

const terms: AdminHelpItem = {
  id: 30,
  tag: 'terms',
  title: { vi: 'Điều khoản sử dụng', en: 'Terms of use' },
  content: { vi: '<p>Điều khoản.</p>', en: '<p>Terms.</p>' },
  devices: ['MOBILE', 'WEB'],
  sortOrder: 1,
  active: true,
  updatedAt: '2026-03-01T00:00:00.000Z',
};
const help: AdminHelp = {
  topics: [
    { tag: 'faq', name: { vi: 'Câu hỏi thường gặp', en: 'FAQ' }, sortOrder: 1, items: 0, activeItems: 0 },
    { tag: 'terms', name: { vi: 'Điều khoản', en: 'Terms' }, sortOrder: 5, items: 1, activeItems: 1 },
  ],
  items: [terms],
};

const routes = () => [
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('content'))),
  on(adminCalls.adminHelp, () => answer(adminCalls.adminHelp, help)),
  on(adminCalls.adminCreateHelpItem, (request) =>
    answer(adminCalls.adminCreateHelpItem, {
      ...terms,
      ...bodyOf(adminCalls.adminCreateHelpItem, request),
      id: 31,
    }),
  ),
  on(adminCalls.adminUpdateHelpItem, (request) =>
    answer(adminCalls.adminUpdateHelpItem, { ...terms, ...bodyOf(adminCalls.adminUpdateHelpItem, request) }),
  ),
];

describe('help centre', () => {
  it(
    'writes an article beside a preview sanitised as the site does, and sends what was typed',
    { timeout: 30_000 },
    async () => {
      const { user, api } = await renderAdmin('/help', {
        storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
        routes: routes(),
      });
      await findHeading('Help centre');
      expect(await screen.findByRole('cell', { name: 'Terms of use' })).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'New article' }));
      const dialog = await screen.findByRole('dialog', { name: 'New article' });
      await user.type(within(dialog).getByLabelText('Title (Vietnamese)'), 'Nạp tiền');
      const html =
        '<p onclick="steal()">Quét <b>mã</b></p><script>alert(1)</script>' +
        '<a href="javascript:alert(2)">bấm</a><img src="/x.png" onerror="alert(3)"><a href="/m/deposit">nạp</a>';
      // Typed as one paste: user.type would read the brackets as key names.
      within(dialog).getByLabelText('Content (Vietnamese)').focus();
      await user.paste(html);

      const preview = within(dialog).getByRole('region', { name: 'Preview: Content (Vietnamese)' });
      await waitFor(() => expect(within(preview).getByText('mã')).toBeInTheDocument());
      expect(preview.querySelector('script')).toBeNull();
      expect(preview.querySelector('[onclick], [onerror]')).toBeNull();
      expect(within(preview).getByText('bấm').closest('a')?.getAttribute('href') ?? null).toBeNull();
      expect(within(preview).getByRole('link', { name: 'nạp' })).toHaveAttribute('href', '/m/deposit');
      expect(preview.querySelector('img')).toHaveAttribute('src', '/x.png');
      // The English preview is empty until English is written.
      expect(
        within(dialog).getByRole('region', { name: 'Preview: Content (English)' }),
      ).not.toHaveTextContent('mã');

      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminCreateHelpItem)).toHaveLength(1));
      // The content goes as written: the server keeps it and the site sanitises it when it shows it.
      expect(api.requestsOf(adminCalls.adminCreateHelpItem)[0]?.json).toEqual({
        tag: 'faq',
        title: { vi: 'Nạp tiền' },
        content: { vi: html },
        devices: ['MOBILE', 'WEB'],
        sortOrder: 1,
        active: true,
      });
    },
  );

  it('edits the terms and switches them off', { timeout: 20_000 }, async () => {
    const { user, api } = await renderAdmin('/help', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: routes(),
    });
    await findHeading('Help centre');
    await user.click(await screen.findByRole('button', { name: 'Edit Terms of use' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit article' });
    expect(within(dialog).getByRole('region', { name: 'Preview: Content (English)' })).toHaveTextContent(
      'Terms.',
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    // No device: refused in the form, said next to the group (which carries no aria-required).
    const devices = within(dialog).getByRole('group', { name: 'Devices' });
    expect(devices).not.toHaveAttribute('aria-required');
    await user.click(within(devices).getByRole('checkbox', { name: 'Web' }));
    await user.click(within(devices).getByRole('checkbox', { name: 'Mobile' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one device')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminUpdateHelpItem)).toHaveLength(0);
    await user.click(within(devices).getByRole('checkbox', { name: 'Mobile' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf(adminCalls.adminUpdateHelpItem)).toHaveLength(1));
    const [update] = api.requestsOf(adminCalls.adminUpdateHelpItem);
    expect(update?.params).toEqual({ itemId: '30' });
    expect(update?.json).toEqual({
      tag: 'terms',
      title: terms.title,
      content: terms.content,
      devices: ['MOBILE'],
      sortOrder: 1,
      active: false,
    });
  });
});
