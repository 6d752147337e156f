import { isTrialMember } from '@kl/contracts/accounts';
import { textIn } from '@kl/contracts/content';
import type { Locale } from '@kl/contracts/i18n';
import type { LedgerKind } from '@kl/contracts/wallet';
import type {
  ContributionTable,
  ForfeitBonusResult,
  RequirementSource,
  TurnoverSummary,
  WageringRequirement,
} from '@kl/contracts/wagering';
import type { WageringRequirementRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import type { LedgerService } from './ledger-service.ts';
import { moneyNumber } from './money.ts';
import { lockedOf, type WageringRules } from './wagering.ts';
import type { WageringRepository } from './wagering-repository.ts';

/** What a requirement plays through, by the kind of the transaction that credited it. */
function sourceOf(row: WageringRequirementRow, creditKind: LedgerKind | undefined): RequirementSource {
  if (row.bonusTransactionId === null) return 'deposit';
  if (creditKind === 'free_round_win') return 'free_rounds';
  if (creditKind === 'bonus_win' || creditKind === 'promo_win') return 'provider_bonus';
  return 'bonus';
}

/** The idempotency key of a forfeited bonus's ledger transaction: one per requirement, ever. */
export const forfeitKey = (requirementId: number) => `bonus_forfeit:${requirementId}`;

/** The member's side of the turnover rules: where their money stands, and forfeiting a bonus. */
export function createWageringService(deps: {
  db: Db;
  wagering: WageringRepository;
  rules: WageringRules;
  ledgerService: LedgerService;
  clock: Clock;
}) {
  const { db, wagering, rules, ledgerService, clock } = deps;

  /** Requirements as the API shows them, with their promotion's title in the caller's language. */
  async function requirementsOut(
    rows: readonly WageringRequirementRow[],
    lang: Locale,
    tx: DbOrTx = db,
  ): Promise<WageringRequirement[]> {
    const claimIds = rows.flatMap((row) => (row.claimId === null ? [] : [row.claimId]));
    const promotions = new Map(
      (await wagering.promotionsOfClaims(claimIds, tx)).map((row) => [row.claimId, row]),
    );
    const unclaimed = rows.flatMap((row) =>
      row.claimId === null && row.bonusTransactionId !== null ? [row.bonusTransactionId] : [],
    );
    const credits = new Map(
      (await wagering.bonusTransactions(unclaimed, tx)).map((credit) => [credit.id, credit]),
    );
    return rows.map((row) => {
      const promotion = row.claimId === null ? undefined : promotions.get(row.claimId);
      const credit = row.bonusTransactionId === null ? undefined : credits.get(row.bonusTransactionId);
      return {
        id: row.id,
        source: sourceOf(row, credit?.kind),
        status: row.status,
        promotionId: promotion?.promotionId ?? null,
        promotionTitle: promotion ? textIn(promotion.title, lang) : (credit?.gameName ?? null),
        required: moneyNumber(row.required),
        progress: moneyNumber(row.progress < row.required ? row.progress : row.required),
        locked: moneyNumber(lockedOf(row)),
        lockedBonus: moneyNumber(row.lockedBonus),
        createdAt: row.createdAt.toISOString(),
        closedAt: row.closedAt ? row.closedAt.toISOString() : null,
      };
    });
  }

  return {
    requirementsOut,

    /** Money the member's running requirements lock (may exceed the balance until the next debit clamps it). */
    async lockedOf(memberId: string): Promise<bigint> {
      const rows = await wagering.ofMember(memberId);
      return rows.filter((row) => row.status === 'active').reduce((sum, row) => sum + lockedOf(row), 0n);
    },

    /**
     * Where each member's running requirements stand, by member id (members without one are left out):
     * the turnover still to stake before they are met, and the money they lock (which, like `lockedOf`,
     * may exceed the balance until the next debit clamps it). For a reviewer of a withdrawal.
     */
    async owedOf(
      memberIds: readonly string[],
    ): Promise<Map<string, { turnoverOwed: bigint; locked: bigint }>> {
      const owed = new Map<string, { turnoverOwed: bigint; locked: bigint }>();
      for (const row of await wagering.activeOfMembers(memberIds)) {
        const sum = owed.get(row.memberId) ?? { turnoverOwed: 0n, locked: 0n };
        const left = row.required - row.progress;
        sum.turnoverOwed += left > 0n ? left : 0n;
        sum.locked += lockedOf(row);
        owed.set(row.memberId, sum);
      }
      return owed;
    },

    /** The requirements of these claims, by claim id. */
    async ofClaims(claimIds: readonly number[], lang: Locale): Promise<Map<number, WageringRequirement>> {
      const rows = await wagering.ofClaims(claimIds);
      const out = await requirementsOut(rows, lang);
      return new Map(rows.map((row, index) => [row.claimId ?? 0, out[index] as WageringRequirement]));
    },

    async summary(member: AuthenticatedMember, lang: Locale): Promise<TurnoverSummary> {
      const where = { merchantCode: member.merchantCode, memberId: member.memberId };
      const balance = await ledgerService.balanceOf(where);
      const rows = isTrialMember(member.type) ? [] : await wagering.ofMember(member.memberId);
      const running = rows
        .filter((row) => row.status === 'active')
        .reduce((sum, row) => sum + lockedOf(row), 0n);
      const locked = running < balance.available ? running : balance.available;
      const setting = await rules.settingOf(member.merchantCode, db);
      return {
        currency: balance.currency,
        available: moneyNumber(balance.available),
        locked: moneyNumber(locked),
        withdrawable: moneyNumber(balance.available - locked),
        requirements: await requirementsOut(rows, lang),
        contributions: setting.contributions as ContributionTable,
      };
    },

    /**
     * Gives up a running bonus: its locked bonus and winnings leave the available balance through the ledger
     * (`bonus_forfeit`), the deposit it held is unlocked, and the requirement ends `forfeited`, once.
     */
    async forfeit(
      member: AuthenticatedMember,
      requirementId: number,
      lang: Locale,
    ): Promise<ForfeitBonusResult> {
      if (isTrialMember(member.type)) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'free_reject' });
      return db.transaction(async (tx) => {
        // The member's accounts before the requirement: the order a withdrawal hold or a round takes them in.
        await ledgerService.holdAccounts(
          { merchantCode: member.merchantCode, memberId: member.memberId, kind: 'bonus_forfeit' },
          tx,
        );
        const row = await wagering.lock(requirementId, tx);
        if (!row || row.memberId !== member.memberId) {
          throw new DomainError('NOT_FOUND', { reason: 'REQUIREMENT_NOT_FOUND' });
        }
        if (row.bonusTransactionId === null || row.status !== 'active') {
          throw new DomainError('BONUS_NOT_FORFEITABLE', { status: row.status });
        }
        const now = clock();
        // Unlock first: the debit below then finds the other requirements' locks as they are.
        await wagering.update(
          row.id,
          { status: 'forfeited', lockedBonus: 0n, lockedDeposit: 0n, updatedAt: now, closedAt: now },
          tx,
        );
        let forfeited = 0n;
        if (row.lockedBonus > 0n) {
          const posted = await ledgerService.post(
            {
              merchantCode: row.merchantCode,
              memberId: row.memberId,
              idempotencyKey: forfeitKey(row.id),
              kind: 'bonus_forfeit',
              amount: row.lockedBonus,
              currency: row.currency,
              reference: `wagering:${row.id}`,
              memo: { requirementId: row.id, claimId: row.claimId },
            },
            tx,
          );
          forfeited = posted.amount;
          await wagering.update(row.id, { forfeitTransactionId: posted.transactionId }, tx);
        }
        const after = await wagering.find(row.id, tx);
        if (!after) throw new Error('the requirement vanished');
        const [out] = await requirementsOut([after], lang, tx);
        if (!out) throw new Error('the requirement could not be shown');
        return { requirement: out, forfeited: moneyNumber(forfeited) };
      });
    },
  };
}

export type WageringService = ReturnType<typeof createWageringService>;
