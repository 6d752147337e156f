import type {
  AdminPromotion,
  AdminPromotionClaimPage,
  AdminPromotionPage,
  AdminPromotionStatus,
  BonusRuleInput,
} from '@kl/contracts/admin/promotions';
import type { ClaimStatus, PromotionType } from '@kl/contracts/promotions';
import type { TurnoverBase } from '@kl/contracts/wagering';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { NewPromotionRow, PromotionRow } from '../../../db/schema/index.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { DEFAULT_WAGERING_SETTING, moneyNumber } from '../../wallet/index.ts';
import { bonusRuleOf } from '../../promotions/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { localized, type TextInput } from '../localized.ts';
import { createPromotionAdminRepository } from './repository.ts';

/**
 * Promotions in the back office (docs/back-office.md, "Promotions"). A promotion is the promotions module's
 * row (db/schema/vip-promotions.ts): what an operator sets is what members' applications and claims are
 * judged by from then on; a bonus already issued or claimed keeps its amount. The player site reads the
 * table on every call, so a change shows at once.
 */

/** What a creation asks for, once validated. */
export interface NewPromotion {
  code: string;
  type: PromotionType;
  title: TextInput;
  summary: TextInput;
  detailHtml: TextInput;
  imageUrl?: string | undefined;
  startsAt: string;
  endsAt: string;
  bonus: BonusRuleInput;
  minDeposit: number;
  turnover: { multiple: number; base: TurnoverBase };
  sort: number;
}

/** What an update asks for: the fields given change; `endNow` ends it at once. */
export type PromotionChange = Partial<Omit<NewPromotion, 'code' | 'type'>> & { endNow?: true | undefined };

export function promotionStatusOf(
  row: Pick<PromotionRow, 'startsAt' | 'endsAt'>,
  now: Date,
): AdminPromotionStatus {
  if (now < row.startsAt) return 'scheduled';
  return now < row.endsAt ? 'running' : 'ended';
}

/** The bonus columns: a fixed amount, or a percent in hundredths with its cap in `bonus_amount`. */
function bonusColumns(bonus: BonusRuleInput) {
  return bonus.kind === 'fixed'
    ? { bonusKind: 'fixed' as const, bonusAmount: BigInt(bonus.amount), bonusBasisPoints: 0 }
    : {
        bonusKind: 'percent' as const,
        bonusAmount: BigInt(bonus.cap),
        bonusBasisPoints: Math.round(bonus.percent * 100),
      };
}

export function adminPromotionOf(row: PromotionRow, now: Date, claims: number): AdminPromotion {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    title: row.title,
    summary: row.summary,
    detailHtml: row.detailHtml,
    imageUrl: row.imageUrl,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: promotionStatusOf(row, now),
    bonus: bonusRuleOf(row),
    minDeposit: moneyNumber(row.minDeposit),
    currency: row.currency,
    sort: row.sort,
    turnover: { multiple: row.turnoverMultiple, base: row.turnoverBase },
    claims,
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The picture of a promotion made without one: a banner with its code, as an SVG data URL. */
export function drawnBanner(code: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 690 260" width="690" height="260">` +
    `<rect width="690" height="260" rx="18" fill="#7a1f1f"/>` +
    `<text x="40" y="150" font-family="Arial,sans-serif" font-size="56" font-weight="700" fill="#fff">` +
    `${escapeXml(code)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

const invalid = (field: string, reason: string) => new DomainError('INVALID_INPUT', { field, reason });
const PROMOTION_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'PROMOTION_NOT_FOUND' });

export function createPromotionAdmin(deps: { db: Db; clock: Clock; merchantCode: string; audit: AuditLog }) {
  const { db, clock, merchantCode, audit } = deps;
  const promotions = createPromotionAdminRepository(db);

  /**
   * The window must end after it starts; a REFERRAL promotion's window must not meet another's, or a
   * referrer would be paid twice for one friend.
   */
  async function checkWindow(
    row: { id: number | null; type: PromotionType; startsAt: Date; endsAt: Date },
    tx: DbOrTx,
  ): Promise<void> {
    if (row.endsAt <= row.startsAt) throw invalid('endsAt', 'ENDS_BEFORE_STARTS');
    if (row.type !== 'REFERRAL') return;
    const others = await promotions.referralPromotions(merchantCode, row.id, tx);
    const clash = others.find((other) => other.startsAt < row.endsAt && row.startsAt < other.endsAt);
    if (clash)
      throw new DomainError('INVALID_INPUT', {
        field: 'startsAt',
        reason: 'REFERRAL_OVERLAP',
        code: clash.code,
      });
  }

  async function shown(row: PromotionRow, tx: DbOrTx): Promise<AdminPromotion> {
    const counts = await promotions.claimCounts([row.id], tx);
    return adminPromotionOf(row, clock(), counts.get(row.id) ?? 0);
  }

  return {
    /** The merchant's promotions, the newest start first, and the turnover share per game category. */
    async list(query: {
      status?: AdminPromotionStatus | undefined;
      pageNo: number;
      pageSize: number;
    }): Promise<AdminPromotionPage> {
      const now = clock();
      const [{ rows, total }, setting] = await Promise.all([
        promotions.page({
          merchantCode,
          status: query.status,
          now,
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
        promotions.wageringSetting(merchantCode),
      ]);
      const counts = await promotions.claimCounts(rows.map((row) => row.id));
      return {
        list: rows.map((row) => adminPromotionOf(row, now, counts.get(row.id) ?? 0)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        contributions: (setting ?? DEFAULT_WAGERING_SETTING).contributions,
      };
    },

    /** A new promotion (a drawn banner when no picture is given). Its code taken: 400 PROMOTION_CODE_TAKEN. */
    async create(actor: AuditActor, request: NewPromotion): Promise<AdminPromotion> {
      const startsAt = new Date(request.startsAt);
      const endsAt = new Date(request.endsAt);
      if (endsAt <= clock()) throw invalid('endsAt', 'ENDS_IN_PAST');
      return db.transaction(async (tx) => {
        await checkWindow({ id: null, type: request.type, startsAt, endsAt }, tx);
        const row = await promotions.insert(
          {
            merchantCode,
            code: request.code,
            type: request.type,
            title: localized(request.title),
            summary: localized(request.summary),
            detailHtml: localized(request.detailHtml),
            imageUrl: request.imageUrl ?? drawnBanner(request.code),
            startsAt,
            endsAt,
            ...bonusColumns(request.bonus),
            minDeposit: BigInt(request.minDeposit),
            currency: WALLET_CURRENCY,
            sort: request.sort,
            turnoverMultiple: request.turnover.multiple,
            turnoverBase: request.turnover.base,
          },
          tx,
        );
        if (!row) throw invalid('code', 'PROMOTION_CODE_TAKEN');
        const created = adminPromotionOf(row, clock(), 0);
        await audit.record(
          actor,
          { action: 'promotion.create', targetType: 'promotion', targetId: String(row.id), after: created },
          tx,
        );
        return created;
      });
    },

    /**
     * Changes the fields given. `endNow` moves the end to now (a promotion not started yet gets an empty
     * window at this moment; an ended one keeps its end). Unknown: 404.
     */
    async update(actor: AuditActor, id: number, change: PromotionChange): Promise<AdminPromotion> {
      return db.transaction(async (tx) => {
        const current = await promotions.lock(merchantCode, id, tx);
        if (!current) throw PROMOTION_NOT_FOUND();
        const before = await shown(current, tx);
        const now = clock();
        let startsAt = change.startsAt === undefined ? current.startsAt : new Date(change.startsAt);
        let endsAt = change.endsAt === undefined ? current.endsAt : new Date(change.endsAt);
        if (change.endNow) {
          if (now < endsAt) endsAt = now;
          if (startsAt >= endsAt) startsAt = new Date(endsAt.getTime() - 1);
        }
        await checkWindow({ id, type: current.type, startsAt, endsAt }, tx);
        const set: Partial<NewPromotionRow> = { startsAt, endsAt };
        if (change.title) set.title = localized(change.title);
        if (change.summary) set.summary = localized(change.summary);
        if (change.detailHtml) set.detailHtml = localized(change.detailHtml);
        if (change.imageUrl !== undefined) set.imageUrl = change.imageUrl;
        if (change.bonus) Object.assign(set, bonusColumns(change.bonus));
        if (change.minDeposit !== undefined) set.minDeposit = BigInt(change.minDeposit);
        if (change.turnover) {
          set.turnoverMultiple = change.turnover.multiple;
          set.turnoverBase = change.turnover.base;
        }
        if (change.sort !== undefined) set.sort = change.sort;
        const row = await promotions.update(id, set, tx);
        const after = await shown(row, tx);
        await audit.record(
          actor,
          { action: 'promotion.update', targetType: 'promotion', targetId: String(id), before, after },
          tx,
        );
        return after;
      });
    },

    /** A promotion's claims, the newest first, with the member and the bonus's turnover. Unknown: 404. */
    async claims(
      id: number,
      query: { status?: ClaimStatus | undefined; pageNo: number; pageSize: number },
    ): Promise<AdminPromotionClaimPage> {
      if (!(await promotions.find(merchantCode, id))) throw PROMOTION_NOT_FOUND();
      const { rows, total } = await promotions.claims({
        promotionId: id,
        status: query.status,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: rows.map(({ claim, username, referredUsername, required, progress, requirementStatus }) => ({
          id: claim.id,
          promotionId: claim.promotionId,
          memberId: claim.memberId,
          username,
          referredMember: referredUsername,
          status: claim.status,
          reason: claim.reason ?? null,
          bonusAmount: claim.bonusAmount === null ? null : moneyNumber(claim.bonusAmount),
          depositAmount: claim.depositAmount === null ? null : moneyNumber(claim.depositAmount),
          currency: claim.currency,
          turnoverRequired: required === null ? null : moneyNumber(required),
          turnoverDone:
            required === null || progress === null
              ? null
              : moneyNumber(progress < required ? progress : required),
          turnoverStatus: requirementStatus,
          appliedAt: claim.appliedAt.toISOString(),
          updatedAt: claim.updatedAt.toISOString(),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
      };
    },
  };
}
export type PromotionAdmin = ReturnType<typeof createPromotionAdmin>;
