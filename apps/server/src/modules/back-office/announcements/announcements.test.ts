import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { expect, it } from 'vitest';
import { call, freshIp } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';

describeEachDatabase('back-office announcements', (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(kind, {
    editor: 'content',
    owner: 'owner',
  });
  const visitor = { ip: freshIp() };

  const create = (payload: object, operator = operators.editor) =>
    request(adminCalls.adminCreateAnnouncement, operator, { payload });
  const update = (announcementId: number, payload: object) =>
    request(adminCalls.adminUpdateAnnouncement, operators.editor, {
      params: { announcementId },
      payload,
    });
  const notice = async (lang: 'vi' | 'en') =>
    answerValue(API.notice, await call(suite.app, API.notice, visitor, { query: { lang, pageSize: '100' } }))
      .list;
  const marquee = async (lang: 'vi' | 'en') =>
    answerValue(
      API.popularAnnouncements,
      await call(suite.app, API.popularAnnouncements, visitor, { query: { lang } }),
    ).list;
  const auditOf = (id: number) => auditTrail(operators.owner, 'announcement', id);

  const body = {
    type: 'PL',
    title: { vi: 'Khuyến mãi tháng ba', en: 'March promotion' },
    content: { vi: '<p>Nạp <b>100.000</b> nhận thưởng &amp; quà</p>' },
    popular: true,
  };

  it('publishes to the notice list and the marquee in both languages, and takes it off when inactive', async () => {
    const created = answerValue(adminCalls.adminCreateAnnouncement, await create(body));
    expect(created).toMatchObject({
      type: 'PL',
      groupName: null,
      title: body.title,
      content: { vi: body.content.vi },
      popular: true,
      active: true,
      publishedAt: suite.time.clock().toISOString(),
      expiresAt: null,
    });
    expect(created.content.en).toBeUndefined();

    for (const lang of ['vi', 'en'] as const) {
      const shown = (await notice(lang)).find((item) => item.id === created.id);
      expect(shown).toMatchObject({
        title: lang === 'vi' ? 'Khuyến mãi tháng ba' : 'March promotion',
        // No English content: the Vietnamese one, as written.
        content: body.content.vi,
        summary: 'Nạp 100.000 nhận thưởng & quà',
        popular: true,
      });
      expect((await marquee(lang)).map((item) => item.id)).toContain(created.id);
    }

    suite.time.advance(60_000);
    const hidden = answerValue(
      adminCalls.adminCreateAnnouncement,
      await update(created.id, { ...body, active: false }),
    );
    expect(hidden).toMatchObject({ active: false, publishedAt: created.publishedAt });
    for (const lang of ['vi', 'en'] as const) {
      expect((await notice(lang)).map((item) => item.id)).not.toContain(created.id);
      expect((await marquee(lang)).map((item) => item.id)).not.toContain(created.id);
    }

    // The back office still lists it, newest published first.
    const later = answerValue(adminCalls.adminCreateAnnouncement, await create({ ...body, popular: false }));
    const listed = await value(adminCalls.adminAnnouncements, operators.editor, { query: { pageSize: '2' } });
    expect(listed.list.map((item) => item.id)).toEqual([later.id, created.id]);
    expect(listed.list[1]).toMatchObject({ active: false });
    expect(listed.total).toBeGreaterThan(2);

    const [updated, made] = await auditOf(created.id);
    expect(made).toMatchObject({
      action: 'announcement.create',
      operatorUsername: operators.editor.username,
      before: null,
    });
    expect(made?.after).toMatchObject({ id: created.id, active: true });
    expect(updated).toMatchObject({
      action: 'announcement.update',
      before: { active: true, popular: true },
      after: { active: false, popular: true },
    });
  });

  it('keeps the publication time unless told, schedules, and refuses an end before the start', async () => {
    const publishedAt = new Date(suite.time.clock().getTime() + 3_600_000).toISOString();
    const scheduled = answerValue(adminCalls.adminCreateAnnouncement, await create({ ...body, publishedAt }));
    // Not yet on the site.
    expect((await notice('vi')).map((item) => item.id)).not.toContain(scheduled.id);
    const expiresAt = new Date(Date.parse(publishedAt) + 86_400_000).toISOString();
    const ending = answerValue(
      adminCalls.adminCreateAnnouncement,
      await update(scheduled.id, { ...body, expiresAt }),
    );
    expect(ending).toMatchObject({ publishedAt, expiresAt });
    expect(
      answerValue(
        adminCalls.adminCreateAnnouncement,
        await update(scheduled.id, { ...body, expiresAt: null }),
      ),
    ).toMatchObject({
      publishedAt,
      expiresAt: null,
    });

    const backwards = await update(scheduled.id, { ...body, expiresAt: suite.time.clock().toISOString() });
    expectFailure(backwards, 400, 'INVALID_INPUT');
    const pastEnd = await create({ ...body, expiresAt: suite.time.clock().toISOString() });
    expect(pastEnd.statusCode).toBe(400);
    expect((await create({ ...body, title: { vi: ' ' } })).statusCode).toBe(400);
    expect((await create({ ...body, type: 'XX' })).statusCode).toBe(400);
    expect((await auditOf(scheduled.id)).length).toBe(3);
  });

  it('answers 404 for an unknown announcement and 403 to roles without content', async () => {
    const unknown = await update(2_000_000_000, body);
    expectFailure(unknown, 404, 'NOT_FOUND');
    expect((await update(0, body)).statusCode).toBe(400);
    const finance = await newOperator(suite, 'finance');
    expect((await create(body, finance)).statusCode).toBe(403);
    expect((await request(adminCalls.adminAnnouncements, finance)).statusCode).toBe(403);
  });
});
