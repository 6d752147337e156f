import { isTrialMember } from '@kl/contracts/accounts';
import { textIn } from '@kl/contracts/content';
import type { Locale } from '@kl/contracts/i18n';
import {
  type BonusRule,
  type ClaimBonusResult,
  type ClaimRejectReason,
  type MyReferral,
  type PromotionClaim,
  type PromotionClaims,
  type PromotionDetail,
  type PromotionList,
  type PromotionSummary,
  REFERRAL_FIELD,
} from '@kl/contracts/promotions';
import { randomInt } from 'node:crypto';
import type { PromotionClaimRow, PromotionRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import { qrSvg, svgDataUrl } from '../../platform/qr-svg.ts';
import type { WageringRequirement } from '@kl/contracts/wagering';
import { createRestrictionCheck, createRiskRepository, createRiskSignals } from '../risk/index.ts';
import { type LedgerService, moneyNumber, type WageringRules } from '../wallet/index.ts';
import type { ClaimWithReferred, PaidDeposit, PromotionRepository, ReferredActivity } from './repository.ts';

/** The idempotency key of a claim's bonus credit: one per claim, ever. */
export const claimCreditKey = (claimId: number) => `promotion_claim:${claimId}`;

/** Referral codes: 8 characters without look-alikes (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The registration path carrying a referral code. */
export const referralLink = (code: string) => `/m/register?${REFERRAL_FIELD}=${encodeURIComponent(code)}`;

export function bonusRuleOf(row: PromotionRow): BonusRule {
  return row.bonusKind === 'fixed'
    ? { kind: 'fixed', amount: moneyNumber(row.bonusAmount) }
    : { kind: 'percent', percent: row.bonusBasisPoints / 100, cap: moneyNumber(row.bonusAmount) };
}

/** The bonus a qualifying amount earns: the fixed amount, or the percent of it up to the cap. */
export function bonusFor(row: PromotionRow, qualifying: bigint): bigint {
  if (row.bonusKind === 'fixed') return row.bonusAmount;
  const percent = (qualifying * BigInt(row.bonusBasisPoints)) / 10_000n;
  return percent < row.bonusAmount ? percent : row.bonusAmount;
}

const isActive = (row: PromotionRow, now: Date) => row.startsAt <= now && now < row.endsAt;

type Evaluation =
  | { status: 'applying' }
  | { status: 'issued'; bonusAmount: bigint; depositAmount: bigint; depositTransactionId: number }
  | { status: 'rejected'; reason: ClaimRejectReason };

/**
 * Where an application stands given the member's paid deposits since it was made (within the window).
 * FIRST_DEPOSIT: the first deposit decides (at least minDeposit: issued with the bonus of it; less:
 * rejected). DEPOSIT_TURNOVER: issued once the deposits reach minDeposit, the bonus of their sum. Either:
 * rejected when the window has ended unmet.
 */
export function evaluate(
  row: PromotionRow,
  claim: Pick<PromotionClaimRow, 'appliedAt'>,
  deposits: readonly PaidDeposit[],
  now: Date,
): Evaluation {
  const inWindow = deposits.filter(
    (deposit) =>
      deposit.createdAt >= claim.appliedAt &&
      deposit.createdAt >= row.startsAt &&
      deposit.createdAt < row.endsAt,
  );
  if (row.type === 'FIRST_DEPOSIT') {
    const first = inWindow[0];
    if (first) {
      return first.amount >= row.minDeposit && first.amount > 0n
        ? {
            status: 'issued',
            bonusAmount: bonusFor(row, first.amount),
            depositAmount: first.amount,
            depositTransactionId: first.transactionId,
          }
        : { status: 'rejected', reason: 'DEPOSIT_TOO_SMALL' };
    }
  } else if (row.type === 'DEPOSIT_TURNOVER') {
    const total = inWindow.reduce((sum, deposit) => sum + deposit.amount, 0n);
    const last = inWindow.at(-1);
    if (last && total > 0n && total >= row.minDeposit) {
      return {
        status: 'issued',
        bonusAmount: bonusFor(row, total),
        depositAmount: total,
        depositTransactionId: last.transactionId,
      };
    }
  }
  return now >= row.endsAt ? { status: 'rejected', reason: 'WINDOW_ENDED' } : { status: 'applying' };
}

/** The merchant's referral qualification (wagering_setting). */
export interface ReferralRule {
  minDeposit: bigint;
  minTurnover: bigint;
}

/** Where the referral of one referred member stands (docs/decisions/017-money-integrity.md). */
export type ReferralVerdict =
  | { status: 'waiting' }
  | { status: 'issued'; bonusAmount: bigint }
  | { status: 'rejected'; reason: ClaimRejectReason };

/**
 * REFERRAL: the referred member qualifies once their first deposit was paid within the promotion's window,
 * their paid deposits reach the promotion's and the merchant's minimum and their settled stakes the
 * merchant's minimum turnover. A pair that shares a bank account, a device or a registration address is
 * refused, whatever they did.
 */
export function referralVerdict(
  row: PromotionRow,
  rule: ReferralRule,
  activity: ReferredActivity,
  shared: { bankAccount: boolean; device: boolean; address: boolean },
): ReferralVerdict {
  const first = activity.firstDepositAt;
  if (first === null || first < row.startsAt || first >= row.endsAt) return { status: 'waiting' };
  if (shared.bankAccount) return { status: 'rejected', reason: 'REFERRAL_SHARED_BANK_ACCOUNT' };
  if (shared.device) return { status: 'rejected', reason: 'REFERRAL_SHARED_DEVICE' };
  if (shared.address) return { status: 'rejected', reason: 'REFERRAL_SHARED_ADDRESS' };
  const minDeposit = row.minDeposit > rule.minDeposit ? row.minDeposit : rule.minDeposit;
  if (activity.depositTotal < minDeposit || activity.turnover < rule.minTurnover)
    return { status: 'waiting' };
  return { status: 'issued', bonusAmount: bonusFor(row, activity.firstDepositAmount) };
}

function claimOut(row: ClaimWithReferred, requirement: WageringRequirement | null = null): PromotionClaim {
  const { claim } = row;
  return {
    id: claim.id,
    promotionId: claim.promotionId,
    status: claim.status,
    reason: claim.reason ?? null,
    bonusAmount: claim.bonusAmount === null ? null : moneyNumber(claim.bonusAmount),
    currency: claim.currency,
    referredMember: row.referredUsername,
    requirement,
    appliedAt: claim.appliedAt.toISOString(),
    updatedAt: claim.updatedAt.toISOString(),
  };
}

/**
 * Promotions: the public list and detail, a member's applications and claims, the bonus credit (through
 * the ledger, once per claim) and referral codes.
 */
export function createPromotionService(deps: {
  db: Db;
  promotions: PromotionRepository;
  ledgerService: LedgerService;
  /** Reads the merchant's referral rule. */
  wageringRules: WageringRules;
  /** The turnover requirements of claims, as the API shows them. */
  requirementsOfClaims: (
    claimIds: readonly number[],
    lang: Locale,
  ) => Promise<Map<number, WageringRequirement>>;
  clock: Clock;
}) {
  const { db, promotions, ledgerService, wageringRules, requirementsOfClaims, clock } = deps;
  // Operators' restrictions and the risk queue (docs/back-office.md, "Risk queue, notes, tags and restrictions").
  const restrictions = createRestrictionCheck(db);
  const risk = createRiskRepository(db);
  const signals = createRiskSignals(db);

  async function claimsOut(rows: readonly ClaimWithReferred[], lang: Locale): Promise<PromotionClaim[]> {
    const requirements = await requirementsOfClaims(
      rows.map((row) => row.claim.id),
      lang,
    );
    return rows.map((row) => claimOut(row, requirements.get(row.claim.id) ?? null));
  }

  function summaryOut(row: PromotionRow, lang: Locale, now: Date): PromotionSummary {
    return {
      id: row.id,
      code: row.code,
      type: row.type,
      title: textIn(row.title, lang),
      summary: textIn(row.summary, lang),
      imageUrl: row.imageUrl,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      bonus: bonusRuleOf(row),
      minDeposit: moneyNumber(row.minDeposit),
      currency: row.currency,
      active: isActive(row, now),
      turnover: row.turnoverMultiple > 0 ? { multiple: row.turnoverMultiple, base: row.turnoverBase } : null,
    };
  }

  async function requirePromotion(merchantCode: string, id: number): Promise<PromotionRow> {
    const row = await promotions.findPromotion(merchantCode, id);
    if (!row) throw new DomainError('NOT_FOUND', { reason: 'PROMOTION_NOT_FOUND' });
    return row;
  }

  /** The member's code, made and stored on first use. */
  async function referralCodeOf(member: AuthenticatedMember): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const existing = await promotions.referralCodeOf(member.memberId);
      if (existing) return existing;
      await promotions.insertReferralCode({
        memberId: member.memberId,
        merchantCode: member.merchantCode,
        code: newReferralCode(),
        createdAt: clock(),
      });
    }
    throw new Error('could not draw a free referral code');
  }

  /**
   * REFERRAL: one claim per referred member, made when the referral rules decide (`referralVerdict`):
   * issued when they qualify, rejected with the reason when the pair shares a bank account, a device or a
   * registration address; nothing while they do not qualify yet. Refusals stay as rejected claims, which
   * operators read with their reason.
   */
  async function syncReferralClaims(member: AuthenticatedMember, rows: PromotionRow[]): Promise<void> {
    const referralPromotions = rows.filter((row) => row.type === 'REFERRAL');
    if (referralPromotions.length === 0) return;
    const code = await promotions.referralCodeOf(member.memberId);
    if (!code) return;
    const referred = (await promotions.referredMembers(member.merchantCode, code))
      .map((row) => row.id)
      .filter((id) => id !== member.memberId);
    if (referred.length === 0) return;
    const decided = new Set(
      (await promotions.memberClaims(member.memberId)).flatMap((row) =>
        row.claim.referredMemberId ? [`${row.claim.promotionId}:${row.claim.referredMemberId}`] : [],
      ),
    );
    const activity = await promotions.referredActivity(member.merchantCode, referred);
    if (activity.every((row) => row.firstDepositAt === null)) return;
    const traces = await promotions.registrationTraces([member.memberId, ...referred]);
    const own = traces.find((row) => row.memberId === member.memberId);
    const sharedBank = new Set(await promotions.sharedBankAccounts(member.memberId, referred));
    const setting = await wageringRules.settingOf(member.merchantCode, db);
    const rule = { minDeposit: setting.referralMinDeposit, minTurnover: setting.referralMinTurnover };
    const now = clock();
    for (const row of referralPromotions) {
      for (const friend of activity) {
        if (decided.has(`${row.id}:${friend.memberId}`)) continue;
        const trace = traces.find((candidate) => candidate.memberId === friend.memberId);
        const verdict = referralVerdict(row, rule, friend, {
          bankAccount: sharedBank.has(friend.memberId),
          device: Boolean(own?.registerDevice && own.registerDevice === trace?.registerDevice),
          address: Boolean(own?.registerIp && own.registerIp === trace?.registerIp),
        });
        if (verdict.status === 'waiting') continue;
        // A refusal and its signal for the risk queue are one transaction.
        await db.transaction(async (tx) => {
          const created = await promotions.insertClaim(
            {
              merchantCode: member.merchantCode,
              promotionId: row.id,
              memberId: member.memberId,
              referredMemberId: friend.memberId,
              status: verdict.status,
              reason: verdict.status === 'rejected' ? verdict.reason : null,
              bonusAmount: verdict.status === 'issued' ? verdict.bonusAmount : null,
              currency: row.currency,
              appliedAt: friend.firstDepositAt ?? now,
              updatedAt: now,
            },
            tx,
          );
          if (created && verdict.status === 'rejected' && verdict.reason.startsWith('REFERRAL_')) {
            await risk.recordSignal(
              {
                merchantCode: member.merchantCode,
                kind: 'referral_refused',
                memberId: member.memberId,
                otherMemberId: friend.memberId,
                detail: { reason: verdict.reason, promotionId: row.id, promotionCode: row.code },
                sourceKey: `promotion_claim:${created.id}`,
                createdAt: now,
              },
              tx,
            );
          }
        });
      }
    }
  }

  /** Moves the member's `applying` claims on where their deposits say so. */
  async function evaluateApplications(
    member: AuthenticatedMember,
    claims: ClaimWithReferred[],
    rows: Map<number, PromotionRow>,
  ): Promise<boolean> {
    const applying = claims.filter((row) => row.claim.status === 'applying');
    if (applying.length === 0) return false;
    const deposits = await promotions.paidDeposits(member.merchantCode, member.memberId);
    const now = clock();
    let changed = false;
    for (const { claim } of applying) {
      const row = rows.get(claim.promotionId);
      if (!row) continue;
      const result = evaluate(row, claim, deposits, now);
      if (result.status === 'issued') {
        changed =
          (await promotions.moveClaim(claim.id, 'applying', {
            status: 'issued',
            bonusAmount: result.bonusAmount,
            depositAmount: result.depositAmount,
            depositTransactionId: result.depositTransactionId,
            updatedAt: now,
          })) || changed;
      } else if (result.status === 'rejected') {
        changed =
          (await promotions.moveClaim(claim.id, 'applying', {
            status: 'rejected',
            reason: result.reason,
            updatedAt: now,
          })) || changed;
      }
    }
    return changed;
  }

  /** The member's claims after bringing them up to date. */
  async function refreshedClaims(member: AuthenticatedMember): Promise<ClaimWithReferred[]> {
    if (isTrialMember(member.type)) return [];
    const rows = await promotions.promotions(member.merchantCode);
    await syncReferralClaims(member, rows);
    const claims = await promotions.memberClaims(member.memberId);
    const changed = await evaluateApplications(member, claims, new Map(rows.map((row) => [row.id, row])));
    return changed ? promotions.memberClaims(member.memberId) : claims;
  }

  return {
    /** The promotions running or still to come; an ended one leaves the list (its detail stays). */
    async list(merchantCode: string, lang: Locale): Promise<PromotionList> {
      const now = clock();
      const shown = (await promotions.promotions(merchantCode)).filter((row) => now < row.endsAt);
      return { list: shown.map((row) => summaryOut(row, lang, now)) };
    },

    async detail(merchantCode: string, id: number, lang: Locale): Promise<PromotionDetail> {
      const row = await requirePromotion(merchantCode, id);
      return { ...summaryOut(row, lang, clock()), detailHtml: textIn(row.detailHtml, lang) };
    },

    async claims(member: AuthenticatedMember, lang: Locale): Promise<PromotionClaims> {
      return { list: await claimsOut(await refreshedClaims(member), lang) };
    },

    /**
     * Applies to a promotion, once. REFERRAL is not applied to (INVALID_INPUT REFERRAL_NOT_APPLIED); outside
     * its window PROMOTION_NOT_ACTIVE; twice PROMOTION_ALREADY_APPLIED. FIRST_DEPOSIT after a deposit is
     * recorded as rejected NOT_FIRST_DEPOSIT.
     */
    async apply(member: AuthenticatedMember, promotionId: number, lang: Locale): Promise<PromotionClaim> {
      if (isTrialMember(member.type)) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'free_reject' });
      const row = await requirePromotion(member.merchantCode, promotionId);
      if (row.type === 'REFERRAL') throw new DomainError('INVALID_INPUT', { reason: 'REFERRAL_NOT_APPLIED' });
      await restrictions.requireUnrestricted(member.memberId, 'bonus');
      const now = clock();
      if (!isActive(row, now)) throw new DomainError('PROMOTION_NOT_ACTIVE');
      if (await promotions.applicationOf(row.id, member.memberId))
        throw new DomainError('PROMOTION_ALREADY_APPLIED');
      const notFirst =
        row.type === 'FIRST_DEPOSIT' &&
        (await promotions.hasDepositBefore(member.merchantCode, member.memberId, now));
      const created = await promotions.insertClaim({
        merchantCode: member.merchantCode,
        promotionId: row.id,
        memberId: member.memberId,
        referredMemberId: null,
        status: notFirst ? 'rejected' : 'applying',
        reason: notFirst ? 'NOT_FIRST_DEPOSIT' : null,
        currency: row.currency,
        appliedAt: now,
        updatedAt: now,
      });
      if (!created) throw new DomainError('PROMOTION_ALREADY_APPLIED');
      const found = await promotions.findClaim(created.id);
      if (!found) throw new Error('the new claim vanished');
      const [out] = await claimsOut([found], lang);
      if (!out) throw new Error('the new claim could not be shown');
      return out;
    },

    /**
     * Credits an issued bonus through the ledger (kind `bonus`, key `promotion_claim:<id>`) and marks the
     * claim claimed, in one transaction holding the claim's row: concurrent claims credit once; a claimed
     * claim answers `credited: false`.
     */
    async claim(member: AuthenticatedMember, claimId: number, lang: Locale): Promise<ClaimBonusResult> {
      if (isTrialMember(member.type)) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'free_reject' });
      const own = await promotions.findClaim(claimId);
      if (!own || own.claim.memberId !== member.memberId) {
        throw new DomainError('NOT_FOUND', { reason: 'CLAIM_NOT_FOUND' });
      }
      if (own.claim.status === 'applying') await refreshedClaims(member);
      const credited = await db.transaction(async (tx) => {
        const claim = await promotions.lockClaim(claimId, tx);
        if (!claim) throw new DomainError('NOT_FOUND', { reason: 'CLAIM_NOT_FOUND' });
        if (claim.status === 'claimed') return false;
        if (claim.status !== 'issued' || claim.bonusAmount === null) {
          throw new DomainError('BONUS_NOT_CLAIMABLE', { status: claim.status });
        }
        await restrictions.requireUnrestricted(claim.memberId, 'bonus', tx);
        const row = await promotions.findPromotion(claim.merchantCode, claim.promotionId, tx);
        if (!row) throw new DomainError('NOT_FOUND', { reason: 'PROMOTION_NOT_FOUND' });
        const posted = await ledgerService.post(
          {
            merchantCode: claim.merchantCode,
            memberId: claim.memberId,
            idempotencyKey: claimCreditKey(claim.id),
            kind: 'bonus',
            amount: claim.bonusAmount,
            currency: claim.currency,
            reference: `promotion:${claim.promotionId}`,
            memo: { claimId: claim.id },
            // The promotion's turnover: the ledger starts the requirement in this transaction.
            turnover: {
              multiple: row.turnoverMultiple,
              base: row.turnoverBase,
              claimId: claim.id,
              depositAmount: claim.depositAmount,
              depositTransactionId: claim.depositTransactionId,
            },
          },
          tx,
        );
        await promotions.moveClaim(
          claim.id,
          'issued',
          { status: 'claimed', ledgerTransactionId: posted.transactionId, updatedAt: clock() },
          tx,
        );
        // Bonuses now above deposits: a signal for the risk queue, with the credit.
        await signals.atBonusClaim(
          {
            merchantCode: claim.merchantCode,
            memberId: claim.memberId,
            claimId: claim.id,
            promotionId: row.id,
            promotionCode: row.code,
          },
          clock(),
          tx,
        );
        return !posted.replayed;
      });
      const found = await promotions.findClaim(claimId);
      if (!found) throw new Error('the claim vanished');
      const [out] = await claimsOut([found], lang);
      if (!out) throw new Error('the claim could not be shown');
      return { claim: out, credited };
    },

    /** The member's referral code, link (path), referred count, QR of the full link and REFERRAL promotion. */
    async referral(
      member: AuthenticatedMember,
      origin: string | undefined,
      lang: Locale,
    ): Promise<MyReferral> {
      const code = await referralCodeOf(member);
      const link = referralLink(code);
      const referred = await promotions.referredMembers(member.merchantCode, code);
      const now = clock();
      const running = (await promotions.promotions(member.merchantCode)).find(
        (row) => row.type === 'REFERRAL' && isActive(row, now),
      );
      return {
        code,
        link,
        referredCount: referred.filter((row) => row.id !== member.memberId).length,
        qrDataUrl: svgDataUrl(qrSvg(`${origin ?? ''}${link}`, code)),
        promotion: running ? summaryOut(running, lang, now) : null,
      };
    },
  };
}

export type PromotionService = ReturnType<typeof createPromotionService>;
