import type { MemberInfo, SessionInfo } from '@kl/contracts/accounts';
import type { WalletBalance } from '@kl/contracts/wallet';

/** Data shared by the web tests' fakes (test/fake-api.ts): values the contracts accept, no rules. */

/** A session as the server answers it and the browser keeps it (product.md §3); type 4 is a trial account. */
export const sessionOf = (type = 0, userName = type === 4 ? 'trial0001' : 'player01'): SessionInfo => ({
  userName,
  merchantCode: 'kimlong',
  type,
  firstTimeLogin: false,
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});

/** The browser's stored session record, as JSON. */
export const storedSession = (type = 0) => JSON.stringify(sessionOf(type));

/** A member's wallet holding `available` (and `held`) whole đồng. */
export const walletOf = (available: number, held = 0): WalletBalance => ({
  sumBalance: available + held,
  available,
  held,
  currency: 'VND',
  decimals: 0,
  demo: false,
});

/** GET /api/member/info of the member `account` (type 0, VIP 0, a password set, no reality check, unless told). */
export const memberInfoOf = (overrides: Partial<MemberInfo> = {}): MemberInfo => ({
  ...{ id: '1', account: 'player01', nickname: null, type: 0, clubLabel: { labelName: '0' } },
  ...{ mobileNum: null, email: null, firstTimeLogin: false, hasPassword: true, realityCheckMinutes: 0 },
  ...overrides,
});

/** The page `query` asks of `items` (pageNo, pageSize; `size` items unless told), with the counts. */
export function pageOf<T>(items: T[], query: Record<string, string>, size = 20) {
  const [pageNo, pageSize] = [Number(query.pageNo ?? 1), Number(query.pageSize ?? size)];
  const list = items.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return { list, pageNum: pageNo, totalPages: Math.ceil(items.length / pageSize), total: items.length };
}
