import { contentCalls } from '@kl/contracts/content';
import { gameRecordsCalls, type GameRecord } from '@kl/contracts/game-records';
import { wageringCalls } from '@kl/contracts/wagering';
import { walletCalls, type WalletTransaction } from '@kl/contracts/wallet';
import { onByDefault } from '../../../test/fake-api.ts';
import { pageOf, walletOf } from '../../../test/fake-data.ts';

/**
 * The member centre's data for component tests (contracts wallet.ts, game-records.ts, content.ts): the
 * answers of its reads unless the test said otherwise. The lists are answered as given, a page at a time:
 * a test that filters sets the server's answer to that query.
 */
export interface FakeMemberOptions {
  balance?: number;
  /** Money locked by turnover requirements, and what can be withdrawn (GET /api/wallet/turnover). */
  locked?: number;
  withdrawable?: number;
  transactions?: WalletTransaction[];
  records?: GameRecord[];
  unread?: number;
}

/** The game records' answer: the page `query` asks of `records`, with the totals the server sums. */
export function recordsPage(
  records: GameRecord[],
  query: Record<string, string>,
  totals: { stake: number; payout: number },
) {
  const { stake, payout } = totals;
  const net = payout - stake;
  return {
    ...pageOf(records, query),
    currency: 'VND',
    totals: { rounds: records.length, stake, payout, net },
  };
}

export function answerMember({
  balance = 1_250_000,
  locked = 0,
  withdrawable = balance,
  ...options
}: FakeMemberOptions) {
  onByDefault(walletCalls.wallet, walletOf(balance));
  onByDefault(wageringCalls.walletTurnover, {
    ...{ currency: 'VND', available: balance, locked, withdrawable, requirements: [] },
    contributions: { default: 100, categories: {} },
  });
  onByDefault(walletCalls.walletTransactions, ({ query }) => pageOf(options.transactions ?? [], query));
  onByDefault(gameRecordsCalls.gameRecords, ({ query }) =>
    recordsPage(options.records ?? [], query, { stake: 0, payout: 0 }),
  );
  onByDefault(contentCalls.headIcon, {
    ...{ headIconId: 3, url: '/api/content/avatars/3.svg', chosen: false },
    choices: [{ id: 3, url: '/api/content/avatars/3.svg' }],
  });
  onByDefault(contentCalls.inboxUnreadCount, { unreadCount: options.unread ?? 0, offered: true });
}

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
