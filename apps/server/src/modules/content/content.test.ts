import { API, CS_TYPES, RESOURCE_TYPES, successEnvelope } from '@kl/contracts';
import {
  announcementList,
  announcementUnreadCount,
  BANNER_GROUPS,
  bannerList,
  footerLinks,
  HEAD_ICON_COUNT,
  headIcon,
  helpCentre,
  helpItem,
  inboxDeleteResult,
  inboxMessage,
  inboxPage,
  inboxUnreadCount,
  markAnnouncementReadResult,
  noticePage,
  popularAnnouncements,
  serviceLinks,
} from '@kl/contracts/content';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcement,
  helpItem as helpItemTable,
  inboxMessage as inboxTable,
  member,
} from '../../db/schema/index.ts';
import {
  type Caller,
  call,
  freshIp,
  freshUsername,
  sessionCookieOf,
  solvedCaptcha,
} from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { plainSummary } from './plain-text.ts';
import { seedContent } from './seed.ts';
import { UNSAFE_HELP_ITEM_KEY } from './seed-data.ts';

const PASSWORD = 'secret123';

const valueOf = <T>(schema: { parse(input: unknown): { value: T } }, response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(json(response)).value;
};

describeEachDatabase('content', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let alice: Caller;
  let bob: Caller;
  let trial: Caller;
  const visitor: Caller = { ip: freshIp() };

  async function registered(): Promise<Caller> {
    const ip = freshIp();
    const response = await call(
      app,
      API.register,
      { ip },
      {
        payload: {
          registerMethod: 'H5',
          username: freshUsername('content'),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          ...(await solvedCaptcha(app, ip)),
        },
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    return { ip, cookie: sessionCookieOf(response) ?? '' };
  }

  beforeAll(async () => {
    app = await buildTestApp(database.current, { config: { devOutbox: true } });
    alice = await registered();
    bob = await registered();
    const trialIp = freshIp();
    trial = { ip: trialIp, cookie: sessionCookieOf(await call(app, API.trialLogin, { ip: trialIp })) ?? '' };
  });
  afterAll(() => app.close());

  const get = (
    entry: { method: string; path: string },
    caller: Caller,
    query?: Record<string, string>,
  ): Promise<LightMyRequestResponse> => call(app, entry, caller, query ? { query } : {});
  const expectFailure = (response: LightMyRequestResponse, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(json(response)).toMatchObject({ success: false, code });
  };

  describe('seed', () => {
    it('is idempotent, giving only members who joined since their welcome messages', async () => {
      const seed = () =>
        database.current.db.transaction((tx) => seedContent(database.current.db, tx, 'kimlong'));
      const nothing = {
        bannersCreated: 0,
        announcementsCreated: 0,
        helpItemsCreated: 0,
        siteLinksCreated: 0,
        welcomeMessagesCreated: 0,
      };
      // Alice and Bob registered after the first seed (trial members get none).
      expect(await seed()).toEqual({ ...nothing, welcomeMessagesCreated: 6 });
      expect(await seed()).toEqual(nothing);
    });

    it('gives the members that existed before it the welcome messages', async () => {
      const [agent] = await database.current.db
        .select({ id: member.id })
        .from(member)
        .where(eq(member.username, 'kimlongagent'));
      const rows = await database.current.db
        .select({ key: inboxTable.welcomeKey })
        .from(inboxTable)
        .where(and(eq(inboxTable.memberId, agent?.id ?? ''), isNotNull(inboxTable.welcomeKey)));
      expect(rows.map((row) => row.key).sort()).toEqual(['app', 'security', 'welcome']);
    });
  });

  describe('banners', () => {
    it('has banners of every group with a picture, a link target and an order', async () => {
      const { list } = valueOf(successEnvelope(bannerList), await get(API.banners, visitor));
      expect(new Set(list.map((banner) => banner.groupName))).toEqual(new Set(BANNER_GROUPS));
      for (const banner of list) {
        expect(banner.url).toMatch(/^\/api\/content\/banner-art\/[0-9]+-en\.webp\?v=/);
        expect(banner.linkTarget).toBe(banner.linkUrl?.startsWith('/') ? 'self' : 'blank');
      }
      const home = valueOf(
        successEnvelope(bannerList),
        await get(API.banners, visitor, { groupName: 'm_home' }),
      );
      expect(home.list.length).toBeGreaterThanOrEqual(3);
      expect(home.list.every((banner) => banner.groupName === 'm_home')).toBe(true);
      expect(home.list.map((banner) => banner.sort)).toEqual(
        [...home.list.map((banner) => banner.sort)].sort(),
      );
    });

    it('answers the language asked, by lang or Accept-Language', async () => {
      const vi = valueOf(
        successEnvelope(bannerList),
        await get(API.banners, visitor, { groupName: 'm_popup', lang: 'vi' }),
      );
      const en = valueOf(
        successEnvelope(bannerList),
        await get(API.banners, visitor, { groupName: 'm_popup' }),
      );
      expect(vi.list[0]?.title).toBe('Tải app nhận 58K');
      expect(en.list[0]?.title).toBe('Get the app, get 58K');
      expect(en.list[0]?.url).toMatch(/-en\.webp\?v=/);
    });

    it('serves the pictures as WebP at their own size, and the SVG they are drawn from, with a long cache and an ETag', async () => {
      const { list } = valueOf(successEnvelope(bannerList), await get(API.banners, visitor));
      for (const banner of list) {
        const response = await app.inject({ url: banner.url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['cache-control']).toContain('immutable');
        const source = await app.inject({ url: banner.url.replace('.webp', '.svg') });
        expect(source.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(source.headers['cache-control']).toContain('immutable');
        expect(source.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        expect(source.body).not.toMatch(/<image|href=|<script/);
        const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(source.body) ?? [];
        expect(await sharp(response.rawPayload).metadata()).toMatchObject({
          format: 'webp',
          width: Number(width),
          height: Number(height),
        });
      }
      const first = list[0]?.url ?? '';
      const etag = (await app.inject({ url: first })).headers.etag as string;
      expect((await app.inject({ url: first, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
      expectFailure(await app.inject({ url: '/api/content/banner-art/999999-vi.webp' }), 404, 'NOT_FOUND');
      expectFailure(await app.inject({ url: '/api/content/banner-art/1-fr.svg' }), 400, 'INVALID_INPUT');
    });

    it('refuses an unknown group', async () => {
      expectFailure(await get(API.banners, visitor, { groupName: 'm_nope' }), 400, 'INVALID_INPUT');
    });
  });

  describe('announcements', () => {
    const list = (caller: Caller, query: Record<string, string> = {}) =>
      get(API.announcements, caller, { platform: 'M', ...query });
    const unread = async (caller: Caller) =>
      valueOf(successEnvelope(announcementUnreadCount), await get(API.announcementUnreadCount, caller))
        .unreadCount;
    const markRead = (caller: Caller, payload: unknown) =>
      call(app, API.markAnnouncementRead, caller, { payload });

    it('shows a visitor the announcements of types B, PL, PU without read flags', async () => {
      const value = valueOf(successEnvelope(announcementList), await list(visitor, { types: 'B,PL,PU' }));
      expect(new Set(value.list.map((item) => item.type))).toEqual(new Set(['B', 'PL', 'PU']));
      expect(value.unreadCount).toBeUndefined();
      for (const item of value.list) {
        expect(item.read).toBeUndefined();
        expect(item).toMatchObject({
          id: expect.any(Number),
          title: expect.any(String),
          date: expect.any(String),
        });
      }
      const dates = value.list.map((item) => item.date);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('filters by types (comma-separated or repeated) and group, and never shows agent announcements', async () => {
      const popups = valueOf(successEnvelope(announcementList), await list(visitor, { types: 'PU' }));
      expect(popups.list.length).toBeGreaterThan(0);
      expect(popups.list.every((item) => item.type === 'PU')).toBe(true);
      const repeated = await app.inject({ url: `${API.announcements.path}?types=B&types=PU` });
      expect(
        new Set(
          successEnvelope(announcementList)
            .parse(json(repeated))
            .value.list.map((item) => item.type),
        ),
      ).toEqual(new Set(['B', 'PU']));
      const home = valueOf(successEnvelope(announcementList), await list(visitor, { groupName: 'm_home' }));
      expect(home.list.every((item) => item.groupName === null || item.groupName === 'm_home')).toBe(true);
      expect(home.list.some((item) => item.groupName === 'm_home')).toBe(true);
      expectFailure(await list(visitor, { types: 'A' }), 400, 'INVALID_INPUT');
      expectFailure(await list(visitor, { types: 'PR' }), 400, 'INVALID_INPUT');
      const all = valueOf(successEnvelope(announcementList), await list(visitor));
      expect(
        all.list.some((item) => item.title.includes('hoa hồng') || item.title.includes('commission')),
      ).toBe(false);
    });

    it('refuses another merchant and another platform', async () => {
      expectFailure(await list(visitor, { merchantCode: 'other' }), 400, 'INVALID_INPUT');
      expect((await list(visitor, { merchantCode: 'kimlong', token: 'ignored' })).statusCode).toBe(200);
      expectFailure(await get(API.announcements, visitor, { platform: 'X' }), 400, 'INVALID_INPUT');
    });

    it('hides announcements not yet published, expired or switched off', async () => {
      const now = Date.now();
      await database.current.db.insert(announcement).values([
        {
          merchantCode: 'kimlong',
          key: 'test-future',
          type: 'PL',
          title: { vi: 'Sắp tới' },
          content: { vi: 'x' },
          publishedAt: new Date(now + 86_400_000),
        },
        {
          merchantCode: 'kimlong',
          key: 'test-expired',
          type: 'PL',
          title: { vi: 'Hết hạn' },
          content: { vi: 'x' },
          publishedAt: new Date(now - 2 * 86_400_000),
          expiresAt: new Date(now - 86_400_000),
        },
        {
          merchantCode: 'kimlong',
          key: 'test-off',
          type: 'PL',
          title: { vi: 'Tắt' },
          content: { vi: 'x' },
          active: false,
          publishedAt: new Date(now - 86_400_000),
        },
      ]);
      const titles = valueOf(successEnvelope(announcementList), await list(visitor)).list.map(
        (item) => item.title,
      );
      expect(titles).not.toContain('Sắp tới');
      expect(titles).not.toContain('Hết hạn');
      expect(titles).not.toContain('Tắt');
    });

    it('keeps read flags per member: what A reads stays unread for B, and A’s count drops', async () => {
      const aliceBefore = valueOf(successEnvelope(announcementList), await list(alice));
      const bobBefore = await unread(bob);
      expect(aliceBefore.list.every((item) => item.read === false)).toBe(true);
      expect(aliceBefore.unreadCount).toBe(aliceBefore.list.length);
      const target = aliceBefore.list[0];
      if (!target) throw new Error('no announcement');

      const marked = valueOf(
        successEnvelope(markAnnouncementReadResult),
        await markRead(alice, { announcementId: target.id, read: true }),
      );
      expect(marked).toEqual({
        announcementId: target.id,
        read: true,
        unreadCount: (aliceBefore.unreadCount ?? 0) - 1,
      });

      const aliceAfter = valueOf(successEnvelope(announcementList), await list(alice));
      expect(aliceAfter.list.find((item) => item.id === target.id)?.read).toBe(true);
      expect(aliceAfter.unreadCount).toBe((aliceBefore.unreadCount ?? 0) - 1);
      expect(await unread(alice)).toBe((aliceBefore.unreadCount ?? 0) - 1);

      const bobAfter = valueOf(successEnvelope(announcementList), await list(bob));
      expect(bobAfter.list.find((item) => item.id === target.id)?.read).toBe(false);
      expect(await unread(bob)).toBe(bobBefore);
    });

    it('marks read idempotently, also with the id as a string', async () => {
      const { list: items } = valueOf(successEnvelope(announcementList), await list(alice));
      const target = items.find((item) => !item.read);
      if (!target) throw new Error('no unread announcement');
      const first = valueOf(
        successEnvelope(markAnnouncementReadResult),
        await markRead(alice, { announcementId: String(target.id), read: true }),
      );
      const again = valueOf(
        successEnvelope(markAnnouncementReadResult),
        await markRead(alice, { announcementId: target.id, read: true }),
      );
      expect(again.unreadCount).toBe(first.unreadCount);
    });

    it('refuses bad marks with 4xx: unknown, agent-only, malformed ids, read false, visitors', async () => {
      expectFailure(await markRead(alice, { announcementId: 99_999_999, read: true }), 404, 'NOT_FOUND');
      const [agentOnly] = await database.current.db
        .select({ id: announcement.id })
        .from(announcement)
        .where(eq(announcement.type, 'A'));
      expectFailure(await markRead(alice, { announcementId: agentOnly?.id, read: true }), 404, 'NOT_FOUND');
      for (const announcementId of ['abc', -1, 0, 1.5, '1e3', '', null, '99999999999999999999'])
        expectFailure(await markRead(alice, { announcementId, read: true }), 400, 'INVALID_INPUT');
      expectFailure(await markRead(alice, { announcementId: 1, read: false }), 400, 'INVALID_INPUT');
      expectFailure(await markRead(alice, { announcementId: 1 }), 400, 'INVALID_INPUT');
      expectFailure(await markRead(visitor, { announcementId: 1, read: true }), 401, 'NOT_LOGGED_IN');
      expectFailure(await get(API.announcementUnreadCount, visitor), 401, 'NOT_LOGGED_IN');
    });

    it('lets caches keep what everyone sees, never what one member sees', async () => {
      const open = await list(visitor);
      expect(open.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      expect(String(open.headers.vary)).toMatch(/Cookie/);
      expect((await list(alice)).headers['cache-control']).toBe('private, no-store');
      expect((await get(API.banners, visitor)).headers['cache-control']).toBe(
        'public, max-age=300, stale-while-revalidate=600',
      );
    });

    it('treats an expired session on an open call as a visitor', async () => {
      const value = valueOf(
        successEnvelope(announcementList),
        await list({ ip: visitor.ip, cookie: 'not-a-session' }),
      );
      expect(value.unreadCount).toBeUndefined();
    });

    it('gives trial members read flags and a count too', async () => {
      const value = valueOf(successEnvelope(announcementList), await list(trial));
      expect(value.unreadCount).toBe(value.list.length);
    });

    it('pages the notice list, with read flags for members only', async () => {
      const first = valueOf(
        successEnvelope(noticePage),
        await get(API.notice, alice, { pageNo: '1', pageSize: '2' }),
      );
      const second = valueOf(
        successEnvelope(noticePage),
        await get(API.notice, alice, { pageNo: '2', pageSize: '2' }),
      );
      expect(first.list).toHaveLength(2);
      expect(first.totalPages).toBe(Math.ceil(first.total / 2));
      expect(first.list.map((item) => item.id)).not.toContain(second.list[0]?.id);
      expect(first.unreadCount).toBeGreaterThan(0);
      expect(first.list.every((item) => typeof item.read === 'boolean')).toBe(true);
      const open = valueOf(successEnvelope(noticePage), await get(API.notice, visitor));
      expect(open.unreadCount).toBeUndefined();
      expect(open.list.every((item) => item.read === undefined)).toBe(true);
      for (const query of [
        { pageNo: '0' },
        { pageSize: '101' },
        { pageNo: 'x' },
        { pageSize: '-3' },
      ] as Record<string, string>[])
        expectFailure(await get(API.notice, visitor, query), 400, 'INVALID_INPUT');
    });

    it('answers the popular announcements for the marquee with a plain-text summary', async () => {
      const { list: items } = valueOf(
        successEnvelope(popularAnnouncements),
        await get(API.popularAnnouncements, alice),
      );
      expect(items.length).toBeGreaterThanOrEqual(3);
      for (const item of items) {
        expect(item.popular).toBe(true);
        expect(item.read).toBeUndefined();
        expect(item.summary).not.toMatch(/[<>]/);
        expect(item.content).toMatch(/<p>/);
      }
    });
  });

  describe('inbox', () => {
    const page = async (caller: Caller, query: Record<string, string> = {}) =>
      valueOf(successEnvelope(inboxPage), await get(API.inboxList, caller, query));
    const unread = async (caller: Caller) =>
      valueOf(successEnvelope(inboxUnreadCount), await get(API.inboxUnreadCount, caller));
    const open = (caller: Caller, messageId: string | number) =>
      get(API.inboxMessage, caller, { messageId: String(messageId) });
    const remove = (caller: Caller, messageId: unknown) =>
      call(app, API.deleteInboxMessage, caller, { payload: { messageId } });

    it('greets a new member with welcome messages, unread, newest first', async () => {
      expect(await unread(alice)).toEqual({ unreadCount: 3, offered: true });
      const value = await page(alice);
      expect(value.total).toBe(3);
      expect(value.unreadCount).toBe(3);
      expect(value.list[0]?.title).toBe('Welcome to Kim Long!');
      expect(value.list.every((message) => !message.read)).toBe(true);
      expect((await page(alice, { lang: 'vi' })).list[0]?.title).toBe('Chào mừng đến với Kim Long!');
      // Asking again gives nothing twice.
      expect((await page(alice)).total).toBe(3);
    });

    it('opens a message, marking it read, and the count drops', async () => {
      const [first] = (await page(alice)).list;
      if (!first) throw new Error('empty inbox');
      const opened = valueOf(successEnvelope(inboxMessage), await open(alice, first.id));
      expect(opened).toMatchObject({ id: first.id, read: true, title: first.title });
      expect((await unread(alice)).unreadCount).toBe(2);
      valueOf(successEnvelope(inboxMessage), await open(alice, first.id));
      expect((await unread(alice)).unreadCount).toBe(2);
    });

    it('never shows, opens or deletes another member’s message', async () => {
      const aliceIds = (await page(alice)).list.map((message) => message.id);
      const bobIds = (await page(bob)).list.map((message) => message.id);
      expect(bobIds.some((id) => aliceIds.includes(id))).toBe(false);
      const target = aliceIds[1] ?? 0;
      expectFailure(await open(bob, target), 404, 'NOT_FOUND');
      expectFailure(await remove(bob, target), 404, 'NOT_FOUND');
      expect((await page(alice)).list.map((message) => message.id)).toContain(target);
    });

    it('deletes a message (again succeeds) and it leaves the list and the count', async () => {
      const before = await page(bob);
      const target = before.list.find((message) => !message.read);
      if (!target) throw new Error('no unread message');
      const deleted = valueOf(successEnvelope(inboxDeleteResult), await remove(bob, target.id));
      expect(deleted).toEqual({ messageId: target.id, deleted: true, unreadCount: before.unreadCount - 1 });
      const after = await page(bob);
      expect(after.list.map((message) => message.id)).not.toContain(target.id);
      expect(after.total).toBe(before.total - 1);
      expect((await remove(bob, target.id)).statusCode).toBe(200);
      expectFailure(await open(bob, target.id), 404, 'NOT_FOUND');
      // A deleted welcome message does not come back.
      expect((await page(bob)).total).toBe(before.total - 1);
    });

    it('pages', async () => {
      const first = await page(alice, { pageNo: '1', pageSize: '2' });
      const second = await page(alice, { pageNo: '2', pageSize: '2' });
      expect(first).toMatchObject({ pageNum: 1, totalPages: 2, total: 3 });
      expect(first.list).toHaveLength(2);
      expect(second.list).toHaveLength(1);
      expect((await page(alice, { pageNo: '9' })).list).toEqual([]);
    });

    it('answers bad paging and ids with 4xx, never 500', async () => {
      for (const query of [
        { pageNo: '0' },
        { pageSize: '0' },
        { pageSize: '1000' },
        { pageNo: 'one' },
      ] as Record<string, string>[])
        expectFailure(await get(API.inboxList, alice, query), 400, 'INVALID_INPUT');
      for (const id of ['abc', '0', '-1', '1.5', '9999999999999999999'])
        expectFailure(await open(alice, id), 400, 'INVALID_INPUT');
      for (const messageId of ['abc', 0, -2, null, undefined, 1.5])
        expectFailure(await remove(alice, messageId), 400, 'INVALID_INPUT');
      expectFailure(await open(alice, 999_999_999), 404, 'NOT_FOUND');
    });

    it('refuses visitors and trial members (free_reject); a trial member has no count', async () => {
      expectFailure(await get(API.inboxList, visitor), 401, 'NOT_LOGGED_IN');
      expectFailure(await get(API.inboxUnreadCount, visitor), 401, 'NOT_LOGGED_IN');
      const refused = await get(API.inboxList, trial);
      expectFailure(refused, 403, 'FEATURE_NOT_ENABLED');
      expect(json(refused)).toMatchObject({ value: { reason: 'free_reject' } });
      expectFailure(await open(trial, 1), 403, 'FEATURE_NOT_ENABLED');
      expectFailure(await remove(trial, 1), 403, 'FEATURE_NOT_ENABLED');
      expect(await unread(trial)).toEqual({ unreadCount: 0, offered: false });
    });

    it('carries the INBOX3 module id', async () => {
      const response = await get(API.inboxUnreadCount, alice);
      expect(response.headers['x-module-id']).toBe('INBOX3');
      expect(response.headers['cache-control']).toBe('private, no-store');
    });
  });

  describe('help centre', () => {
    const centre = async (query: Record<string, string>) =>
      valueOf(successEnvelope(helpCentre), await get(API.helpCentre, visitor, query));

    it('answers the topics with their items for MOBILE in Vietnamese and English', async () => {
      const vi = await centre({ device: 'MOBILE', lang: 'vi' });
      expect(vi.topics.map((topic) => topic.tag)).toEqual([
        'faq',
        'deposit',
        'withdraw',
        'responsible',
        'terms',
        'privacy',
        'about',
      ]);
      expect(vi.topics.find((topic) => topic.tag === 'deposit')?.name).toBe('Hướng dẫn nạp tiền');
      const en = await centre({ device: 'mobile', lang: 'EN' });
      expect(en).toMatchObject({ lang: 'en', device: 'MOBILE' });
      expect(en.topics.find((topic) => topic.tag === 'deposit')?.name).toBe('How to deposit');
      for (const topic of en.topics) for (const item of topic.items) expect(item.tag).toBe(topic.tag);
    });

    it('answers one topic by tag, terms included; an unknown tag has none', async () => {
      const terms = await centre({ tag: 'terms' });
      expect(terms.topics).toHaveLength(1);
      expect(terms.topics[0]?.tag).toBe('terms');
      expect(terms.topics[0]?.items.length).toBeGreaterThan(0);
      expect(terms.topics[0]?.items[0]?.content).toMatch(/<h3>/);
      expect((await centre({ tag: 'nothing' })).topics).toEqual([]);
    });

    it('keeps HTML as written, including what a sanitiser must remove', async () => {
      const [row] = await database.current.db
        .select({ id: helpItemTable.id })
        .from(helpItemTable)
        .where(eq(helpItemTable.key, UNSAFE_HELP_ITEM_KEY));
      const item = valueOf(
        successEnvelope(helpItem),
        await get(API.helpItem, visitor, { itemId: String(row?.id ?? 0), lang: 'vi' }),
      );
      expect(item.tag).toBe('faq');
      expect(item.content).toContain('<script>');
      expect(item.content).toContain('onerror=');
    });

    it('answers bad queries and ids with 4xx', async () => {
      expectFailure(await get(API.helpCentre, visitor, { device: 'TV' }), 400, 'INVALID_INPUT');
      expectFailure(await get(API.helpCentre, visitor, { lang: 'fr' }), 400, 'INVALID_INPUT');
      expectFailure(await get(API.helpCentre, visitor, { tag: '<script>' }), 400, 'INVALID_INPUT');
      expectFailure(await get(API.helpItem, visitor, { itemId: 'x' }), 400, 'INVALID_INPUT');
      expectFailure(await get(API.helpItem, visitor), 400, 'INVALID_INPUT');
      expectFailure(await get(API.helpItem, visitor, { itemId: '999999' }), 404, 'NOT_FOUND');
    });
  });

  describe('service and footer links', () => {
    it('answers every csType and resourceType with the three social links', async () => {
      const value = valueOf(successEnvelope(serviceLinks), await get(API.service, visitor));
      expect(value.customerService.map((link) => link.csType).sort()).toEqual([...CS_TYPES].sort());
      expect(value.resources.map((link) => link.resourceType).sort()).toEqual([...RESOURCE_TYPES].sort());
      expect(value.socialLinks.map((link) => link.type)).toEqual(['Facebook', 'Telegram', 'Telegram2']);
      for (const link of value.socialLinks) expect(link.url).toMatch(/^https:\/\//);
    });

    it('answers partner logos and badges whose pictures are served', async () => {
      const value = valueOf(
        successEnvelope(footerLinks),
        await get(API.footerLinks, visitor, { lang: 'vi' }),
      );
      expect(value.partners.length).toBeGreaterThanOrEqual(3);
      expect(value.badges.map((badge) => badge.name)).toContain('Chơi có trách nhiệm');
      for (const logo of [...value.partners, ...value.badges]) {
        const response = await app.inject({ url: logo.logoUrl });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      }
      expectFailure(await app.inject({ url: '/api/content/link-art/999999.svg' }), 404, 'NOT_FOUND');
    });
  });

  describe('head icon', () => {
    it('answers a default icon, then the chosen one, per member', async () => {
      const before = valueOf(successEnvelope(headIcon), await get(API.headIcon, alice));
      expect(before.chosen).toBe(false);
      expect(before.choices).toHaveLength(HEAD_ICON_COUNT);
      const pick = before.headIconId === 5 ? 6 : 5;
      const set = valueOf(
        successEnvelope(headIcon),
        await call(app, API.setHeadIcon, alice, { payload: { headIconId: pick } }),
      );
      expect(set).toMatchObject({ headIconId: pick, chosen: true });
      expect(valueOf(successEnvelope(headIcon), await get(API.headIcon, alice))).toMatchObject({
        headIconId: pick,
        chosen: true,
      });
      expect(valueOf(successEnvelope(headIcon), await get(API.headIcon, bob)).chosen).toBe(false);
      const trialIcon = await call(app, API.setHeadIcon, trial, { payload: { headIconId: 2 } });
      expect(trialIcon.statusCode).toBe(200);
      expect(trialIcon.headers['x-module-id']).toBe('PROFPIC3');
    });

    it('serves every avatar as WebP, 192 pixels wide, and its drawing as SVG', async () => {
      const { url, choices } = valueOf(successEnvelope(headIcon), await get(API.headIcon, bob));
      expect(url).toMatch(/^\/api\/content\/avatars\/[0-9]+\.webp\?v=/);
      for (const choice of choices) {
        const response = await app.inject({ url: choice.url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['cache-control']).toContain('immutable');
        const source = await app.inject({ url: choice.url.replace('.webp', '.svg') });
        expect(source.body).toContain('<svg');
      }
      const picture = await sharp((await app.inject({ url: choices[0]?.url ?? '' })).rawPayload).metadata();
      expect(picture).toMatchObject({ format: 'webp', width: 192, height: 192 });
      expectFailure(await app.inject({ url: '/api/content/avatars/13.svg' }), 404, 'NOT_FOUND');
      expectFailure(await app.inject({ url: '/api/content/avatars/13.webp' }), 404, 'NOT_FOUND');
    });

    it('refuses visitors and ids outside the set', async () => {
      expectFailure(await get(API.headIcon, visitor), 401, 'NOT_LOGGED_IN');
      for (const headIconId of [0, HEAD_ICON_COUNT + 1, 'x', null])
        expectFailure(
          await call(app, API.setHeadIcon, alice, { payload: { headIconId } }),
          400,
          'INVALID_INPUT',
        );
    });
  });
});

describe('plainSummary', () => {
  it('drops markup, scripts and styles, decodes entities and keeps one line', () => {
    expect(
      plainSummary('<p>Xin <b>chào</b>&nbsp;&amp; hẹn gặp lại</p><script>alert(1)</script><p>Tạm biệt</p>'),
    ).toBe('Xin chào & hẹn gặp lại Tạm biệt');
    expect(plainSummary('a &lt;b&gt; &#39;c&#x27;')).toBe("a <b> 'c'");
    expect(plainSummary('x'.repeat(400))).toHaveLength(300);
  });
});
