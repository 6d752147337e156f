import { describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../platform/errors.ts';
import { createHomeData, type HomeServices } from './home-data.ts';

/**
 * The in-process calls of the pages the server sends (home, the game list, the lottery list; the status and
 * a member's first answers in every other page): their failures, as the API answers them (the answers
 * themselves are compared with the API's in home-rendering.test.ts): the server module leaves a failed
 * call out of the page.
 */

const never = () => Promise.reject(new Error('not asked'));

function homeData(overrides: Partial<HomeServices> = {}) {
  const services: HomeServices = {
    merchantCode: 'KL',
    statusService: { getSystemStatus: never },
    contentService: { banners: never, popular: never, headIcon: never, inboxUnreadCount: never },
    gamesService: { vendorStructure: never, hot: never, search: never },
    lotteryService: { games: never },
    memberService: { memberInfo: never },
    ledgerService: { balanceOf: never },
    ...overrides,
  };
  const log = { error: vi.fn() };
  return { get: createHomeData(services), log };
}

describe('home data in-process', () => {
  it('answers 404 NOT_FOUND for a call that is not one of the first screens', async () => {
    const { get, log } = homeData();
    const answer = await get('/api/inbox', {}, { ip: '1.2.3.4', log });
    expect(answer).toMatchObject({ status: 404, body: { success: false, code: 'NOT_FOUND' } });
  });

  it('answers 400 INVALID_INPUT for a query the call refuses, in the language asked', async () => {
    const { get, log } = homeData();
    const answer = await get(
      '/api/banners?groupName=nowhere',
      { 'Accept-Language': 'en' },
      { ip: '1.2.3.4', log },
    );
    expect(answer).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_INPUT' } });
  });

  it('passes the query, the language and the address to the services as the routes do', async () => {
    const banners = vi.fn(() => Promise.resolve({ list: [] }));
    const getSystemStatus = vi.fn(never);
    const { get, log } = homeData({
      contentService: { banners, popular: never, headIcon: never, inboxUnreadCount: never },
      statusService: { getSystemStatus },
    });
    expect(await get('/api/banners', { 'Accept-Language': 'en' }, { ip: '1.2.3.4', log })).toEqual({
      status: 200,
      body: { success: true, value: { list: [] } },
    });
    await get('/api/banners?groupName=m_home&lang=vi', { 'Accept-Language': 'en' }, { ip: '1.2.3.4', log });
    expect(banners.mock.calls).toEqual([
      ['KL', undefined, 'en'],
      ['KL', 'm_home', 'vi'],
    ]);
    await get('/api/status', {}, { ip: '1.2.3.4', log });
    expect(getSystemStatus).toHaveBeenCalledWith('KL', '1.2.3.4');
  });

  it("passes the game list's search to the games service, parsed as its route parses it", async () => {
    const answer = { games: [], pageNum: 1, totalPages: 0, total: 0 };
    const search = vi.fn(() => Promise.resolve(answer));
    const { get, log } = homeData({ gamesService: { vendorStructure: never, hot: never, search } });
    const url = '/api/games/search?platform=html5&language=EN&gameType=FISH&pageNo=1&pageSize=25';
    expect(await get(url, {}, { ip: '1.2.3.4', log })).toEqual({
      status: 200,
      body: { success: true, value: answer },
    });
    expect(search).toHaveBeenCalledWith(
      'KL',
      expect.objectContaining({ gameType: 'FISH', pageNo: 1, pageSize: 25, language: 'EN' }),
    );
  });

  it("passes the lottery list's category to the lottery service, and none when the page asks for all", async () => {
    const answer = { serverTime: '2026-12-03T10:00:00.000Z', list: [] };
    const games = vi.fn(() => Promise.resolve(answer));
    const { get, log } = homeData({ lotteryService: { games } });
    expect(await get('/api/lottery/games', {}, { ip: '1.2.3.4', log })).toEqual({
      status: 200,
      body: { success: true, value: answer },
    });
    expect(games).toHaveBeenLastCalledWith('KL', undefined);
    await get('/api/lottery/games?category=ELOTT', {}, { ip: '1.2.3.4', log });
    expect(games).toHaveBeenLastCalledWith('KL', 'ELOTT');
    const refused = await get('/api/lottery/games?category=KENO', {}, { ip: '1.2.3.4', log });
    expect(refused).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_INPUT' } });
  });

  it("answers a member's call for the page's member only, and 401 NOT_LOGGED_IN without one, as the guard does", async () => {
    const member = {
      memberId: 'm-1',
      sessionId: 's-1',
      username: 'lan88',
      merchantCode: 'KL',
      type: 1,
      firstTimeLogin: false,
      expiresAt: new Date('2099-01-01T00:00:00Z'),
    };
    const balanceOf = vi.fn(() =>
      Promise.resolve({ available: 150_000n, held: 20_000n, currency: 'VND', decimals: 0, demo: false }),
    );
    const inboxUnreadCount = vi.fn(() => Promise.resolve({ offered: true, unreadCount: 2 }));
    const { get, log } = homeData({
      ledgerService: { balanceOf },
      contentService: { banners: never, popular: never, headIcon: never, inboxUnreadCount },
    });
    for (const url of [
      '/api/member/info',
      '/api/member/head-icon',
      '/api/wallet',
      '/api/inbox/unread-count',
    ]) {
      const refused = await get(url, {}, { ip: '1.2.3.4', log });
      expect(refused, url).toMatchObject({ status: 401, body: { success: false, code: 'NOT_LOGGED_IN' } });
      expect(await get(url, {}, { ip: '1.2.3.4', member: null, log }), url).toMatchObject({ status: 401 });
    }
    expect(balanceOf).not.toHaveBeenCalled();

    const wallet = await get('/api/wallet', {}, { ip: '1.2.3.4', member, log });
    expect(wallet).toMatchObject({ status: 200, body: { success: true, value: { sumBalance: 150_000 } } });
    expect(balanceOf).toHaveBeenCalledWith({ merchantCode: 'KL', memberId: 'm-1' });
    expect(await get('/api/inbox/unread-count', {}, { ip: '1.2.3.4', member, log })).toEqual({
      status: 200,
      body: { success: true, value: { offered: true, unreadCount: 2 } },
    });
    expect(inboxUnreadCount).toHaveBeenCalledWith(member);
  });

  it("answers a service's refusal with its code, and an unexpected failure with SYSTEM_ERROR, logged", async () => {
    const { get, log } = homeData({
      gamesService: {
        vendorStructure: () => Promise.reject(new DomainError('FEATURE_NOT_ENABLED')),
        hot: () => Promise.reject(new Error('database gone')),
        search: never,
      },
    });
    const refused = await get('/api/games/vendors', {}, { ip: '1.2.3.4', log });
    expect(refused).toMatchObject({ status: 403, body: { success: false, code: 'FEATURE_NOT_ENABLED' } });
    expect(log.error).not.toHaveBeenCalled();
    const failed = await get('/api/games/hot?platform=html5', {}, { ip: '1.2.3.4', log });
    expect(failed).toMatchObject({ status: 500, body: { success: false, code: 'SYSTEM_ERROR' } });
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
