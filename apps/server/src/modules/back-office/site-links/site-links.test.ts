import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { SiteLinkKind } from '@kl/contracts/content';
import { expect, it } from 'vitest';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator } from '../../../test/back-office.ts';
import { useContentSuite } from '../../../test/content-suite.ts';
import { describeEachDatabase } from '../../../test/databases.ts';

describeEachDatabase('back-office footer and social links', (kind) => {
  const { suite, operators, request, value, auditTrail, visitorValue } = useContentSuite(kind);

  const create = (payload: object, operator = operators.editor) =>
    request(adminCalls.adminCreateSiteLink, operator, { payload });
  const update = (linkId: number, payload: object) =>
    request(adminCalls.adminUpdateSiteLink, operators.editor, { params: { linkId }, payload });
  const remove = (linkId: number) =>
    request(adminCalls.adminDeleteSiteLink, operators.editor, { params: { linkId } });
  const reorder = (payload: object) =>
    request(adminCalls.adminReorderSiteLinks, operators.editor, { payload });
  const footer = (lang: 'vi' | 'en' = 'vi') => visitorValue(API.footerLinks, { lang });
  const ofKind = async (linkKind: SiteLinkKind) =>
    (await value(adminCalls.adminSiteLinks, operators.editor)).list.filter((link) => link.kind === linkKind);

  const partner = {
    kind: 'partner',
    name: { vi: 'Ngân hàng Sen', en: 'Lotus Bank' },
    url: 'https://lotus.example/',
    colour: '#2E7D32',
  };
  const social = {
    kind: 'social',
    name: { vi: 'Telegram Kim Long', en: 'Kim Long on Telegram' },
    url: 'https://t.me/kimlong_vn',
    socialType: 'Telegram',
    colour: '#229ed9',
  };

  it('adds a partner and a social link; the footer, side menu and service answers show them at once', async () => {
    // The players' answers are read (and kept in memory) before the change.
    const before = await footer();
    const serviceBefore = await visitorValue(API.service, { lang: 'en' });

    const added = answerValue(adminCalls.adminCreateSiteLink, await create(partner));
    expect(added).toMatchObject({
      kind: 'partner',
      name: partner.name,
      url: 'https://lotus.example/',
      socialType: null,
      colour: '#2e7d32',
    });
    expect(added.pictureUrl).toMatch(new RegExp(`^/api/content/link-art/${added.id}\\.svg\\?v=`));
    // Last of its kind.
    expect((await ofKind('partner')).at(-1)?.id).toBe(added.id);
    const shown = await footer();
    expect(shown.partners.map((link) => link.id)).toEqual([
      ...before.partners.map((link) => link.id),
      added.id,
    ]);
    expect(shown.partners.at(-1)).toMatchObject({
      name: 'Ngân hàng Sen',
      url: 'https://lotus.example/',
      logoUrl: added.pictureUrl,
    });
    expect((await footer('en')).partners.at(-1)?.name).toBe('Lotus Bank');

    const telegram = answerValue(adminCalls.adminCreateSiteLink, await create(social));
    expect(telegram).toMatchObject({ socialType: 'Telegram', pictureUrl: null });
    const service = await visitorValue(API.service, { lang: 'en' });
    expect(service.socialLinks).toEqual([
      ...serviceBefore.socialLinks,
      { type: 'Telegram', url: 'https://t.me/kimlong_vn', label: 'Kim Long on Telegram' },
    ]);
    expect((await footer()).socialLinks.at(-1)).toEqual({
      type: 'Telegram',
      url: 'https://t.me/kimlong_vn',
      label: 'Telegram Kim Long',
    });

    const [made] = await auditTrail(operators.owner, 'site_link', added.id);
    expect(made).toMatchObject({
      action: 'site_link.create',
      operatorUsername: operators.editor.username,
      after: { kind: 'partner', name: partner.name },
    });
  });

  it('edits a link: the players see the new name and drawing at once; the audit keeps before and after', async () => {
    const added = answerValue(adminCalls.adminCreateSiteLink, await create({ ...partner, kind: 'badge' }));
    await footer();
    const edited = answerValue(
      adminCalls.adminUpdateSiteLink,
      await update(added.id, {
        ...partner,
        kind: 'badge',
        name: { vi: 'Chơi có trách nhiệm' },
        url: null,
        colour: '#000000',
      }),
    );
    expect(edited).toMatchObject({ name: { vi: 'Chơi có trách nhiệm' }, url: null, colour: '#000000' });
    expect(edited.pictureUrl).not.toBe(added.pictureUrl);
    const badge = (await footer('en')).badges.find((link) => link.id === added.id);
    // English falls back to Vietnamese.
    expect(badge).toMatchObject({ name: 'Chơi có trách nhiệm', url: null, logoUrl: edited.pictureUrl });

    const [updated] = await auditTrail(operators.owner, 'site_link', added.id);
    expect(updated).toMatchObject({
      action: 'site_link.update',
      before: { name: partner.name, colour: '#2e7d32' },
      after: { name: { vi: 'Chơi có trách nhiệm' }, colour: '#000000' },
    });
    expectFailure(await update(2_000_000_000, partner), 404, 'NOT_FOUND');
  });

  it('refuses bad links with 400 INVALID_INPUT and adds nothing', async () => {
    const count = (await value(adminCalls.adminSiteLinks, operators.editor)).list.length;
    for (const payload of [
      { ...partner, url: 'javascript:alert(1)' },
      { ...partner, url: 'http://insecure.example/' },
      { ...partner, url: '//evil.example/' },
      { ...partner, url: 'lotus.example' },
      { ...partner, socialType: 'Facebook' },
      { ...partner, colour: 'green' },
      { ...partner, name: { vi: '  ', en: 'Lotus' } },
      { ...partner, name: { vi: 'x'.repeat(61) } },
      { ...partner, kind: 'footer' },
      { ...social, socialType: null },
      { ...social, socialType: 'TikTok' },
      { ...social, url: null },
    ]) {
      expectFailure(await create(payload), 400, 'INVALID_INPUT');
    }
    expect((await value(adminCalls.adminSiteLinks, operators.editor)).list).toHaveLength(count);
  });

  it('reorders a kind as a whole and deletes a link; the players follow at once', async () => {
    const a = answerValue(adminCalls.adminCreateSiteLink, await create(partner));
    const b = answerValue(
      adminCalls.adminCreateSiteLink,
      await create({ ...partner, name: { vi: 'Ví Mekong' } }),
    );
    const others = (await ofKind('partner'))
      .map((link) => link.id)
      .filter((id) => id !== a.id && id !== b.id);
    const ids = [b.id, ...others, a.id];
    await footer();
    const reordered = answerValue(adminCalls.adminReorderSiteLinks, await reorder({ kind: 'partner', ids }));
    expect(reordered.list.filter((link) => link.kind === 'partner').map((link) => link.id)).toEqual(ids);
    expect((await footer()).partners.map((link) => link.id)).toEqual(ids);
    // Not the whole kind (one left out, one twice, one of another kind): refused.
    expectFailure(await reorder({ kind: 'partner', ids: ids.slice(1) }), 400, 'INVALID_INPUT');
    expectFailure(await reorder({ kind: 'partner', ids: [...ids, b.id] }), 400, 'INVALID_INPUT');
    const [social1] = await ofKind('social');
    expectFailure(
      await reorder({ kind: 'partner', ids: [...ids.slice(1), social1?.id] }),
      400,
      'INVALID_INPUT',
    );
    const [ordered] = await auditTrail(operators.owner, 'site_link_kind', 'partner');
    expect(ordered).toMatchObject({ action: 'site_link.reorder', after: ids });

    expect(answerValue(adminCalls.adminDeleteSiteLink, await remove(b.id))).toEqual({ deleted: true });
    expect((await footer()).partners.map((link) => link.id)).not.toContain(b.id);
    expectFailure(await remove(b.id), 404, 'NOT_FOUND');
    const [deleted] = await auditTrail(operators.owner, 'site_link', b.id);
    expect(deleted).toMatchObject({
      action: 'site_link.delete',
      before: { id: b.id, name: { vi: 'Ví Mekong' } },
    });
  });

  it('lets support read the links but not change them, and keeps other roles out', async () => {
    const support = await newOperator(suite, 'support');
    expect((await request(adminCalls.adminSiteLinks, support)).statusCode).toBe(200);
    expectFailure(await create(partner, support), 403, 'PERMISSION_DENIED');
    const finance = await newOperator(suite, 'finance');
    expectFailure(await request(adminCalls.adminSiteLinks, finance), 403, 'PERMISSION_DENIED');
  });
});
