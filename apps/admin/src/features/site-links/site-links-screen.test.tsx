import type { AdminSiteLink } from '@kl/contracts/admin/site-links';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  chooseOption,
  createOperator,
  fillIn,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const partner = (id: number, vi: string, en?: string): AdminSiteLink => ({
  id,
  kind: 'partner',
  name: en ? { vi, en } : { vi },
  url: null,
  socialType: null,
  colour: '#0288d1',
  sortOrder: id * 10,
  pictureUrl: `/api/content/link-art/${id}.svg?v=1`,
});
const facebook: AdminSiteLink = {
  id: 9,
  kind: 'social',
  name: { vi: 'Facebook Kim Long', en: 'Kim Long on Facebook' },
  url: 'https://facebook.com/kimlong',
  socialType: 'Facebook',
  colour: '#1877f2',
  sortOrder: 10,
  pictureUrl: null,
};
const sen = partner(1, 'Sen Pay');
const mekong = partner(2, 'Ví Mekong', 'Mekong Pay');

const signedIn = (role: 'content' | 'support') =>
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator(role)));

describe('the footer and social links screen', () => {
  it(
    'adds a social link through its labelled fields, checking the address as the server does',
    { timeout: 30_000 },
    async () => {
      const links = [sen, mekong, facebook];
      const { user, api } = await renderAdmin('/site-links', {
        routes: [
          signedIn('content'),
          on(adminCalls.adminSiteLinks, () => answer(adminCalls.adminSiteLinks, { list: links })),
          on(adminCalls.adminCreateSiteLink, (request) => {
            const body = bodyOf(adminCalls.adminCreateSiteLink, request);
            const created: AdminSiteLink = {
              id: 10,
              kind: body.kind,
              name: body.name,
              url: body.url ?? null,
              socialType: body.socialType ?? null,
              colour: body.colour,
              sortOrder: 20,
              pictureUrl: null,
            };
            links.push(created);
            return answer(adminCalls.adminCreateSiteLink, created);
          }),
        ],
        storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      });
      await findHeading('Footer and social links');
      const partners = await screen.findByRole('table', { name: 'Partners' });
      expect(await within(partners).findByRole('img', { name: 'Logo of Mekong Pay' })).toHaveAttribute(
        'src',
        mekong.pictureUrl,
      );
      expect(screen.getByRole('heading', { level: 2, name: 'Badges' })).toBeVisible();
      const social = screen.getByRole('table', { name: 'Social links' });
      expect(within(social).getByText('https://facebook.com/kimlong')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'New social link' }));
      const dialog = await screen.findByRole('dialog', { name: 'New social link' });
      await fillIn(user, within(dialog).getByLabelText('Name (Vietnamese)'), 'Telegram Kim Long');
      await fillIn(user, within(dialog).getByLabelText('Name (English)'), 'Kim Long on Telegram');
      await chooseOption(user, 'Network', 'Telegram');
      // No address: a social link needs one; then one neither the site's nor https.
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('A social link needs an address')).toBeVisible();
      await fillIn(user, within(dialog).getByLabelText('Address'), 'http://t.me/kimlong');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(dialog).findByText('Enter a path of the site starting with / or an https:// address'),
      ).toBeVisible();
      expect(api.requestsOf(adminCalls.adminCreateSiteLink)).toHaveLength(0);

      const address = within(dialog).getByLabelText('Address');
      await user.clear(address);
      await fillIn(user, address, 'https://t.me/kimlong');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Link added')).toBeVisible();
      expect(api.requestsOf(adminCalls.adminCreateSiteLink).map((request) => request.json)).toEqual([
        {
          kind: 'social',
          name: { vi: 'Telegram Kim Long', en: 'Kim Long on Telegram' },
          url: 'https://t.me/kimlong',
          socialType: 'Telegram',
          colour: '#1565c0',
        },
      ]);
      expect(await within(social).findByText('https://t.me/kimlong')).toBeVisible();
    },
  );

  it('edits, moves and deletes a partner', { timeout: 30_000 }, async () => {
    const { user, api } = await renderAdmin('/site-links', {
      routes: [
        signedIn('content'),
        on(adminCalls.adminSiteLinks, () => answer(adminCalls.adminSiteLinks, { list: [sen, mekong] })),
        on(adminCalls.adminUpdateSiteLink, (request) =>
          answer(adminCalls.adminUpdateSiteLink, {
            ...sen,
            ...bodyOf(adminCalls.adminUpdateSiteLink, request),
            socialType: null,
            url: null,
          }),
        ),
        on(adminCalls.adminReorderSiteLinks, () =>
          answer(adminCalls.adminReorderSiteLinks, { list: [mekong, sen] }),
        ),
        on(adminCalls.adminDeleteSiteLink, () => answer(adminCalls.adminDeleteSiteLink, { deleted: true })),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Sen Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit link' });
    expect(within(dialog).getByLabelText('Name (Vietnamese)')).toHaveValue('Sen Pay');
    // A partner has no network to choose.
    expect(within(dialog).queryByLabelText('Network')).toBeNull();
    await fillIn(user, within(dialog).getByLabelText('Name (English)'), 'Lotus Pay');
    const colour = within(dialog).getByLabelText('Colour');
    await user.clear(colour);
    await fillIn(user, colour, '#2E7D32');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Link saved')).toBeVisible();
    expect(
      api.requestsOf(adminCalls.adminUpdateSiteLink).map((request) => [request.params, request.json]),
    ).toEqual([
      [
        { linkId: '1' },
        {
          kind: 'partner',
          name: { vi: 'Sen Pay', en: 'Lotus Pay' },
          url: null,
          socialType: null,
          colour: '#2E7D32',
        },
      ],
    ]);

    await user.click(screen.getByRole('button', { name: 'Move up: Mekong Pay' }));
    expect(screen.getByRole('button', { name: 'Move up: Sen Pay' })).toBeDisabled();
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminReorderSiteLinks).map((request) => request.json)).toEqual([
        { kind: 'partner', ids: [2, 1] },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Mekong Pay' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Link deleted')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminDeleteSiteLink).map((request) => request.params)).toEqual([
      { linkId: '2' },
    ]);
  });

  it('shows support the links, in Vietnamese, without a way to change them', async () => {
    await renderAdmin('/site-links', {
      routes: [
        signedIn('support'),
        on(adminCalls.adminSiteLinks, () => answer(adminCalls.adminSiteLinks, { list: [mekong, facebook] })),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'vi' },
    });
    await findHeading('Liên kết chân trang');
    expect(await screen.findByRole('img', { name: 'Logo của Ví Mekong' })).toBeVisible();
    expect(screen.getByText('Facebook Kim Long')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Thêm đối tác' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sửa Ví Mekong' })).toBeNull();
  });
});
