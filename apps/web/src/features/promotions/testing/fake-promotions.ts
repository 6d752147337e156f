import type { ApiEntry } from '@kl/contracts/api-call';
import {
  promotionsCalls,
  type ClaimStatus,
  type MyReferral,
  type PromotionClaim,
  type PromotionDetail,
  type PromotionSummary,
} from '@kl/contracts/promotions';
import { walletCalls } from '@kl/contracts/wallet';
import { answer, failure, isCall } from '../../../test/fake-api.ts';

/**
 * The promotions side of the API for component tests, keeping the contracts of promotions.ts: the list,
 * the detail, apply (once), the claims, claim (credits once) and the referral. `viewer` decides what a
 * member-only call answers (a visitor: NOT_LOGGED_IN; trial: FEATURE_NOT_ENABLED free_reject).
 */
export interface FakePromotionsOptions {
  viewer?: 'visitor' | 'member' | 'trial';
  promotions?: PromotionDetail[];
  claims?: PromotionClaim[];
  /** What an applying claim becomes when the claims are read next (a deposit was paid meanwhile). */
  issueOnNextRead?: number;
  /** Answer GET /api/wallet too (the balance rises by a claimed bonus). */
  balance?: number;
}

/** The paths of the promotions calls (contracts promotions.ts): the part of the API this fake stands for. */
const PROMOTIONS_PATHS = new Set<string>(Object.values(promotionsCalls).map((entry) => entry.path));

const at = '2030-03-01T08:00:00.000Z';
const svg = (text: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg"><text>${text}</text></svg>`)}`;

export function fakePromotion(
  overrides: Partial<PromotionDetail> & Pick<PromotionDetail, 'id'>,
): PromotionDetail {
  return {
    code: `P${overrides.id}`,
    type: 'DEPOSIT_TURNOVER',
    title: `Promotion ${overrides.id}`,
    summary: 'Deposit and get a bonus',
    imageUrl: svg(String(overrides.id)),
    startsAt: '2025-01-01T00:00:00.000Z',
    endsAt: '2035-12-31T17:00:00.000Z',
    bonus: { kind: 'fixed', amount: 58_000 },
    minDeposit: 500_000,
    currency: 'VND',
    active: true,
    turnover: { multiple: 5, base: 'bonus' },
    detailHtml: '<p>Deposit 500,000 and get 58,000.</p>',
    ...overrides,
  };
}

export const FAKE_PROMOTIONS: PromotionDetail[] = [
  fakePromotion({
    id: 1,
    code: 'WELCOME100',
    type: 'FIRST_DEPOSIT',
    title: '100% first deposit bonus',
    bonus: { kind: 'percent', percent: 100, cap: 1_000_000 },
    minDeposit: 100_000,
  }),
  fakePromotion({ id: 2, code: 'RELOAD500', title: 'Deposit 500K, get 58K' }),
  fakePromotion({
    id: 3,
    code: 'INVITE50',
    type: 'REFERRAL',
    title: 'Invite a friend, get 50K',
    bonus: { kind: 'fixed', amount: 50_000 },
    minDeposit: 100_000,
  }),
];

export function fakeClaim(
  promotionId: number,
  status: ClaimStatus,
  overrides: Partial<PromotionClaim> = {},
): PromotionClaim {
  return {
    id: promotionId * 100,
    promotionId,
    status,
    reason: status === 'rejected' ? 'WINDOW_ENDED' : null,
    bonusAmount: status === 'issued' || status === 'claimed' ? 58_000 : null,
    currency: 'VND',
    referredMember: null,
    requirement: null,
    appliedAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export const FAKE_REFERRAL_QR = svg('qr');

export function createFakePromotions(options: FakePromotionsOptions = {}) {
  const viewer = options.viewer ?? 'member';
  const promotions = options.promotions ?? FAKE_PROMOTIONS;
  const state = {
    claims: [...(options.claims ?? [])],
    balance: options.balance ?? 0,
    applied: [] as number[],
    credited: 0,
    issueOnNextRead: options.issueOnNextRead,
    calls: [] as string[],
  };
  const summary = ({ detailHtml: _detailHtml, ...rest }: PromotionDetail): PromotionSummary => rest;

  const memberOnly = (realOnly: boolean) => {
    if (viewer === 'visitor') return failure('NOT_LOGGED_IN');
    if (viewer === 'trial' && realOnly) return failure('FEATURE_NOT_ENABLED', 403, { reason: 'free_reject' });
    return undefined;
  };

  async function handle(url: URL, init?: RequestInit): Promise<Response | undefined> {
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    const wallet = url.pathname === walletCalls.wallet.path && options.balance !== undefined;
    if (!PROMOTIONS_PATHS.has(url.pathname) && !wallet) return undefined;
    state.calls.push(key);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const is = (entry: ApiEntry) => isCall(entry, url, init);
    if (is(walletCalls.wallet)) {
      return (
        memberOnly(false) ??
        answer(walletCalls.wallet, {
          sumBalance: state.balance,
          available: state.balance,
          held: 0,
          currency: 'VND',
          decimals: 0,
          demo: false,
        })
      );
    }
    if (is(promotionsCalls.promotions))
      return answer(promotionsCalls.promotions, { list: promotions.map(summary) });
    if (is(promotionsCalls.promotionDetail)) {
      const found = promotions.find((row) => String(row.id) === url.searchParams.get('id'));
      return found ? answer(promotionsCalls.promotionDetail, found) : failure('NOT_FOUND');
    }
    if (is(promotionsCalls.promotionClaims)) {
      const refused = memberOnly(false);
      if (refused) return refused;
      if (state.issueOnNextRead !== undefined) {
        const id = state.issueOnNextRead;
        state.issueOnNextRead = undefined;
        state.claims = state.claims.map((claim) =>
          claim.promotionId === id && claim.status === 'applying'
            ? { ...claim, status: 'issued', bonusAmount: 58_000 }
            : claim,
        );
      }
      return answer(promotionsCalls.promotionClaims, { list: viewer === 'trial' ? [] : state.claims });
    }
    if (is(promotionsCalls.applyPromotion)) {
      const refused = memberOnly(true);
      if (refused) return refused;
      const promotionId = Number(body.promotionId);
      if (state.claims.some((claim) => claim.promotionId === promotionId))
        return failure('PROMOTION_ALREADY_APPLIED');
      const claim = fakeClaim(promotionId, 'applying');
      state.applied.push(promotionId);
      state.claims.push(claim);
      return answer(promotionsCalls.applyPromotion, claim);
    }
    if (is(promotionsCalls.claimBonus)) {
      const refused = memberOnly(true);
      if (refused) return refused;
      const index = state.claims.findIndex((claim) => claim.id === Number(body.claimId));
      const claim = state.claims[index];
      if (!claim) return failure('NOT_FOUND');
      if (claim.status === 'claimed') return answer(promotionsCalls.claimBonus, { claim, credited: false });
      if (claim.status !== 'issued') return failure('BONUS_NOT_CLAIMABLE');
      // The bonus's turnover requirement as the server starts it (base `bonus`: the multiple of the bonus).
      const rule = promotions.find((row) => row.id === claim.promotionId)?.turnover;
      const bonus = claim.bonusAmount ?? 0;
      const claimed = {
        ...claim,
        status: 'claimed' as const,
        requirement: rule
          ? {
              id: claim.id,
              source: 'bonus' as const,
              status: 'active' as const,
              promotionId: claim.promotionId,
              promotionTitle: promotions.find((row) => row.id === claim.promotionId)?.title ?? null,
              required: rule.multiple * bonus,
              progress: 0,
              locked: bonus,
              lockedBonus: bonus,
              createdAt: at,
              closedAt: null,
            }
          : null,
      };
      state.claims[index] = claimed;
      state.balance += claim.bonusAmount ?? 0;
      state.credited += 1;
      return answer(promotionsCalls.claimBonus, { claim: claimed, credited: true });
    }
    if (is(promotionsCalls.myReferral)) {
      const refused = memberOnly(true);
      if (refused) return refused;
      const referral: MyReferral = {
        code: 'ABCD2345',
        link: '/m/register?recommenderId=ABCD2345',
        referredCount: 2,
        qrDataUrl: FAKE_REFERRAL_QR,
        promotion: promotions.some((row) => row.type === 'REFERRAL')
          ? summary(promotions.find((row) => row.type === 'REFERRAL')!)
          : null,
      };
      return answer(promotionsCalls.myReferral, referral);
    }
    return undefined;
  }
  return { handle, state };
}

export type FakePromotions = ReturnType<typeof createFakePromotions>;
