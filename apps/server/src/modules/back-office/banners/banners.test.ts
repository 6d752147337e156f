import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { BannerGroup } from '@kl/contracts/content';
import { expect, it } from 'vitest';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator } from '../../../test/back-office.ts';
import { useContentSuite } from '../../../test/content-suite.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { uploadedPicture } from '../../../test/images.ts';

describeEachDatabase('back-office banners', (kind) => {
  const { suite, operators, request, value, auditTrail, visitorValue } = useContentSuite(kind);

  const create = (payload: object, operator = operators.editor) =>
    request(adminCalls.adminCreateBanner, operator, { payload });
  const update = (bannerId: number, payload: object) =>
    request(adminCalls.adminUpdateBanner, operators.editor, { params: { bannerId }, payload });
  const players = async (groupName: BannerGroup, lang: 'vi' | 'en' = 'vi') =>
    (await visitorValue(API.banners, { groupName, lang })).list;

  const body = {
    groupName: 'm_newgame',
    title: { vi: 'Trò chơi mới', en: 'New games' },
    subtitle: { vi: 'Chơi thử miễn phí' },
    motif: 'dragon',
    colour: '#123ABC',
    accent: '#ffcc00',
    linkUrl: '/m/game?category=slot',
  };

  it('adds a drawn banner and the players see it at once, in their language; off takes it away', async () => {
    const before = await players('m_newgame');
    const created = answerValue(adminCalls.adminCreateBanner, await create(body));
    expect(created).toMatchObject({
      groupName: 'm_newgame',
      title: body.title,
      subtitle: { vi: 'Chơi thử miễn phí' },
      colour: '#123abc',
      imageId: null,
      linkUrl: '/m/game?category=slot',
      active: true,
      startsAt: null,
      endsAt: null,
    });
    // Last of its group.
    expect(created.sortOrder).toBeGreaterThan(Math.max(0, ...before.map((banner) => banner.sort)));

    // The answer read before (kept in memory) is dropped by the change.
    expect((await players('m_newgame')).map((banner) => banner.id)).toContain(created.id);
    const shown = (await players('m_newgame', 'en')).find((banner) => banner.id === created.id);
    expect(shown).toMatchObject({ title: 'New games', linkTarget: 'self' });
    expect(shown?.url).toMatch(new RegExp(`^/api/content/banner-art/${created.id}-en\\.webp\\?v=`));
    expect(created.pictureUrl).toMatch(new RegExp(`^/api/content/banner-art/${created.id}-vi\\.webp\\?v=`));

    const off = answerValue(
      adminCalls.adminUpdateBanner,
      await update(created.id, { ...body, active: false }),
    );
    expect(off.active).toBe(false);
    expect((await players('m_newgame')).map((banner) => banner.id)).not.toContain(created.id);
    // The back office still lists it.
    const listed = await value(adminCalls.adminBanners, operators.editor, {
      query: { groupName: 'm_newgame' },
    });
    expect(listed.list.find((banner) => banner.id === created.id)).toMatchObject({ active: false });

    const [updated, made] = await auditTrail(operators.owner, 'banner', created.id);
    expect(made).toMatchObject({ action: 'banner.create', operatorUsername: operators.editor.username });
    expect(updated).toMatchObject({
      action: 'banner.update',
      before: { active: true, title: body.title },
      after: { active: false },
    });
  });

  it('shows an uploaded picture of its group’s size instead of the drawing', async () => {
    const wide = await uploadedPicture(suite.app, operators.editor, 1500, 600, 'banner_wide');
    const created = answerValue(
      adminCalls.adminCreateBanner,
      await create({ ...body, groupName: 'm_home', imageId: wide.id }),
    );
    expect(created).toMatchObject({ imageId: wide.id, pictureUrl: wide.url });
    for (const lang of ['vi', 'en'] as const) {
      expect((await players('m_home', lang)).find((banner) => banner.id === created.id)?.url).toBe(wide.url);
    }
    // Back to the drawing.
    const drawn = answerValue(
      adminCalls.adminUpdateBanner,
      await update(created.id, { ...body, groupName: 'm_home', imageId: null }),
    );
    expect((await players('m_home')).find((banner) => banner.id === created.id)?.url).toBe(drawn.pictureUrl);

    // A square pop-up picture does not fit the wide carousel; an unknown picture is refused too.
    const square = await uploadedPicture(suite.app, operators.editor, 300, 300, 'banner_popup');
    const wrong = await create({ ...body, groupName: 'm_home', imageId: square.id });
    expectFailure(wrong, 400, 'INVALID_INPUT');
    expect(wrong.json()).toMatchObject({
      value: { field: 'imageId', reason: 'IMAGE_SIZE', width: 750, height: 300 },
    });
    expectFailure(
      await create({ ...body, groupName: 'm_popup', imageId: 'f'.repeat(32) }),
      400,
      'INVALID_INPUT',
    );
    const popup = answerValue(
      adminCalls.adminCreateBanner,
      await create({ ...body, groupName: 'm_popup', imageId: square.id }),
    );
    expect((await players('m_popup')).find((banner) => banner.id === popup.id)?.url).toBe(square.url);
  });

  it('checks links and schedules, and shows a scheduled banner only within its dates', async () => {
    for (const linkUrl of [
      'javascript:alert(1)',
      'http://example.com/',
      '//evil.example/',
      'https://user:pw@x.example/',
      'm/home',
      '/m/a b',
    ]) {
      expectFailure(await create({ ...body, linkUrl }), 400, 'INVALID_INPUT');
    }
    const outside = answerValue(
      adminCalls.adminCreateBanner,
      await create({ ...body, linkUrl: 'https://t.me/kimlong' }),
    );
    expect((await players('m_newgame')).find((banner) => banner.id === outside.id)).toMatchObject({
      linkUrl: 'https://t.me/kimlong',
      linkTarget: 'blank',
    });

    const now = suite.time.clock().getTime();
    const startsAt = new Date(now + 600_000).toISOString();
    const endsAt = new Date(now + 1_200_000).toISOString();
    expectFailure(await create({ ...body, startsAt: endsAt, endsAt: startsAt }), 400, 'INVALID_INPUT');
    const later = answerValue(adminCalls.adminCreateBanner, await create({ ...body, startsAt, endsAt }));
    expect(later).toMatchObject({ startsAt, endsAt });
    expect((await players('m_newgame')).map((banner) => banner.id)).not.toContain(later.id);
    // Past the cache's time for dated answers; less than an operator's idle time.
    suite.time.advance(660_000);
    expect((await players('m_newgame')).map((banner) => banner.id)).toContain(later.id);
    suite.time.advance(600_000);
    expect((await players('m_newgame')).map((banner) => banner.id)).not.toContain(later.id);

    expectFailure(await create({ ...body, colour: 'red' }), 400, 'INVALID_INPUT');
    expectFailure(await create({ ...body, motif: 'unicorn' }), 400, 'INVALID_INPUT');
    expectFailure(await create({ ...body, title: { vi: ' ' } }), 400, 'INVALID_INPUT');
    expectFailure(await update(2_000_000_000, body), 404, 'NOT_FOUND');
  });

  it('reorders a group as a whole, and the players see the new order', async () => {
    const group = { ...body, groupName: 'm_leftmenu' };
    const current = await value(adminCalls.adminBanners, operators.editor, {
      query: { groupName: 'm_leftmenu' },
    });
    const a = answerValue(adminCalls.adminCreateBanner, await create(group));
    const b = answerValue(adminCalls.adminCreateBanner, await create(group));
    const ids = [b.id, ...current.list.map((banner) => banner.id), a.id];
    const reorder = (payload: object) =>
      request(adminCalls.adminReorderBanners, operators.editor, { payload });

    const reordered = answerValue(
      adminCalls.adminReorderBanners,
      await reorder({ groupName: 'm_leftmenu', ids }),
    );
    expect(reordered.list.map((banner) => banner.id)).toEqual(ids);
    const shownIds = (await players('m_leftmenu')).map((banner) => banner.id);
    expect(shownIds.filter((id) => id === a.id || id === b.id)).toEqual([b.id, a.id]);

    // Not the whole group (one left out, or one twice): refused, nothing changes.
    expectFailure(await reorder({ groupName: 'm_leftmenu', ids: ids.slice(1) }), 400, 'INVALID_INPUT');
    expectFailure(await reorder({ groupName: 'm_leftmenu', ids: [...ids, b.id] }), 400, 'INVALID_INPUT');
    const [audit] = await auditTrail(operators.owner, 'banner_group', 'm_leftmenu');
    expect(audit).toMatchObject({ action: 'banner.reorder', after: ids });
  });

  it('lets support read the banners but not change them, and keeps other roles out', async () => {
    const support = await newOperator(suite, 'support');
    expect(
      (await request(adminCalls.adminBanners, support, { query: { groupName: 'm_home' } })).statusCode,
    ).toBe(200);
    expectFailure(await create(body, support), 403, 'PERMISSION_DENIED');
    const finance = await newOperator(suite, 'finance');
    expectFailure(
      await request(adminCalls.adminBanners, finance, { query: { groupName: 'm_home' } }),
      403,
      'PERMISSION_DENIED',
    );
  });
});
