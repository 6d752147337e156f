import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import { registrationFieldRule, type NewPromotionRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { createPromotionRepository } from './repository.ts';

/** A banner of a promotion drawn as SVG (a data URL): two colours and a headline. */
function banner(from: string, to: string, headline: string, line: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 690 260" width="690" height="260">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="690" height="260" rx="18" fill="url(#g)"/>` +
    `<text x="40" y="130" font-family="Arial,sans-serif" font-size="64" font-weight="700" fill="#fff">${headline}</text>` +
    `<text x="40" y="190" font-family="Arial,sans-serif" font-size="30" fill="#fff">${line}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

const WINDOW = { startsAt: new Date('2025-01-01T00:00:00Z'), endsAt: new Date('2035-12-31T17:00:00Z') };
/**
 * The seed's promotions are published from their start, by nobody (no operator wrote them), and keep within
 * the default money controls (contracts admin/controls.ts `DEFAULT_MONEY_CONTROLS`): a bonus of at most
 * `promotionBonusCap`, a turnover multiple of at least `promotionMinTurnoverMultiple`.
 */
const PUBLISHED = { publishedAt: WINDOW.startsAt, publishedBy: null, createdBy: null, writtenBy: null };

/** The demo merchant's promotions: a first-deposit match, a deposit reward and the referral bonus. */
export const PROMOTIONS: Omit<NewPromotionRow, 'merchantCode'>[] = [
  {
    code: 'WELCOME100',
    type: 'FIRST_DEPOSIT',
    title: { vi: 'Thưởng 100% nạp đầu', en: '100% first deposit bonus' },
    summary: {
      vi: 'Nạp lần đầu từ 100.000 ₫, nhận thưởng 100% tối đa 1.000.000 ₫.',
      en: 'First deposit of 100,000 ₫ or more: a 100% bonus up to 1,000,000 ₫.',
    },
    detailHtml: {
      vi:
        '<p>Đăng ký khuyến mãi <strong>trước</strong> khi nạp lần đầu.</p>' +
        '<ul><li>Nạp tối thiểu: 100.000 ₫</li><li>Thưởng: 100% số tiền nạp, tối đa 1.000.000 ₫</li>' +
        '<li>Mỗi thành viên một lần.</li><li>Vòng cược: 15 × (tiền nạp + tiền thưởng) trước khi rút tiền nạp, ' +
        'tiền thưởng và tiền thắng từ thưởng.</li></ul><p>Khi lệnh nạp được thanh toán, tiền thưởng sẵn sàng để nhận.</p>',
      en:
        '<p>Apply <strong>before</strong> your first deposit.</p>' +
        '<ul><li>Minimum deposit: 100,000 ₫</li><li>Bonus: 100% of the deposit, up to 1,000,000 ₫</li>' +
        '<li>Once per member.</li><li>Turnover: 15 × (deposit + bonus) before the deposit, the bonus and what ' +
        'it wins can be withdrawn.</li></ul><p>Once the deposit is paid, the bonus is ready to claim.</p>',
    },
    imageUrl: banner('#b8860b', '#7a1f1f', '100%', 'WELCOME'),
    ...WINDOW,
    ...PUBLISHED,
    bonusKind: 'percent',
    bonusAmount: 1_000_000n,
    bonusBasisPoints: 10_000,
    minDeposit: 100_000n,
    currency: WALLET_CURRENCY,
    sort: 1,
    turnoverMultiple: 15,
    turnoverBase: 'deposit_bonus',
  },
  {
    code: 'RELOAD500',
    type: 'DEPOSIT_TURNOVER',
    title: { vi: 'Nạp 500K tặng 58K', en: 'Deposit 500K, get 58K' },
    summary: {
      vi: 'Tổng nạp từ 500.000 ₫ sau khi đăng ký, nhận ngay 58.000 ₫.',
      en: 'Deposit 500,000 ₫ in total after applying and get 58,000 ₫.',
    },
    detailHtml: {
      vi:
        '<p>Sau khi đăng ký, tổng các lệnh nạp đã thanh toán đạt 500.000 ₫ ' +
        'trong thời gian khuyến mãi sẽ nhận 58.000 ₫.</p><p>Vòng cược: 5 × tiền thưởng trước khi rút tiền thưởng ' +
        'và tiền thắng từ thưởng.</p><p>Mỗi thành viên một lần.</p>',
      en:
        '<p>After applying, once your paid deposits reach 500,000 ₫ ' +
        'within the promotion period you get 58,000 ₫.</p><p>Turnover: 5 × the bonus before the bonus and what ' +
        'it wins can be withdrawn.</p><p>Once per member.</p>',
    },
    imageUrl: banner('#0f5c8c', '#1b2a4a', '+58K', 'RELOAD'),
    ...WINDOW,
    ...PUBLISHED,
    bonusKind: 'fixed',
    bonusAmount: 58_000n,
    bonusBasisPoints: 0,
    minDeposit: 500_000n,
    currency: WALLET_CURRENCY,
    sort: 2,
    turnoverMultiple: 5,
    turnoverBase: 'bonus',
  },
  {
    code: 'INVITE50',
    type: 'REFERRAL',
    title: { vi: 'Mời bạn nhận 50K', en: 'Invite a friend, get 50K' },
    summary: {
      vi: 'Mỗi bạn đăng ký bằng mã của bạn, nạp từ 100.000 ₫ và cược từ 100.000 ₫, bạn nhận 50.000 ₫.',
      en: 'For every friend who registers with your code, deposits 100,000 ₫ or more and plays 100,000 ₫, you get 50,000 ₫.',
    },
    detailHtml: {
      vi:
        '<ol><li>Chia sẻ mã, đường dẫn hoặc mã QR trong mục Mời bạn bè.</li>' +
        '<li>Bạn bè đăng ký với mã giới thiệu của bạn.</li><li>Khi bạn bè đã nạp từ 100.000 ₫ và cược từ ' +
        '100.000 ₫, thưởng 50.000 ₫ sẵn sàng để bạn nhận (vòng cược 1 × tiền thưởng).</li></ol>' +
        '<p>Không áp dụng khi hai tài khoản dùng chung tài khoản ngân hàng, thiết bị hoặc địa chỉ đăng ký.</p>',
      en:
        '<ol><li>Share your code, link or QR code from Invite friends.</li>' +
        '<li>Your friend registers with your referral code.</li><li>Once they have deposited 100,000 ₫ or more and ' +
        'played 100,000 ₫, a 50,000 ₫ bonus is ready for you to claim (turnover 1 × the bonus).</li></ol>' +
        '<p>Not paid when the two accounts share a bank account, a device or a registration address.</p>',
    },
    imageUrl: banner('#1f7a4d', '#0d3b2e', '+50K', 'INVITE FRIENDS'),
    ...WINDOW,
    ...PUBLISHED,
    bonusKind: 'fixed',
    bonusAmount: 50_000n,
    bonusBasisPoints: 0,
    minDeposit: 100_000n,
    currency: WALLET_CURRENCY,
    sort: 3,
    turnoverMultiple: 1,
    turnoverBase: 'bonus',
  },
];

/**
 * Inserts the promotions the merchant lacks by the statement the back office adds one with (an operator's
 * changes stay). When the REFERRAL promotion is
 * created, the registration's referrer field (recommenderId) is turned on as optional: the invite link
 * carries the code in it.
 */
export async function seedPromotions(
  db: Db,
  tx: DbOrTx,
  merchantCode: string,
): Promise<{ promotionsCreated: number }> {
  const promotions = createPromotionRepository(db);
  const created = [];
  for (const row of PROMOTIONS) {
    const inserted = await promotions.insertPromotion({ ...row, merchantCode }, tx);
    if (inserted) created.push(inserted);
  }
  if (created.some((row) => row.type === 'REFERRAL')) {
    await tx
      .update(registrationFieldRule)
      .set({ enabled: true, required: false })
      .where(
        and(
          eq(registrationFieldRule.merchantCode, merchantCode),
          eq(registrationFieldRule.field, 'recommenderId'),
        ),
      );
  }
  return { promotionsCreated: created.length };
}
