import * as realAccountChecks from '@kl/contracts/account-checks';
import * as realAccounts from '@kl/contracts/accounts';
import * as realAgentContracts from '@kl/contracts/agent-contracts';
import * as realContent from '@kl/contracts/content';
import * as realGames from '@kl/contracts/games';
import * as realLottery from '@kl/contracts/lottery';
import * as realPaging from '@kl/contracts/paging';
import * as realPlatform from '@kl/contracts/platform';
import * as realResponsibleGaming from '@kl/contracts/responsible-gaming';
import * as realStatus from '@kl/contracts/status';
import * as realWagering from '@kl/contracts/wagering';
import * as realWallet from '@kl/contracts/wallet';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z as realZod } from 'zod';
import {
  DEFAULT_BANNERS,
  DEFAULT_FOOTER,
  createAnnouncement,
  createVendorStructure,
} from '../../features/home/testing/fake-home.ts';
import { fakeContract } from '../../features/agent/testing/fake-agent.ts';
import { rgSettings } from '../../features/responsible-gaming/testing/fake-responsible-gaming.ts';
import { betOf, fakeDraw, fakeResult, lotteryGame } from '../../features/lottery/testing/fake-lottery.ts';
import { createGame } from '../../test/fake-games.ts';
import { createSystemStatus } from '../../test/factories.ts';
import { captchaOf, rulesOf } from '../../test/fake-accounts.ts';
import { memberInfoOf, sessionOf } from '../../test/fake-data.ts';
import { z as lightZod } from './light-zod.ts';

/**
 * The browser build gives the contracts' content, games, status, platform and lottery modules light-zod.ts
 * instead of zod, and the lottery module copies of wallet and paging built the same way
 * (light-zod-plugin.ts). Here the same modules are loaded both ways and every schema they export
 * (and every request and response schema of their API tables) parses the same values to the same result:
 * valid answers of home's calls, each of them broken one field at a time, and odd values.
 */
type Parser = { safeParse: (value: unknown) => { success: boolean; data?: unknown } };
type Modules = Record<string, Record<string, unknown>>;

const REAL: Modules = {
  content: realContent,
  games: realGames,
  status: realStatus,
  platform: realPlatform,
  lottery: realLottery,
  wallet: realWallet,
  accounts: realAccounts,
  accountChecks: realAccountChecks,
  agentContracts: realAgentContracts,
  wagering: realWagering,
  responsibleGaming: realResponsibleGaming,
  paging: { page: realZod.object(realPaging.pageParams({ default: 20, max: 100 })) },
};
let light: Modules;

beforeAll(async () => {
  vi.resetModules();
  vi.doMock('zod', () => import('./light-zod.ts'));
  light = {
    content: await import('@kl/contracts/content'),
    games: await import('@kl/contracts/games'),
    status: await import('@kl/contracts/status'),
    platform: await import('@kl/contracts/platform'),
    lottery: await import('@kl/contracts/lottery'),
    wallet: await import('@kl/contracts/wallet'),
    accounts: await import('@kl/contracts/accounts'),
    accountChecks: await import('@kl/contracts/account-checks'),
    agentContracts: await import('@kl/contracts/agent-contracts'),
    wagering: await import('@kl/contracts/wagering'),
    responsibleGaming: await import('@kl/contracts/responsible-gaming'),
    paging: {
      // Built with light-zod here, though typed with zod's types.
      page: lightZod.object(
        (await import('@kl/contracts/paging')).pageParams({ default: 20, max: 100 }) as never,
      ),
    },
  };
  vi.doUnmock('zod');
});

const isParser = (value: unknown): value is Parser =>
  typeof value === 'object' && value !== null && typeof (value as Parser).safeParse === 'function';

/** Every schema of a module by name: its exported schemas and the schemas of its API table's entries. */
function schemasOf(module: Record<string, unknown>): Map<string, Parser> {
  const schemas = new Map<string, Parser>();
  for (const [name, value] of Object.entries(module)) {
    if (isParser(value)) schemas.set(name, value);
    else if (name.endsWith('Calls') && typeof value === 'object' && value !== null)
      for (const [call, entry] of Object.entries(value))
        for (const part of ['response', 'query', 'body'] as const) {
          const schema = (entry as Record<string, unknown>)[part];
          if (isParser(schema)) schemas.set(`${name}.${call}.${part}`, schema);
        }
  }
  return schemas;
}

const parse = (schema: Parser, value: unknown) => {
  const result = schema.safeParse(structuredClone(value));
  return result.success ? { success: true, data: result.data } : { success: false };
};

/** The value, and a copy of it with each field in turn removed or replaced by an odd value. */
function variants(value: unknown): unknown[] {
  const odd = [undefined, null, '', 'x', '1', 0, -1, 1.5, 2 ** 60, true, [], {}];
  const out: unknown[] = [value];
  const walk = (node: unknown, change: (replacement: unknown, remove?: boolean) => unknown) => {
    if (Array.isArray(node)) {
      node.slice(0, 2).forEach((item, index) =>
        walk(item, (replacement, remove) => {
          const copy = [...node];
          if (remove) copy.splice(index, 1);
          else copy[index] = replacement;
          return change(copy);
        }),
      );
    } else if (typeof node === 'object' && node !== null) {
      for (const key of Object.keys(node)) {
        const record = node as Record<string, unknown>;
        walk(record[key], (replacement, remove) => {
          const copy = { ...record };
          if (remove) delete copy[key];
          else copy[key] = replacement;
          return change(copy);
        });
      }
      out.push(change({ ...node, unexpected: 1 }));
    }
    for (const replacement of odd) out.push(change(replacement));
    out.push(change(undefined, true));
  };
  walk(value, (replacement) => replacement);
  return out;
}

const game = createGame(1);
const draw = fakeDraw('20261121-0001', 45_000);
const result = fakeResult('20261121-0000', '54321');
const onePage = { pageNum: 1, totalPages: 1, total: 1 };
const summary = (next: typeof draw | null) => {
  const {
    betTypes: _betTypes,
    prizeMode: _prizeMode,
    maxPerDraw: _max,
    openDraw: _open,
    serverTime: _time,
    ...rest
  } = lotteryGame(next);
  return rest;
};
const dailySummary = {
  ...summary(draw),
  code: 'MB',
  category: 'LOTT',
  schedule: { kind: 'daily', weekdays: [0, 1, 6], drawTime: '18:15', stations: { '1': 'Hà Nội' } },
};
const requirement = {
  ...{ id: 7, source: 'bonus', status: 'active', promotionId: 3, promotionTitle: 'Thưởng nạp đầu' },
  ...{ required: 5_000_000, progress: 1_000_000, locked: 250_000, lockedBonus: 100_000 },
  ...{ createdAt: '2030-03-01T08:00:00.000Z', closedAt: null },
};
const transaction = {
  ...{ id: '42', kind: 'bet', amount: 27_000, currency: 'VND', availableChange: -27_000, heldChange: 0 },
  ...{
    balanceAfter: 973_000,
    reference: 'lottery:1',
    reverses: null,
    game: null,
    createdAt: new Date().toISOString(),
  },
};
const SAMPLES: Record<string, unknown[]> = {
  'status.systemStatus': [
    createSystemStatus(),
    createSystemStatus({
      status: 1,
      maintenance: true,
      maintenanceUntil: '2030-01-02T03:04:05+07:00',
    } as never),
  ],
  'status.statusCalls.status.response': [createSystemStatus()],
  'content.bannerList': [{ list: DEFAULT_BANNERS }],
  'content.popularAnnouncements': [{ list: [createAnnouncement(1), createAnnouncement(2)] }],
  'content.footerLinks': [DEFAULT_FOOTER],
  'games.game': [game, createGame(2, { supportPlay: 0 } as never)],
  'games.vendorStructure': [createVendorStructure(3)],
  'games.gameListResult': [{ list: [game, createGame(3)] }],
  'games.gameSearchQuery': [
    { gameType: 'RNG', pageNo: '2', pageSize: '25', isNew: '1', gameName: '  Dragon ' },
    { platform: 'html5', language: 'en' },
  ],
  'games.hotGamesQuery': [{ platform: 'html5', language: 'vi' }],
  'games.winnerBoardQuery': [{ gameCategory: 'RNG', language: 'EN', limitNum: '100' }, {}],
  'content.bannersQuery': [{ lang: 'EN' }, { lang: 'vi' }, {}],
  'content.announcementsQuery': [{ types: 'A, B', pageNo: '1' }],
  'lottery.lotteryGamesResult': [
    { serverTime: new Date().toISOString(), list: [summary(draw), summary(null), dailySummary] },
  ],
  'lottery.lotteryGameDetail': [lotteryGame(draw), lotteryGame(null)],
  'lottery.lotteryResultsPage': [{ list: [fakeResult('20261121', '12345')], ...onePage }],
  'lottery.recentLotteryResult': [
    { list: [{ code: 'ST1', name: 'Siêu Tốc', region: 'MB', category: 'ELOTT', draw: result }] },
  ],
  'lottery.lotteryNumero': [
    { code: 'ST1', draw: result, numbers: ['12345', '01'], special: '12345', heads: [['1'], []] },
    { code: 'ST1', draw: null, numbers: [], special: null, heads: [] },
  ],
  'lottery.lotteryOrdersPage': [
    { list: [betOf(), betOf({ status: 'won', settledAt: draw.drawAt })], ...onePage },
  ],
  'lottery.placeLotteryBetResult': [{ bet: betOf(), balance: 973_000 }],
  'lottery.lotteryOrdersQuery': [{ status: 'open', code: 'ST1', pageNo: '2', pageSize: '50' }, {}],
  'lottery.lotteryGameQuery': [{ code: 'ST1' }, { gameId: '7001', prizeMode: 'Elott' }, {}],
  'lottery.placeLotteryBetRequest': [
    {
      drawId: draw.id,
      betType: 'XIEN2',
      prizeMode: 'Elott',
      selections: [['12', '34']],
      points: 3,
      requestKey: 'k'.repeat(16),
    },
  ],
  'wallet.walletBalance': [
    { sumBalance: 1_000_000, available: 1_000_000, held: 0, currency: 'VND', decimals: 0, demo: false },
  ],
  'wallet.transactionHistoryQuery': [
    { kind: 'deposit, bonus', from: '2030-03-01T00:00:00+07:00', to: '2030-03-02T00:00:00Z', pageNo: '1' },
    { kind: 'deposit,nothing' },
    { kind: ' , ' },
    { from: '2030-03-02T00:00:00Z', to: '2030-03-01T00:00:00Z' },
  ],
  'wallet.transactionHistory': [{ list: [transaction], ...onePage }],
  'accounts.sessionInfo': [sessionOf(0), sessionOf(4)],
  'accounts.memberInfo': [memberInfoOf(), memberInfoOf({ nickname: 'Long', email: 'a@b.vn' })],
  'accounts.registrationRules': [
    rulesOf(),
    rulesOf({ firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' } }),
  ],
  'accounts.captchaChallenge': [captchaOf(1)],
  'accounts.loginPayload': [
    { type: 'username', username: 'player01', password: 'abc12345', captcha: '1234', captchaId: 'c1' },
    { type: 'sms', mobileNum: '0912345678', countryDialingCode: '84', verificationCode: '123456' },
    { type: 'firebase', firebaseChannel: 'google', firebaseIdToken: 't'.repeat(40) },
    { type: 'other', username: 'player01', password: 'abc12345' },
  ],
  'accounts.registrationPayload': [
    { registerMethod: 'H5', username: 'player01', password: 'abc12345', confirmPassword: 'abc12345' },
  ],
  'accounts.accountsCalls.logout.response': [null],
  'accountChecks.usernameCheckResult': [{ available: true }, { available: false }],
  'agentContracts.agentContractAnswer': [
    { contract: fakeContract('salary') },
    { contract: fakeContract('dividend', { status: 'accepted', answeredAt: '2030-03-02T08:00:00.000Z' }) },
    { contract: fakeContract('hourly') },
    { contract: null },
  ],
  'agentContracts.answerContractRequest': [{ contractId: '00000000-0000-4000-8000-000000000001' }],
  'wagering.turnoverSummary': [
    {
      ...{ currency: 'VND', available: 1_250_000, locked: 250_000, withdrawable: 1_000_000 },
      requirements: [requirement, { ...requirement, id: 8, status: 'met', closedAt: requirement.createdAt }],
      contributions: { default: 100, categories: { RNG: 100, LOTT: 50 } },
    },
  ],
  'responsibleGaming.responsibleGamingSettings': [
    rgSettings(),
    rgSettings({ daily: { amount: 1_000_000, used: 200_000, remaining: 800_000 } }, 30),
  ],
  'responsibleGaming.setDepositLimitsRequest': [{ daily: 1_000_000, weekly: null }, {}],
  'responsibleGaming.startSelfExclusionRequest': [{ period: '6m', confirm: true }],
  'responsibleGaming.setRealityCheckRequest': [{ intervalMinutes: 15 }, { intervalMinutes: 20 }],
  'paging.page': [{ pageNo: '3', pageSize: '100' }, { pageNo: 2 }, {}],
};

describe('light-zod', () => {
  it('loads the modules with light-zod, not zod', () => {
    // light-zod's schemas carry `optionalKey`; zod's do not.
    expect(light.games?.game).toHaveProperty('optionalKey', false);
    expect(realGames.game).not.toHaveProperty('optionalKey');
    expect(schemasOf(light.games ?? {}).size).toBe(schemasOf(realGames).size);
    expect(light.lottery?.lotteryBet).toHaveProperty('optionalKey', false);
    expect(light.wallet?.walletBalance).toHaveProperty('optionalKey', false);
    expect(schemasOf(light.lottery ?? {}).size).toBe(schemasOf(realLottery).size);
    expect(light.accounts?.sessionInfo).toHaveProperty('optionalKey', false);
    expect(schemasOf(light.accounts ?? {}).size).toBe(schemasOf(realAccounts).size);
  });

  it('parses home’s answers, and each of them broken one field at a time, as zod does', () => {
    let compared = 0;
    for (const [path, samples] of Object.entries(SAMPLES)) {
      const [module = '', ...rest] = path.split('.');
      const name = rest.join('.');
      const real = schemasOf(REAL[module] ?? {}).get(name);
      const lightSchema = schemasOf(light[module] ?? {}).get(name);
      expect([path, real !== undefined, lightSchema !== undefined]).toEqual([path, true, true]);
      for (const sample of samples) {
        for (const value of variants(sample)) {
          expect([path, value, parse(lightSchema as Parser, value)]).toEqual([
            path,
            value,
            parse(real as Parser, value),
          ]);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('every schema of the light modules answers odd values as zod does', () => {
    const odd = [undefined, null, 0, 1, -1, 1.5, '', '1', 'abc', 'EN', 'vi', true, [], [1], {}, { list: [] }];
    for (const module of Object.keys(REAL)) {
      const lightSchemas = schemasOf(light[module] ?? {});
      for (const [name, real] of schemasOf(REAL[module] ?? {})) {
        const lightSchema = lightSchemas.get(name) as Parser;
        for (const value of odd)
          expect([module, name, value, parse(lightSchema, value)]).toEqual([
            module,
            name,
            value,
            parse(real, value),
          ]);
      }
    }
  });
});
