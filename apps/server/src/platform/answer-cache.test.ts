import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { IN_HOUSE_VENDOR } from '@kl/contracts/games';
import { SYSTEM_STATUS } from '@kl/contracts/status';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { call, freshIp } from '../test/accounts.ts';
import { answerValue } from '../test/answers.ts';
import { buildTestApp } from '../test/app.ts';
import { useBackOfficeSuite } from '../test/back-office.ts';
import { describeEachDatabase } from '../test/databases.ts';

/**
 * Answers the same for everyone kept in memory (docs/decisions/022-api-caching.md): kept until an
 * operator's change, in this process and in another one on the same database, and sent with an ETag
 * and the Cache-Control of who may keep them.
 */
describeEachDatabase('answers kept in memory', { embedded: true }, (kind) => {
  const { suite, operators, request, value } = useBackOfficeSuite(
    kind,
    { owner: 'owner', editor: 'content' },
    { config: { answerCache: true } },
  );
  /** A second process of the site on the same database. */
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildTestApp(suite.database.current, {
      clock: suite.time.clock,
      config: { answerCache: true },
    });
  });
  afterAll(() => other.close());

  const ip = freshIp();
  const statusIn = async (app: FastifyInstance) =>
    answerValue(API.status, await call(app, API.status, { ip }));
  const setMaintenance = async (maintenance: boolean) => {
    const response = await request(adminCalls.adminSetSiteStatus, operators.owner, {
      payload: { maintenance, maintenanceUntil: null, regionRestriction: false, allowedCountries: [] },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const marquee = async (app: FastifyInstance) =>
    answerValue(
      API.popularAnnouncements,
      await call(app, API.popularAnnouncements, { ip }, { query: { lang: 'en' } }),
    ).list.map((item) => item.title);

  it("keeps the status until the operator's change, which both processes see without a restart", async () => {
    expect(await statusIn(suite.app)).toMatchObject({ status: SYSTEM_STATUS.normal, maintenance: false });
    expect(await statusIn(other)).toMatchObject({ maintenance: false });

    // A change behind the site's back (not through the back office) is not seen: the answer is kept.
    await suite.setMerchant({ maintenance: true });
    expect(await statusIn(suite.app)).toMatchObject({ maintenance: false });
    await suite.setMerchant({ maintenance: false });

    await setMaintenance(true);
    expect(await statusIn(suite.app)).toMatchObject({ status: SYSTEM_STATUS.maintenance, maintenance: true });
    // The other process hears it through the database (LISTEN/NOTIFY).
    await vi.waitFor(async () => expect(await statusIn(other)).toMatchObject({ maintenance: true }));

    await setMaintenance(false);
    expect(await statusIn(suite.app)).toMatchObject({ status: SYSTEM_STATUS.normal });
    await vi.waitFor(async () => expect(await statusIn(other)).toMatchObject({ maintenance: false }));
  });

  it("shows a visitor the operator's new announcement in both processes", async () => {
    const before = await marquee(suite.app);
    expect(await marquee(other)).toEqual(before);
    const title = { vi: 'Tin mới trong bộ nhớ', en: 'News past the kept answer' };
    const created = await request(adminCalls.adminCreateAnnouncement, operators.editor, {
      payload: { type: 'PL', title, content: { vi: '<p>Nội dung</p>' }, popular: true },
    });
    expect(created.statusCode, created.body).toBe(200);

    expect(await marquee(suite.app)).toContain(title.en);
    await vi.waitFor(async () => expect(await marquee(other)).toContain(title.en));
  });

  it('lists the game an operator makes hot, in both processes', async () => {
    const hotIds = async (app: FastifyInstance) =>
      answerValue(
        API.hotGames,
        await call(app, API.hotGames, { ip }, { query: { vassalage: IN_HOUSE_VENDOR } }),
      ).list.map((game) => game.gameId);
    const page = await value(adminCalls.adminGames, operators.owner, {
      query: { vassalage: IN_HOUSE_VENDOR, enabled: 'true', pageSize: '50' },
    });
    const before = await hotIds(suite.app);
    expect(await hotIds(other)).toEqual(before);
    const cold = page.list.find((game) => !game.hot);
    if (!cold) throw new Error('every listed game is hot already');

    const changed = await request(adminCalls.adminUpdateGame, operators.owner, {
      params: { id: cold.id },
      payload: { hot: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await hotIds(suite.app)).toContain(cold.gameId);
    await vi.waitFor(async () => expect(await hotIds(other)).toContain(cold.gameId));
  });

  it('sends a strong ETag and who may keep the answer, and 304 when the caller has it', async () => {
    const banners = await call(suite.app, API.banners, { ip }, { query: { lang: 'vi' } });
    expect(banners.statusCode).toBe(200);
    const tag = banners.headers.etag;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(banners.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=600');
    expect(banners.headers.vary).toContain('Accept-Language');

    const again = await suite.app.inject({
      method: 'GET',
      url: `${API.banners.path}?lang=vi`,
      headers: { 'if-none-match': String(tag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['x-module-id']).toBe(banners.headers['x-module-id']);
    // Another language is another answer, with another tag.
    const english = await call(suite.app, API.banners, { ip }, { query: { lang: 'en' } });
    expect(english.headers.etag).not.toBe(tag);

    // The status names the caller's address: browsers keep it, shared caches do not.
    const status = await call(suite.app, API.status, { ip });
    expect(status.headers['cache-control']).toBe('private, no-cache');
    const unchanged = await suite.app.inject({
      method: 'GET',
      url: API.status.path,
      remoteAddress: ip,
      headers: { 'if-none-match': `"other", ${String(status.headers.etag)}` },
    });
    expect(unchanged.statusCode).toBe(304);

    // After the operator's change the old tag no longer matches: the new answer comes whole.
    await setMaintenance(true);
    const changed = await suite.app.inject({
      method: 'GET',
      url: API.status.path,
      remoteAddress: ip,
      headers: { 'if-none-match': String(status.headers.etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(status.headers.etag);
    await setMaintenance(false);
  });

  it('answers a member their own announcements, never kept for visitors', async () => {
    const member = await suite.newMember();
    const visitor = await call(suite.app, API.announcements, { ip });
    const mine = await call(suite.app, API.announcements, member.caller);
    expect(visitor.headers['cache-control']).toMatch(/^public/);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(answerValue(API.announcements, mine)).toHaveProperty('unreadCount');
    expect(answerValue(API.announcements, visitor)).not.toHaveProperty('unreadCount');
  });
});
