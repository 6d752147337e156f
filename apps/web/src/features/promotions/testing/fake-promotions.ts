import {
  promotionsCalls,
  type ClaimStatus,
  type PromotionClaim,
  type PromotionDetail,
  type PromotionSummary,
} from '@kl/contracts/promotions';
import { failure, onByDefault } from '../../../test/fake-api.ts';

/**
 * Promotions data for component tests (contracts promotions.ts). `viewer` decides what a member-only call
 * answers (a visitor: NOT_LOGGED_IN; trial: FEATURE_NOT_ENABLED free_reject).
 */
export interface FakePromotionsOptions {
  viewer?: 'visitor' | 'member' | 'trial';
  promotions?: PromotionDetail[];
  claims?: PromotionClaim[];
}

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

/** What the promotions calls answer unless the test said otherwise, as `viewer` sees them (data only). */
export function answerPromotions({
  viewer = 'member',
  promotions = FAKE_PROMOTIONS,
  claims = [],
}: FakePromotionsOptions) {
  const summary = ({ detailHtml: _detailHtml, ...rest }: PromotionDetail): PromotionSummary => rest;
  const refused = (realOnly: boolean) =>
    viewer === 'visitor'
      ? failure('NOT_LOGGED_IN')
      : viewer === 'trial' && realOnly
        ? failure('FEATURE_NOT_ENABLED', 403, { reason: 'free_reject' })
        : undefined;
  onByDefault(promotionsCalls.promotions, { list: promotions.map(summary) });
  onByDefault(
    promotionsCalls.promotionDetail,
    ({ query }) => promotions.find((row) => String(row.id) === query.id) ?? failure('NOT_FOUND'),
  );
  onByDefault(
    promotionsCalls.promotionClaims,
    () => refused(false) ?? { list: viewer === 'trial' ? [] : claims },
  );
  const referral = promotions.find((row) => row.type === 'REFERRAL');
  onByDefault(
    promotionsCalls.myReferral,
    () =>
      refused(true) ?? {
        code: 'ABCD2345',
        link: '/m/register?recommenderId=ABCD2345',
        referredCount: 2,
        qrDataUrl: FAKE_REFERRAL_QR,
        promotion: referral ? summary(referral) : null,
      },
  );
}
