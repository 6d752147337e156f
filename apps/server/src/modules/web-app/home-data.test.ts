import { describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../platform/errors.ts';
import { createHomeData, type HomeServices } from './home-data.ts';

/**
 * The in-process calls of the pages the server renders (home, the game list, the lottery list): their
 * failures, as the API answers them (the answers themselves are compared with the API's in
 * home-rendering.test.ts): the server module leaves a failed call out of the page.
 */

const never = () => Promise.reject(new Error('not asked'));

function homeData(overrides: Partial<HomeServices> = {}) {
  const services: HomeServices = {
    merchantCode: 'KL',
    statusService: { getSystemStatus: never },
    contentService: { banners: never, popular: never },
    gamesService: { vendorStructure: never, hot: never, search: never },
    lotteryService: { games: never },
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
      contentService: { banners, popular: never },
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
