import { describe, expect, it } from 'vitest';
import {
  CATEGORY_SORTING,
  gameSearchQuery,
  hotGamesLanguage,
  launchRouteOf,
  lotteryLaunchPath,
  maskCustomerName,
  prizeModeOf,
  splitFromSports,
} from './games.ts';

describe('launch routing (product.md §5)', () => {
  const slot = { vassalage: 'LOTUS', gameType: 'RNG' as const, fromVendor: false };
  it('TCG_LOTTO_VN → lottery, prize mode Elott', () => {
    expect(
      launchRouteOf({ vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT', fromVendor: false }, 'Lott'),
    ).toEqual({
      kind: 'lottery',
      rule: 'lottoVn',
      playType: 'trad',
      prizeMode: 'Elott',
    });
  });
  it('TCG_SEA → lottery, prize mode SEA', () => {
    expect(
      launchRouteOf({ vassalage: 'TCG_SEA', gameType: 'LOTT', fromVendor: false }, 'Elott'),
    ).toMatchObject({
      rule: 'sea',
      prizeMode: 'SEA',
    });
  });
  it('LOTT / ELOTT → lottery with the prize mode; ent when lottoMode contains Entertainment', () => {
    const lott = { vassalage: 'TCG', gameType: 'LOTT' as const, fromVendor: false };
    expect(launchRouteOf({ ...lott, lottoMode: 'Tradition' }, 'Lott')).toMatchObject({
      playType: 'trad',
      prizeMode: 'Lott',
    });
    expect(launchRouteOf({ ...lott, lottoMode: 'Tradition,Entertainment' }, 'Elott')).toMatchObject({
      playType: 'ent',
      prizeMode: 'Elott',
    });
  });
  it('a list-first vendor tile → its game list', () => {
    expect(launchRouteOf({ ...slot, fromVendor: true }, 'Lott')).toEqual({
      kind: 'gameList',
      rule: 'listFirst',
      gameType: 'RNG',
      vassalage: 'LOTUS',
    });
  });
  it('others launch directly: supportPlay 0 from a list, 1 from a vendor', () => {
    expect(launchRouteOf(slot, 'Lott')).toEqual({ kind: 'direct', rule: 'direct', supportPlay: 0 });
    expect(launchRouteOf({ vassalage: 'SAIGON', gameType: 'LIVE', fromVendor: true }, 'Lott')).toMatchObject({
      supportPlay: 1,
    });
  });
  it('prize mode is Elott when the ELOTT mapping contains TCG_LOTTO_VN or LOTT', () => {
    expect(prizeModeOf({ ELOTT: { vendors: ['TCG_LOTTO_VN'], gameClassify: [] } })).toBe('Elott');
    expect(prizeModeOf({ ELOTT: { vendors: ['LOTT'], gameClassify: [] } })).toBe('Elott');
    expect(prizeModeOf({ ELOTT: { vendors: ['VRL'], gameClassify: [] } })).toBe('Lott');
    expect(prizeModeOf({})).toBe('Lott');
  });
  it('writes the /m/launchGame address of product.md §2', () => {
    expect(
      lotteryLaunchPath({
        playType: 'ent',
        gameId: '1001',
        gameGroupId: 'VN_SOUTH',
        prizeMode: 'Elott',
        pageBack: 'home',
      }),
    ).toBe(
      '/m/launchGame?playType=ent&gameId=1001&gameGroupId=VN_SOUTH&prize_mode=Elott&code=1001&pageBack=home',
    );
  });
});

describe('game helpers', () => {
  it('sends language UR as EN to hot games', () => {
    expect(hotGamesLanguage('UR')).toBe('EN');
    expect(hotGamesLanguage('VI')).toBe('VI');
  });
  it('masks winner names', () => {
    expect(maskCustomerName('nguyenvan123')).toBe('ng***3');
    expect(maskCustomerName('abc')).toBe('a***');
  });
  it('search query: defaults, limits', () => {
    expect(gameSearchQuery.parse({})).toMatchObject({ pageNo: 1, pageSize: 9 });
    expect(gameSearchQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(gameSearchQuery.parse({ isNew: '1', language: 'vi' })).toMatchObject({
      isNew: true,
      language: 'VI',
    });
  });
});

describe('splitFromSports (product.md §4, §9)', () => {
  it('moves the e-sports and cockfight codes out of sports, and nothing else', () => {
    expect(['IMES', 'TF', 'IA'].map((code) => splitFromSports('SPORTS', code))).toEqual([
      'ESPORTS',
      'ESPORTS',
      'ESPORTS',
    ]);
    expect(['DS88', 'WS168', 'DIG', 'SV3'].map((code) => splitFromSports('SPORTS', code))).toEqual(
      Array(4).fill('COCKFIGHT'),
    );
    expect(splitFromSports('SPORTS', 'ARENA')).toBe('SPORTS');
    expect(splitFromSports('LIVE', 'TF')).toBe('LIVE');
  });

  it('sorts cockfight after PVP and e-sports after ELOTT', () => {
    expect(CATEGORY_SORTING.indexOf('COCKFIGHT')).toBe(CATEGORY_SORTING.indexOf('PVP') + 1);
    expect(CATEGORY_SORTING.indexOf('ESPORTS')).toBe(CATEGORY_SORTING.indexOf('ELOTT') + 1);
  });
});
