import type { ApiEntry } from '@kl/contracts/api-call';
import { contentCalls } from '@kl/contracts/content';
import { gameRecordsCalls, type GameRecord } from '@kl/contracts/game-records';
import { wageringCalls } from '@kl/contracts/wagering';
import { walletCalls, type WalletTransaction } from '@kl/contracts/wallet';
import { answer, isCall } from '../../../test/fake-api.ts';

/**
 * The member centre's side of the API for component tests, keeping the contracts of wallet.ts,
 * game-records.ts and content.ts: GET /api/wallet, GET /api/wallet/transactions and GET
 * /api/game-records (filters and paging as the server applies them), GET /api/member/head-icon and
 * GET /api/inbox/unread-count. Every query the screens sent is kept in `state.requests`.
 */
export interface FakeMemberOptions {
  balance?: number;
  transactions?: WalletTransaction[];
  records?: GameRecord[];
  unread?: number;
  /** While set, GET /api/wallet waits for this promise before answering. */
  walletGate?: () => Promise<void> | undefined;
  /** Money locked by turnover requirements (GET /api/wallet/turnover). */
  locked?: number;
}

function inRange(createdAt: string, query: URLSearchParams) {
  const time = Date.parse(createdAt);
  const from = query.get('from');
  const to = query.get('to');
  return (!from || time >= Date.parse(from)) && (!to || time < Date.parse(to));
}

function paged<T>(items: T[], query: URLSearchParams) {
  const pageNo = Number(query.get('pageNo') ?? '1');
  const pageSize = Number(query.get('pageSize') ?? '20');
  return {
    list: items.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    pageNum: pageNo,
    totalPages: Math.ceil(items.length / pageSize),
    total: items.length,
  };
}

export function createFakeMember(options: FakeMemberOptions = {}) {
  const state = {
    balance: options.balance ?? 1_250_000,
    transactions: options.transactions ?? [],
    records: options.records ?? [],
    walletCalls: 0,
    requests: [] as { path: string; query: Record<string, string> }[],
  };

  async function handle(url: URL, init?: RequestInit): Promise<Response | undefined> {
    const query = url.searchParams;
    const is = (entry: ApiEntry) => isCall(entry, url, init);
    if (is(walletCalls.wallet)) {
      state.walletCalls += 1;
      await options.walletGate?.();
      return answer(walletCalls.wallet, {
        sumBalance: state.balance,
        available: state.balance,
        held: 0,
        currency: 'VND',
        decimals: 0,
        demo: false,
      });
    }
    if (is(wageringCalls.walletTurnover)) {
      const locked = Math.min(options.locked ?? 0, state.balance);
      return answer(wageringCalls.walletTurnover, {
        currency: 'VND',
        available: state.balance,
        locked,
        withdrawable: state.balance - locked,
        requirements: [],
        contributions: { default: 100, categories: {} },
      });
    }
    if (is(walletCalls.walletTransactions)) {
      state.requests.push({ path: url.pathname, query: Object.fromEntries(query) });
      const kinds = query.get('kind')?.split(',');
      const items = state.transactions.filter(
        (item) => (!kinds || kinds.includes(item.kind)) && inRange(item.createdAt, query),
      );
      return answer(walletCalls.walletTransactions, paged(items, query));
    }
    if (is(gameRecordsCalls.gameRecords)) {
      state.requests.push({ path: url.pathname, query: Object.fromEntries(query) });
      const gameType = query.get('gameType');
      const items = state.records.filter(
        (item) => (!gameType || item.gameType === gameType) && inRange(item.createdAt, query),
      );
      const counted = items.filter((item) => item.status !== 'cancelled');
      const stake = counted.reduce((sum, item) => sum + item.stake, 0);
      const payout = counted.reduce((sum, item) => sum + item.payout, 0);
      return answer(gameRecordsCalls.gameRecords, {
        ...paged(items, query),
        currency: 'VND',
        totals: { rounds: counted.length, stake, payout, net: payout - stake },
      });
    }
    if (is(contentCalls.headIcon)) {
      return answer(contentCalls.headIcon, {
        headIconId: 3,
        url: '/api/content/avatars/3.svg',
        chosen: false,
        choices: [{ id: 3, url: '/api/content/avatars/3.svg' }],
      });
    }
    if (is(contentCalls.inboxUnreadCount)) {
      return answer(contentCalls.inboxUnreadCount, { unreadCount: options.unread ?? 0, offered: true });
    }
    return undefined;
  }

  const requestsTo = (path: string) => state.requests.filter((request) => request.path === path);
  return { handle, state, requestsTo };
}

export type FakeMember = ReturnType<typeof createFakeMember>;

let ids = 0;

/** A wallet transaction line (a deposit unless told). */
export function transaction(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  ids += 1;
  return {
    id: String(1000 + ids),
    kind: 'deposit',
    amount: 500_000,
    currency: 'VND',
    availableChange: 500_000,
    heldChange: 0,
    balanceAfter: 500_000,
    reference: `deposit:order-${ids}`,
    reverses: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A game round (a settled slot round unless told). */
export function gameRound(overrides: Partial<GameRecord> = {}): GameRecord {
  ids += 1;
  const stake = overrides.stake ?? 10_000;
  const payout = overrides.payout ?? 0;
  return {
    id: `round-${ids}`,
    roundId: `R${ids}`,
    gameType: 'RNG',
    vendorCode: 'BGS',
    gameId: '9001',
    nodeId: '9001',
    gameName: 'Kim Long Slot',
    currency: 'VND',
    stake,
    payout,
    net: payout - stake,
    status: 'settled',
    createdAt: new Date().toISOString(),
    settledAt: new Date().toISOString(),
    ...overrides,
  };
}
