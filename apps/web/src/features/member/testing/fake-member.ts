import { contentCalls } from '@kl/contracts/content';
import { gameRecordsCalls, type GameRecord } from '@kl/contracts/game-records';
import { wageringCalls } from '@kl/contracts/wagering';
import { walletCalls, type WalletTransaction } from '@kl/contracts/wallet';
import { onByDefault } from '../../../test/fake-api.ts';
import { pageOf, walletOf } from '../../../test/fake-data.ts';

/** The member centre's data for component tests (`locked` by turnover, `withdrawable`: GET turnover). */
export type FakeMemberOptions = Partial<Record<'balance' | 'locked' | 'withdrawable' | 'unread', number>> & {
  transactions?: WalletTransaction[];
  records?: GameRecord[];
};

/** The game records' answer: the page `query` asks of `records`, with the server's totals (stake, payout). */
export function recordsPage(records: GameRecord[], query: Record<string, string>, stake = 0, payout = 0) {
  const totals = { rounds: records.length, stake, payout, net: payout - stake };
  return { ...pageOf(records, query), currency: 'VND', totals };
}

/** The member centre's reads answer these unless the test said otherwise; the lists a page at a time. */
export function answerMember(options: FakeMemberOptions) {
  const { balance = 1_250_000, locked = 0, withdrawable = balance } = options;
  const { transactions = [], records = [], unread = 0 } = options;
  onByDefault(walletCalls.wallet, walletOf(balance));
  onByDefault(wageringCalls.walletTurnover, {
    ...{ currency: 'VND', available: balance, locked, withdrawable, requirements: [] },
    contributions: { default: 100, categories: {} },
  });
  onByDefault(walletCalls.walletTransactions, ({ query }) => pageOf(transactions, query));
  onByDefault(gameRecordsCalls.gameRecords, ({ query }) => recordsPage(records, query));
  const avatar = '/api/content/avatars/3.webp';
  onByDefault(contentCalls.headIcon, {
    ...{ headIconId: 3, url: avatar, chosen: false, choices: [{ id: 3, url: avatar }] },
  });
  onByDefault(contentCalls.inboxUnreadCount, { unreadCount: unread, offered: true });
}

let ids = 0;

/** A wallet transaction line (a deposit of 500,000 unless told). */
export function transaction(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  ids += 1;
  return {
    ...{ id: String(1000 + ids), kind: 'deposit', amount: 500_000, currency: 'VND' },
    ...{ availableChange: 500_000, heldChange: 0, balanceAfter: 500_000, reverses: null, game: null },
    ...{ reference: `deposit:order-${ids}`, createdAt: new Date().toISOString(), ...overrides },
  };
}

/** A game round (a settled slot round, 10,000 staked for nothing, unless told). */
export function gameRound(overrides: Partial<GameRecord> = {}): GameRecord {
  ids += 1;
  const { stake = 10_000, payout = 0 } = overrides;
  const at = new Date().toISOString();
  return {
    ...{ id: `round-${ids}`, roundId: `R${ids}`, gameType: 'RNG', vendorCode: 'BGS', gameId: '9001' },
    ...{ nodeId: '9001', gameName: 'Kim Long Slot', currency: 'VND', stake, payout, net: payout - stake },
    ...{ status: 'settled', createdAt: at, settledAt: at, ...overrides },
  };
}
