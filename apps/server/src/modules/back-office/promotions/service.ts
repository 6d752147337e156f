import type { MoneyControls } from '@kl/contracts/admin/controls';
import {
  type AdminPromotion,
  type AdminPromotionClaimPage,
  type AdminPromotionPage,
  type AdminPromotionStatus,
  type BonusRuleInput,
  type DiscardPromotionResult,
  type PromotionChange,
  type PromotionDecisionRequest,
  promotionChange,
} from '@kl/contracts/admin/promotions';
import type { BonusRule, ClaimStatus, PromotionType } from '@kl/contracts/promotions';
import type { TurnoverBase } from '@kl/contracts/wagering';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { createWageringRepository, DEFAULT_WAGERING_SETTING, moneyNumber } from '../../wallet/index.ts';
import {
  bonusRuleOf,
  createPromotionRepository,
  type NewPromotionRow,
  type PromotionRow,
} from '../../promotions/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { assertIndependentChecker } from '../four-eyes.ts';
import type { ControlsService } from '../controls/service.ts';
import { localized, type TextInput } from '../localized.ts';
import type { OperatorRepository } from '../operator-repository.ts';

/**
 * Promotions in the back office (docs/back-office.md, "Promotions"). A promotion is the promotions module's
 * row (db/schema/vip-promotions.ts): what is published is what members' applications and claims are
 * judged by from then on; a bonus already issued or claimed keeps its amount.
 *
 * Four eyes: a new promotion is created unpublished (players neither see it nor take part), and a change
 * of any promotion is kept as its draft, the live row untouched; another operator than the one who wrote
 * it publishes it (or anyone discards it). The bonus and the turnover keep within the merchant's limits
 * (`promotionBonusCap`, `promotionMinTurnoverMultiple`), checked when written and again when published.
 * "End now" applies at once: it only takes exposure away.
 */

/** A promotion with the usernames of the operators who created, wrote and published it and wrote its draft. */
export interface PromotionView {
  row: PromotionRow;
  createdBy: string | null;
  writtenBy: string | null;
  publishedBy: string | null;
  draftBy: string | null;
}

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

/** What an update asks for: the fields given are written as the draft; `endNow` ends it at once. */
export type PromotionUpdate = PromotionChange & { endNow?: true | undefined };

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

/** The columns a change sets (the fields it gives). */
function changeColumns(change: PromotionChange): Partial<NewPromotionRow> {
  const set: Partial<NewPromotionRow> = {};
  if (change.title) set.title = localized(change.title);
  if (change.summary) set.summary = localized(change.summary);
  if (change.detailHtml) set.detailHtml = localized(change.detailHtml);
  if (change.imageUrl !== undefined) set.imageUrl = change.imageUrl;
  if (change.startsAt !== undefined) set.startsAt = new Date(change.startsAt);
  if (change.endsAt !== undefined) set.endsAt = new Date(change.endsAt);
  if (change.bonus) Object.assign(set, bonusColumns(change.bonus));
  if (change.minDeposit !== undefined) set.minDeposit = BigInt(change.minDeposit);
  if (change.turnover) {
    set.turnoverMultiple = change.turnover.multiple;
    set.turnoverBase = change.turnover.base;
  }
  if (change.sort !== undefined) set.sort = change.sort;
  return set;
}

/** What the merchant's limits and the window rules judge: the live terms with the change over them. */
interface Terms {
  startsAt: Date;
  endsAt: Date;
  bonus: BonusRuleInput | BonusRule;
  turnoverMultiple: number;
}

function termsOf(row: PromotionRow, change: PromotionChange = {}): Terms {
  return {
    startsAt: change.startsAt === undefined ? row.startsAt : new Date(change.startsAt),
    endsAt: change.endsAt === undefined ? row.endsAt : new Date(change.endsAt),
    bonus: change.bonus ?? bonusRuleOf(row),
    turnoverMultiple: change.turnover?.multiple ?? row.turnoverMultiple,
  };
}

/** A promotion's draft as stored (jsonb), read back through the contract's schema. */
function draftOf(row: PromotionRow): PromotionChange | null {
  return row.draft === null ? null : promotionChange.parse(row.draft);
}

export function adminPromotionOf(view: PromotionView, now: Date, claims: number): AdminPromotion {
  const { row } = view;
  const draft = draftOf(row);
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
    published: row.publishedAt !== null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedBy: view.publishedBy,
    writtenBy: view.writtenBy,
    createdBy: view.createdBy,
    draft:
      draft === null || row.draftAt === null
        ? null
        : { change: draft, draftBy: view.draftBy, draftAt: row.draftAt.toISOString() },
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

/**
 * The merchant's limits (docs/back-office.md, "Promotions"): the bonus — the fixed amount, or the cap of a
 * percent — at most `promotionBonusCap`, the turnover multiple at least `promotionMinTurnoverMultiple`.
 * Refused as 400 INVALID_INPUT naming the field, the reason and the limit.
 */
export function checkLimits(terms: Pick<Terms, 'bonus' | 'turnoverMultiple'>, limits: MoneyControls): void {
  const { bonus } = terms;
  const amount = bonus.kind === 'fixed' ? bonus.amount : bonus.cap;
  if (amount > limits.promotionBonusCap) {
    throw new DomainError('INVALID_INPUT', {
      field: bonus.kind === 'fixed' ? 'bonus.amount' : 'bonus.cap',
      reason: 'BONUS_ABOVE_CAP',
      cap: limits.promotionBonusCap,
    });
  }
  if (terms.turnoverMultiple < limits.promotionMinTurnoverMultiple) {
    throw new DomainError('INVALID_INPUT', {
      field: 'turnover.multiple',
      reason: 'TURNOVER_BELOW_MINIMUM',
      minimum: limits.promotionMinTurnoverMultiple,
    });
  }
}

/** The operators who wrote what a publish would make live: the creator of a new one, the draft's author. */
function authorsOf(row: PromotionRow): (string | null)[] {
  return [...(row.publishedAt === null ? [row.createdBy] : []), ...(row.draft === null ? [] : [row.draftBy])];
}

export function createPromotionAdmin(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  /** The merchant's promotion limits, read in the transaction that writes or publishes. */
  controls: ControlsService;
  /** The usernames of the operators who wrote and published a promotion. */
  operators: Pick<OperatorRepository, 'usernamesOf'>;
}) {
  const { db, clock, merchantCode, audit, controls, operators } = deps;
  // The promotions module's repository: the one writer of promotions and claims; the wallet's turnover.
  const promotions = createPromotionRepository(db);
  const wagering = createWageringRepository(db);

  /** The promotions with the usernames of their operators. */
  async function viewsOf(rows: readonly PromotionRow[], tx: DbOrTx = db): Promise<PromotionView[]> {
    const ids = rows.flatMap((row) => [row.createdBy, row.writtenBy, row.publishedBy, row.draftBy]);
    const names = await operators.usernamesOf(
      [...new Set(ids.filter((id): id is string => id !== null))],
      tx,
    );
    const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
    return rows.map((row) => ({
      row,
      createdBy: nameOf(row.createdBy),
      writtenBy: nameOf(row.writtenBy),
      publishedBy: nameOf(row.publishedBy),
      draftBy: nameOf(row.draftBy),
    }));
  }

  const operatorOf = (actor: AuditActor): string => {
    if (actor.operatorId === null) throw new DomainError('NOT_LOGGED_IN');
    return actor.operatorId;
  };

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

  /** The terms the promotion would have with `change`, checked against the window rules and the limits. */
  async function checkTerms(row: PromotionRow, change: PromotionChange | null, tx: DbOrTx): Promise<void> {
    const terms = termsOf(row, change ?? {});
    checkLimits(terms, await controls.current(tx));
    await checkWindow({ id: row.id, type: row.type, startsAt: terms.startsAt, endsAt: terms.endsAt }, tx);
  }

  async function shown(id: number, tx: DbOrTx): Promise<AdminPromotion> {
    const row = await promotions.promotionOfMerchant(merchantCode, id, tx);
    if (!row) throw new Error(`promotion ${id} vanished`);
    const [view] = await viewsOf([row], tx);
    if (!view) throw new Error(`promotion ${id} vanished`);
    const counts = await promotions.claimCounts([id], tx);
    return adminPromotionOf(view, clock(), counts.get(id) ?? 0);
  }

  /**
   * The promotion locked for a decision on what is pending: 404 when unknown; PROMOTION_NOTHING_PENDING
   * when it is published with no draft; PROMOTION_DRAFT_CHANGED when its draft is not the one the
   * operator read (`seen.draftAt`). Answers undefined for a second click of the operator who published it.
   */
  async function lockPending(
    operatorId: string,
    id: number,
    seen: PromotionDecisionRequest,
    tx: DbOrTx,
  ): Promise<PromotionRow | undefined> {
    const row = await promotions.lockPromotion(merchantCode, id, tx);
    if (!row) throw PROMOTION_NOT_FOUND();
    if (row.publishedAt !== null && row.draft === null) {
      if (row.publishedBy === operatorId) return undefined;
      throw new DomainError('PROMOTION_NOTHING_PENDING');
    }
    const pending = row.draftAt?.getTime() ?? null;
    const read = seen.draftAt === null ? null : Date.parse(seen.draftAt);
    if (pending !== read) throw new DomainError('PROMOTION_DRAFT_CHANGED');
    return row;
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
        promotions.promotionPageForOperators({
          merchantCode,
          status: query.status,
          now,
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
        wagering.setting(merchantCode),
      ]);
      const counts = await promotions.claimCounts(rows.map((row) => row.id));
      return {
        list: (await viewsOf(rows)).map((view) => adminPromotionOf(view, now, counts.get(view.row.id) ?? 0)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        contributions: (setting ?? DEFAULT_WAGERING_SETTING).contributions,
      };
    },

    /**
     * A new promotion, unpublished until another operator publishes it (a drawn banner when no picture is
     * given). Its code taken: 400 PROMOTION_CODE_TAKEN; beyond the merchant's limits: 400 BONUS_ABOVE_CAP
     * or TURNOVER_BELOW_MINIMUM.
     */
    async create(actor: AuditActor, request: NewPromotion): Promise<AdminPromotion> {
      const operatorId = operatorOf(actor);
      const startsAt = new Date(request.startsAt);
      const endsAt = new Date(request.endsAt);
      if (endsAt <= clock()) throw invalid('endsAt', 'ENDS_IN_PAST');
      return db.transaction(async (tx) => {
        checkLimits(
          { bonus: request.bonus, turnoverMultiple: request.turnover.multiple },
          await controls.current(tx),
        );
        await checkWindow({ id: null, type: request.type, startsAt, endsAt }, tx);
        const row = await promotions.insertPromotion(
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
            createdBy: operatorId,
            writtenBy: operatorId,
            publishedAt: null,
          },
          tx,
        );
        if (!row) throw invalid('code', 'PROMOTION_CODE_TAKEN');
        const created = await shown(row.id, tx);
        await audit.record(
          actor,
          { action: 'promotion.create', targetType: 'promotion', targetId: String(row.id), after: created },
          tx,
        );
        return created;
      });
    },

    /**
     * `endNow` moves the end to now at once (a promotion not started yet gets an empty window at this
     * moment; an ended one keeps its end), audited as `promotion.end`. The other fields given are the
     * promotion's new draft, replacing any draft (and its author), checked against the window rules and the
     * merchant's limits with the live terms they leave; the live row keeps its terms until another operator
     * publishes it. Audited as `promotion.draft`. Unknown: 404.
     */
    async update(actor: AuditActor, id: number, request: PromotionUpdate): Promise<AdminPromotion> {
      const operatorId = operatorOf(actor);
      const { endNow, ...fields } = request;
      const change = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as PromotionChange;
      return db.transaction(async (tx) => {
        let row = await promotions.lockPromotion(merchantCode, id, tx);
        if (!row) throw PROMOTION_NOT_FOUND();
        const now = clock();
        if (endNow) {
          const before = await shown(id, tx);
          let { startsAt, endsAt } = row;
          if (now < endsAt) endsAt = now;
          if (startsAt >= endsAt) startsAt = new Date(endsAt.getTime() - 1);
          row = await promotions.updatePromotion(id, { startsAt, endsAt }, tx);
          const after = await shown(id, tx);
          await audit.record(
            actor,
            { action: 'promotion.end', targetType: 'promotion', targetId: String(id), before, after },
            tx,
          );
        }
        if (Object.keys(change).length > 0) {
          await checkTerms(row, change, tx);
          const before = await shown(id, tx);
          // Each draft gets a later time than the one it replaces: the time is the version a publish names.
          const previous = row.draftAt?.getTime() ?? Number.NEGATIVE_INFINITY;
          const draftAt = new Date(Math.max(now.getTime(), previous + 1));
          await promotions.updatePromotion(id, { draft: change, draftBy: operatorId, draftAt }, tx);
          const after = await shown(id, tx);
          await audit.record(
            actor,
            { action: 'promotion.draft', targetType: 'promotion', targetId: String(id), before, after },
            tx,
          );
          return after;
        }
        return shown(id, tx);
      });
    },

    /**
     * Publishes what is pending: a new promotion (players see it from then on) and its draft, or a
     * published one's draft, applied to the live row. Its author — the creator of a new promotion, the
     * author of a draft — cannot (409 SECOND_APPROVER_REQUIRED), nor can an operator not independent of
     * them (409 APPROVER_NOT_INDEPENDENT, four-eyes.ts). The terms are checked against the window
     * rules and the merchant's limits as they are now. Done under the row's lock, so two publishes at once
     * publish once; the same publish again by the operator who made it answers the promotion unchanged.
     * Audited as `promotion.publish`.
     */
    async publish(actor: AuditActor, id: number, seen: PromotionDecisionRequest): Promise<AdminPromotion> {
      const operatorId = operatorOf(actor);
      return db.transaction(async (tx) => {
        const row = await lockPending(operatorId, id, seen, tx);
        if (!row) return shown(id, tx);
        // Neither an author nor an account whose invitation link an author held, or who held theirs.
        for (const author of authorsOf(row)) {
          if (author !== null) await assertIndependentChecker(tx, author, operatorId);
        }
        const draft = draftOf(row);
        await checkTerms(row, draft, tx);
        const before = await shown(id, tx);
        await promotions.updatePromotion(
          id,
          {
            ...(draft ? changeColumns(draft) : {}),
            ...(draft && { writtenBy: row.draftBy }),
            draft: null,
            draftBy: null,
            draftAt: null,
            publishedBy: operatorId,
            publishedAt: clock(),
          },
          tx,
        );
        const after = await shown(id, tx);
        await audit.record(
          actor,
          { action: 'promotion.publish', targetType: 'promotion', targetId: String(id), before, after },
          tx,
        );
        return after;
      });
    },

    /**
     * Drops what is pending: a draft (the live terms stay), or — a new promotion without a draft — the
     * promotion itself, withdrawn: it never reached players, has no claim, and is deleted (its code free
     * again; the audit keeps its terms). Anyone of the area may, its author too. Audited as
     * `promotion.discard`.
     */
    async discard(
      actor: AuditActor,
      id: number,
      seen: PromotionDecisionRequest,
    ): Promise<DiscardPromotionResult> {
      const operatorId = operatorOf(actor);
      return db.transaction(async (tx) => {
        const row = await lockPending(operatorId, id, seen, tx);
        if (!row) throw new DomainError('PROMOTION_NOTHING_PENDING');
        const before = await shown(id, tx);
        let after: AdminPromotion | null = null;
        if (row.draft !== null) {
          await promotions.updatePromotion(id, { draft: null, draftBy: null, draftAt: null }, tx);
          after = await shown(id, tx);
        } else {
          await promotions.removeUnpublishedPromotion(id, tx);
        }
        await audit.record(
          actor,
          { action: 'promotion.discard', targetType: 'promotion', targetId: String(id), before, after },
          tx,
        );
        return { promotion: after };
      });
    },

    /** A promotion's claims, the newest first, with the member and the bonus's turnover. Unknown: 404. */
    async claims(
      id: number,
      query: { status?: ClaimStatus | undefined; pageNo: number; pageSize: number },
    ): Promise<AdminPromotionClaimPage> {
      if (!(await promotions.promotionOfMerchant(merchantCode, id))) throw PROMOTION_NOT_FOUND();
      const { rows, total } = await promotions.claimPageForOperators({
        promotionId: id,
        status: query.status,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      const requirements = new Map(
        (await wagering.ofClaims(rows.map(({ claim }) => claim.id))).map((row) => [row.claimId, row]),
      );
      return {
        list: rows.map(({ claim, username, referredUsername }) => {
          const requirement = requirements.get(claim.id);
          const required = requirement?.required ?? null;
          const progress = requirement?.progress ?? null;
          return {
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
            turnoverStatus: requirement?.status ?? null,
            appliedAt: claim.appliedAt.toISOString(),
            updatedAt: claim.updatedAt.toISOString(),
          };
        }),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
      };
    },
  };
}
export type PromotionAdmin = ReturnType<typeof createPromotionAdmin>;
