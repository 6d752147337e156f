import type { AdminBanner, SaveBannerRequest } from '@kl/contracts/admin/banners';
import { IMAGE_FORM_FIELD, imageUrlOf } from '@kl/contracts/images';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  chooseOption,
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

const IMAGE_ID = 'a'.repeat(32);

const drawn: AdminBanner = {
  id: 4,
  groupName: 'm_home',
  title: { vi: 'Khuyến mãi', en: 'Promotions' },
  subtitle: { vi: 'Nhận thưởng' },
  motif: 'gift',
  colour: '#b71c1c',
  accent: '#ffc107',
  imageId: null,
  pictureUrl: '/api/content/banner-art/4-vi.webp?v=abc',
  linkUrl: '/m/activity',
  sortOrder: 10,
  active: true,
  startsAt: null,
  endsAt: null,
};
const second: AdminBanner = { ...drawn, id: 5, title: { vi: 'Nạp đầu', en: 'First deposit' }, sortOrder: 20 };

/** The server's banners of the home group: saved ones join or replace theirs. */
function bannerRoutes() {
  const list = [drawn, second];
  const saved = (id: number, body: SaveBannerRequest): AdminBanner => ({
    ...drawn,
    id,
    groupName: body.groupName,
    title: body.title,
    subtitle: body.subtitle,
    imageId: body.imageId ?? null,
    pictureUrl: body.imageId ? imageUrlOf(body.imageId) : drawn.pictureUrl,
    linkUrl: body.linkUrl ?? null,
    active: body.active ?? true,
  });
  return [
    on(adminCalls.adminBanners, () => answer(adminCalls.adminBanners, { list })),
    on(adminCalls.adminCreateBanner, (request) => {
      const banner = saved(9, bodyOf(adminCalls.adminCreateBanner, request));
      list.push(banner);
      return answer(adminCalls.adminCreateBanner, banner);
    }),
    on(adminCalls.adminUpdateBanner, (request) => {
      const banner = saved(Number(request.params.bannerId), bodyOf(adminCalls.adminUpdateBanner, request));
      list.splice(
        list.findIndex((item) => item.id === banner.id),
        1,
        banner,
      );
      return answer(adminCalls.adminUpdateBanner, banner);
    }),
    on(adminCalls.adminReorderBanners, (request) => {
      const { ids } = bodyOf(adminCalls.adminReorderBanners, request);
      const reordered = ids.map((id) => list.find((item) => item.id === id)!);
      list.splice(0, list.length, ...reordered);
      return answer(adminCalls.adminReorderBanners, { list });
    }),
  ];
}

const signedIn = on(adminCalls.adminSession, () =>
  answer(adminCalls.adminSession, createOperator('content')),
);

describe('banners', () => {
  it('adds a banner with an uploaded picture, checking its link first', { timeout: 30_000 }, async () => {
    const { user, api } = await renderAdmin('/banners', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        signedIn,
        ...bannerRoutes(),
        on(adminCalls.adminUploadImage, () =>
          answer(adminCalls.adminUploadImage, {
            id: IMAGE_ID,
            url: imageUrlOf(IMAGE_ID),
            width: 750,
            height: 300,
          }),
        ),
      ],
    });
    await findHeading('Banners');
    expect(await screen.findByRole('img', { name: 'Picture of Promotions' })).toHaveAttribute(
      'src',
      drawn.pictureUrl,
    );

    await user.click(screen.getByRole('button', { name: 'New banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'New banner' });
    await user.type(within(dialog).getByLabelText('Title (Vietnamese)'), 'Trò chơi mới');
    await user.type(within(dialog).getByLabelText('Link'), 'javascript:alert(1)');
    await user.click(within(dialog).getByText('Uploaded'));
    // Uploaded chosen but no picture yet, and a link that is not the site's nor https: both refused here.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please upload a picture')).toBeInTheDocument();
    expect(
      within(dialog).getByText('A path of the site starting with / or an https address'),
    ).toBeInTheDocument();
    expect(api.requestsOf(adminCalls.adminCreateBanner)).toHaveLength(0);

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'banner.png', { type: 'image/png' });
    await user.upload(await within(dialog).findByLabelText('Choose a file: Uploaded picture'), file);
    expect(
      await within(dialog).findByRole('img', { name: 'Uploaded picture: the picture now' }),
    ).toHaveAttribute('src', imageUrlOf(IMAGE_ID));
    const [upload] = api.requestsOf(adminCalls.adminUploadImage);
    expect(upload?.url.searchParams.get('place')).toBe('banner_wide');
    expect((upload?.form?.get(IMAGE_FORM_FIELD) as File | null)?.name).toBe('banner.png');

    const link = within(dialog).getByLabelText('Link');
    await user.clear(link);
    await user.type(link, 'https://t.me/kimlong');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf(adminCalls.adminCreateBanner)).toHaveLength(1));
    expect(api.requestsOf(adminCalls.adminCreateBanner)[0]?.json).toEqual({
      groupName: 'm_home',
      title: { vi: 'Trò chơi mới' },
      subtitle: { vi: '' },
      motif: 'gift',
      colour: '#b71c1c',
      accent: '#ffc107',
      imageId: IMAGE_ID,
      linkUrl: 'https://t.me/kimlong',
      active: true,
      startsAt: null,
      endsAt: null,
    });
    expect(await screen.findByRole('img', { name: 'Picture of Trò chơi mới' })).toHaveAttribute(
      'src',
      imageUrlOf(IMAGE_ID),
    );
  });

  it('shows the refusal of a file that is not a picture', { timeout: 20_000 }, async () => {
    const { user } = await renderAdmin('/banners', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        signedIn,
        ...bannerRoutes(),
        on(adminCalls.adminUploadImage, () => failure('PICTURE_TYPE_NOT_ALLOWED')),
      ],
    });
    await findHeading('Banners');
    await user.click(await screen.findByRole('button', { name: 'New banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'New banner' });
    await chooseOption(user, 'Group', 'Home pop-up');
    await user.click(within(dialog).getByText('Uploaded'));
    const text = new File(['not a picture'], 'notes.png', { type: 'image/png' });
    await user.upload(await within(dialog).findByLabelText('Choose a file: Uploaded picture'), text);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only PNG, JPEG or WebP pictures are accepted',
    );
    expect(within(dialog).getByText('No picture uploaded yet')).toBeInTheDocument();
  });

  it(
    'switches a banner off and moves one up, sending the whole banner and the whole order',
    { timeout: 20_000 },
    async () => {
      const { user, api } = await renderAdmin('/banners', {
        storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
        routes: [signedIn, ...bannerRoutes()],
      });
      await findHeading('Banners');
      await user.click(await screen.findByRole('switch', { name: 'Active: Promotions' }));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminUpdateBanner)).toHaveLength(1));
      const [update] = api.requestsOf(adminCalls.adminUpdateBanner);
      expect(update?.params).toEqual({ bannerId: '4' });
      expect(update?.json).toMatchObject({
        active: false,
        title: drawn.title,
        linkUrl: '/m/activity',
        imageId: null,
      });

      await user.click(await screen.findByRole('button', { name: 'Move up: First deposit' }));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminReorderBanners)).toHaveLength(1));
      expect(api.requestsOf(adminCalls.adminReorderBanners)[0]?.json).toEqual({
        groupName: 'm_home',
        ids: [5, 4],
      });
      expect(await screen.findByRole('button', { name: 'Move up: Promotions' })).toBeEnabled();
    },
  );

  it(
    "shows and keeps a banner's schedule in the merchant's time zone, not the browser's",
    { timeout: 20_000 },
    async () => {
      const scheduled: AdminBanner = {
        ...drawn,
        startsAt: '2026-12-01T01:00:00.000Z',
        endsAt: '2026-12-31T16:59:59.000Z',
      };
      const { user, api } = await renderAdmin('/banners', {
        storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
        routes: [
          on(adminCalls.adminSession, () =>
            answer(adminCalls.adminSession, { ...createOperator('content'), timeZone: 'America/St_Johns' }),
          ),
          on(adminCalls.adminBanners, () => answer(adminCalls.adminBanners, { list: [scheduled] })),
          on(adminCalls.adminUpdateBanner, (request) =>
            answer(adminCalls.adminUpdateBanner, {
              ...scheduled,
              ...bodyOf(adminCalls.adminUpdateBanner, request),
            }),
          ),
        ],
      });
      await findHeading('Banners');
      await user.click(await screen.findByRole('button', { name: 'Edit Promotions' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit banner' });
      // 01:00 UTC is 21:30 the day before in St John's (UTC−03:30 in December).
      const starts = within(dialog).getByLabelText('Starts');
      expect(starts).toHaveValue('30/11/2026 21:30:00');
      expect(starts).toHaveAccessibleDescription('Times of the site: America/St_Johns, UTC-03:30');
      expect(within(dialog).getByLabelText('Ends')).toHaveValue('31/12/2026 13:29:59');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminUpdateBanner)).toHaveLength(1));
      expect(api.requestsOf(adminCalls.adminUpdateBanner)[0]?.json).toMatchObject({
        startsAt: '2026-12-01T01:00:00.000Z',
        endsAt: '2026-12-31T16:59:59.000Z',
      });
    },
  );
});
