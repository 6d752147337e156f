import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { HELP_CONTENT_MAX } from '@kl/contracts/admin/help';
import { expect, it } from 'vitest';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator } from '../../../test/back-office.ts';
import { useContentSuite } from '../../../test/content-suite.ts';
import { describeEachDatabase } from '../../../test/databases.ts';

describeEachDatabase('back-office help centre', (kind) => {
  const { suite, operators, request, value, auditTrail, asVisitor, visitorValue } = useContentSuite(kind);
  let topicCount = 0;
  const freshTag = () => `t${process.pid % 1000}-${(topicCount += 1)}-${Date.now() % 100000}`;

  const centre = async (query: Record<string, string>) => (await visitorValue(API.helpCentre, query)).topics;
  const detail = (itemId: number, lang: 'vi' | 'en' = 'vi') =>
    asVisitor(API.helpItem, { itemId: String(itemId), lang });
  const createTopic = (payload: object, operator = operators.editor) =>
    request(adminCalls.adminCreateHelpTopic, operator, { payload });
  const createItem = (payload: object) =>
    request(adminCalls.adminCreateHelpItem, operators.editor, { payload });
  const updateItem = (itemId: number, payload: object) =>
    request(adminCalls.adminUpdateHelpItem, operators.editor, { params: { itemId }, payload });

  const article = (tag: string) => ({
    tag,
    title: { vi: 'Cách nạp bằng QR', en: 'Paying by QR' },
    content: {
      vi: '<p>Quét mã <b>QR</b>.</p><script>alert(1)</script>',
      en: '<p>Scan the <b>QR</b> code.</p><img src="x" onerror="alert(1)">',
    },
    devices: ['MOBILE'],
    sortOrder: 1,
  });

  it('adds a topic and an article; the players see them at once, as written, and lose them when off', async () => {
    const tag = freshTag();
    const before = await centre({ lang: 'en' });
    const topic = answerValue(
      adminCalls.adminCreateHelpTopic,
      await createTopic({ tag, name: { vi: 'Nạp bằng QR', en: 'QR deposits' }, sortOrder: 50 }),
    );
    expect(topic).toMatchObject({ tag, items: 0, activeItems: 0 });
    // A topic without an article is not shown.
    expect((await centre({ lang: 'en' })).map((shown) => shown.tag)).toEqual(
      before.map((shown) => shown.tag),
    );

    const item = answerValue(adminCalls.adminCreateHelpItem, await createItem(article(tag)));
    expect(item).toMatchObject({ tag, devices: ['MOBILE'], active: true, sortOrder: 1 });
    const shown = (await centre({ lang: 'en' })).find((entry) => entry.tag === tag);
    expect(shown).toMatchObject({ name: 'QR deposits', items: [{ id: item.id, title: 'Paying by QR' }] });
    // Kept exactly as written: the site sanitises it when it shows it (docs/decisions/013-content.md).
    expect(shown?.items[0]?.content).toBe(article(tag).content.en);
    expect((await centre({ lang: 'vi', device: 'WEB' })).map((entry) => entry.tag)).not.toContain(tag);
    expect(answerValue(API.helpItem, await detail(item.id)).title).toBe('Cách nạp bằng QR');

    const off = answerValue(
      adminCalls.adminUpdateHelpItem,
      await updateItem(item.id, { ...article(tag), active: false }),
    );
    expect(off.active).toBe(false);
    expect((await centre({ lang: 'en' })).map((entry) => entry.tag)).not.toContain(tag);
    expectFailure(await detail(item.id), 404, 'NOT_FOUND');
    const listed = await value(adminCalls.adminHelp, operators.editor);
    expect(listed.topics.find((entry) => entry.tag === tag)).toMatchObject({ items: 1, activeItems: 0 });
    expect(listed.items.find((entry) => entry.id === item.id)).toMatchObject({ active: false });

    const [updated, made] = await auditTrail(operators.owner, 'help_item', item.id);
    expect(made).toMatchObject({ action: 'help_item.create', operatorUsername: operators.editor.username });
    expect(updated).toMatchObject({
      action: 'help_item.update',
      before: { active: true },
      after: { active: false },
    });
    const [topicMade] = await auditTrail(operators.owner, 'help_topic', tag);
    expect(topicMade).toMatchObject({ action: 'help_topic.create', after: { tag } });
  });

  it('edits the terms and renames a topic, and the players read the change at once', async () => {
    const { items } = await value(adminCalls.adminHelp, operators.editor);
    const terms = items.find((item) => item.tag === 'terms' && item.active);
    if (!terms) throw new Error('the seed has terms');
    // Read (and kept in memory) before the change.
    expect(answerValue(API.helpItem, await detail(terms.id)).content).toBe(terms.content.vi);
    const content = { vi: '<h3>Điều khoản mới</h3><p>Áp dụng từ hôm nay.</p>', en: '<h3>New terms</h3>' };
    answerValue(
      adminCalls.adminUpdateHelpItem,
      await updateItem(terms.id, {
        tag: 'terms',
        title: terms.title,
        content,
        devices: terms.devices,
        sortOrder: terms.sortOrder,
      }),
    );
    expect(answerValue(API.helpItem, await detail(terms.id)).content).toBe(content.vi);
    expect((await centre({ tag: 'terms', lang: 'en' }))[0]?.items.map((item) => item.content)).toContain(
      content.en,
    );

    const renamed = answerValue(
      adminCalls.adminUpdateHelpTopic,
      await request(adminCalls.adminUpdateHelpTopic, operators.editor, {
        params: { tag: 'terms' },
        payload: { name: { vi: 'Điều khoản', en: 'Terms' }, sortOrder: 5 },
      }),
    );
    expect(renamed).toMatchObject({ tag: 'terms', name: { vi: 'Điều khoản', en: 'Terms' } });
    expect((await centre({ tag: 'terms', lang: 'en' }))[0]?.name).toBe('Terms');
    const [audit] = await auditTrail(operators.owner, 'help_topic', 'terms');
    expect(audit).toMatchObject({ action: 'help_topic.update', after: { name: { en: 'Terms' } } });
  });

  it('refuses content above the limit, an unknown topic or device, a taken tag, and unknown ids', async () => {
    const tag = freshTag();
    answerValue(
      adminCalls.adminCreateHelpTopic,
      await createTopic({ tag, name: { vi: 'Chủ đề' }, sortOrder: 60 }),
    );
    expectFailure(await createTopic({ tag, name: { vi: 'Lần nữa' }, sortOrder: 1 }), 400, 'INVALID_INPUT');
    expectFailure(
      await createTopic({ tag: 'Has Spaces', name: { vi: 'x' }, sortOrder: 1 }),
      400,
      'INVALID_INPUT',
    );

    const long = { ...article(tag), content: { vi: `<p>${'a'.repeat(HELP_CONTENT_MAX)}</p>` } };
    expectFailure(await createItem(long), 400, 'INVALID_INPUT');
    const atLimit = { ...article(tag), content: { vi: 'a'.repeat(HELP_CONTENT_MAX) } };
    answerValue(adminCalls.adminCreateHelpItem, await createItem(atLimit));
    expectFailure(await createItem({ ...article(tag), devices: ['TV'] }), 400, 'INVALID_INPUT');
    expectFailure(await createItem({ ...article(tag), devices: [] }), 400, 'INVALID_INPUT');
    const noTopic = await createItem(article(freshTag()));
    expectFailure(noTopic, 400, 'INVALID_INPUT');
    expect(noTopic.json()).toMatchObject({ value: { field: 'tag', reason: 'HELP_TOPIC_NOT_FOUND' } });
    expectFailure(await updateItem(2_000_000_000, article(tag)), 404, 'NOT_FOUND');
    expectFailure(
      await request(adminCalls.adminUpdateHelpTopic, operators.editor, {
        params: { tag: freshTag() },
        payload: { name: { vi: 'x' }, sortOrder: 1 },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('lets support read the help centre but not change it, and keeps other roles out', async () => {
    const support = await newOperator(suite, 'support');
    expect((await request(adminCalls.adminHelp, support)).statusCode).toBe(200);
    expectFailure(
      await createTopic({ tag: freshTag(), name: { vi: 'x' }, sortOrder: 1 }, support),
      403,
      'PERMISSION_DENIED',
    );
    const risk = await newOperator(suite, 'risk');
    expectFailure(await request(adminCalls.adminHelp, risk), 403, 'PERMISSION_DENIED');
  });
});
