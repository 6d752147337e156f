import {
  promotionsCalls,
  type ClaimStatus,
  type PromotionClaim,
  type PromotionDetail,
} from '@kl/contracts/promotions';
import { failure, onByDefault } from '../../../test/fake-api.ts';

/** Promotions data for component tests (contracts promotions.ts) and the answers of their screens' reads. */
const at = '2030-03-01T08:00:00.000Z';
const svg = (text: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg"><text>${text}</text></svg>`)}`;
export const FAKE_REFERRAL_QR = svg('qr');

/** An active promotion: deposit 500,000 and get 58,000, to play 5 times. */
export const fakePromotion = (id: number, overrides: Partial<PromotionDetail> = {}): PromotionDetail => ({
  ...{ id, code: `P${id}`, type: 'DEPOSIT_TURNOVER', title: `Promotion ${id}`, active: true },
  ...{ imageUrl: svg(String(id)), startsAt: '2025-01-01T00:00:00.000Z', endsAt: '2035-12-31T17:00:00.000Z' },
  ...{ summary: 'Deposit and get a bonus', bonus: { kind: 'fixed', amount: 58_000 }, minDeposit: 500_000 },
  ...{ turnover: { multiple: 5, base: 'bonus' }, detailHtml: '<p>Deposit 500,000 and get 58,000.</p>' },
  ...{ currency: 'VND', ...overrides },
});

export const FAKE_PROMOTIONS: PromotionDetail[] = [
  fakePromotion(1, {
    ...{ type: 'FIRST_DEPOSIT', title: '100% first deposit bonus', minDeposit: 100_000 },
    bonus: { kind: 'percent', percent: 100, cap: 1_000_000 },
  }),
  fakePromotion(2, { title: 'Deposit 500K, get 58K' }),
  fakePromotion(3, {
    ...{ type: 'REFERRAL', title: 'Invite a friend, get 50K', minDeposit: 100_000 },
    bonus: { kind: 'fixed', amount: 50_000 },
  }),
];

/** The member's claim of a promotion (its bonus 58,000 once issued). */
export const fakeClaim = (
  promotionId: number,
  status: ClaimStatus,
  overrides: Partial<PromotionClaim> = {},
): PromotionClaim => ({
  ...{ id: promotionId * 100, promotionId, status, currency: 'VND', referredMember: null, requirement: null },
  reason: status === 'rejected' ? 'WINDOW_ENDED' : null,
  bonusAmount: status === 'issued' || status === 'claimed' ? 58_000 : null,
  ...{ appliedAt: at, updatedAt: at, ...overrides },
});

/** What the promotions' reads answer unless the test said otherwise: `promotions`, no claim, a referral. */
export function answerPromotions(promotions = FAKE_PROMOTIONS) {
  onByDefault(promotionsCalls.promotions, { list: promotions });
  onByDefault(
    promotionsCalls.promotionDetail,
    ({ query }) => promotions.find((row) => String(row.id) === query.id) ?? failure('NOT_FOUND'),
  );
  onByDefault(promotionsCalls.promotionClaims, { list: [] });
  onByDefault(promotionsCalls.myReferral, {
    ...{ code: 'ABCD2345', link: '/m/register?recommenderId=ABCD2345', referredCount: 2 },
    qrDataUrl: FAKE_REFERRAL_QR,
    promotion: promotions.find((row) => row.type === 'REFERRAL') ?? null,
  });
}
