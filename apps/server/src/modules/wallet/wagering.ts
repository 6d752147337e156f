import type { GameType } from '@kl/contracts/games';
import type { LedgerKind } from '@kl/contracts/wallet';
import type { TurnoverBase, TurnoverRefusal } from '@kl/contracts/wagering';
import type { WageringRequirementRow, WageringSettingRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { WageringRepository } from './wagering-repository.ts';

/**
 * The turnover rules (docs/decisions/017-money-integrity.md), run inside the database transaction of the
 * money movement they follow, so that a requirement and the ledger never disagree:
 *
 * - a paid deposit gets its requirement (the merchant's multiple of it) and is locked;
 * - a claimed bonus gets its requirement (the promotion's multiple of its base); with the deposit + bonus
 *   base the deposit's own requirement becomes the bonus's, so one deposit is never locked twice;
 * - a settled game round counts, by its category's share, toward every running requirement; what it won
 *   while a bonus runs is locked with that bonus; a requirement reached unlocks;
 * - money leaving the available balance by play is unlocked money first: the locks shrink only when the
 *   balance falls below them (`clamp`);
 * - a withdrawal hold that would reach into locked money is refused (TURNOVER_NOT_MET).
 */

export const DEFAULT_WAGERING_SETTING: Omit<WageringSettingRow, 'merchantCode'> = {
  depositTurnoverPercent: 100,
  bonusTurnoverMultiple: 1,
  contributions: { default: 100, categories: {} },
  referralMinDeposit: 0n,
  referralMinTurnover: 0n,
};

/**
 * The ledger kinds credited with a turnover requirement of their own, as a bonus: a bonus, and a game
 * provider's promotional credits (docs/decisions/065-provider-credits.md).
 */
export const BONUS_KINDS = [
  'bonus',
  'free_round_win',
  'bonus_win',
  'promo_win',
] as const satisfies readonly LedgerKind[];

export const lockedOf = (row: Pick<WageringRequirementRow, 'lockedBonus' | 'lockedDeposit'>) =>
  row.lockedBonus + row.lockedDeposit;

const sumLocked = (rows: readonly WageringRequirementRow[]) =>
  rows.reduce((sum, row) => sum + lockedOf(row), 0n);

export interface SettledRound {
  id: string;
  merchantCode: string;
  memberId: string;
  gameType: GameType;
  stake: bigint;
  payout: bigint;
}

/**
 * The turnover terms a bonus is credited with (ledger `bonus` posts carry them). Without terms a bonus asks
 * the merchant's `bonus_turnover_multiple` × the bonus: every bonus has its turnover.
 */
export interface BonusTurnoverTerms {
  /** Times the base; 0: none (a promotion that asks no turnover). */
  multiple: number;
  base: TurnoverBase;
  /** The promotion claim the bonus pays, if any. */
  claimId?: number | null | undefined;
  /** The qualifying deposits (deposit + bonus base) and the last of them. */
  depositAmount?: bigint | null | undefined;
  depositTransactionId?: number | null | undefined;
}

export interface CreditedBonus {
  merchantCode: string;
  memberId: string;
  currency: string;
  transactionId: number;
  amount: bigint;
  /** The available balance right after it. */
  availableAfter: bigint;
}

export function createWageringRules(deps: { wagering: WageringRepository; clock: Clock }) {
  const { wagering, clock } = deps;

  async function settingOf(merchantCode: string, tx: DbOrTx) {
    return { ...DEFAULT_WAGERING_SETTING, ...(await wagering.setting(merchantCode, tx)) };
  }

  /** Shrinks the running locks, oldest first and bonus before deposit, to what the balance still holds. */
  const clamp = (memberId: string, available: bigint, tx: DbOrTx): Promise<void> =>
    wagering.clamp(memberId, available, clock(), tx);

  function refusal(rows: readonly WageringRequirementRow[], available: bigint): TurnoverRefusal {
    const locked = sumLocked(rows);
    const remaining = rows.map((row) => (row.required > row.progress ? row.required - row.progress : 0n));
    const first = remaining.reduce<bigint | undefined>(
      (least, value) => (least === undefined || value < least ? value : least),
      undefined,
    );
    const withdrawable = available > locked ? available - locked : 0n;
    return {
      withdrawable: Number(withdrawable),
      locked: Number(locked < available ? locked : available),
      remainingTurnover: Number(first ?? 0n),
    };
  }

  return {
    settingOf,
    clamp,

    /** A paid deposit: its play-through requirement, locking the deposit (none when the merchant asks 0×). */
    async depositPaid(
      deposit: {
        merchantCode: string;
        memberId: string;
        currency: string;
        transactionId: number;
        amount: bigint;
      },
      tx: DbOrTx,
    ): Promise<void> {
      const setting = await settingOf(deposit.merchantCode, tx);
      const required = (deposit.amount * BigInt(setting.depositTurnoverPercent)) / 100n;
      if (required <= 0n) return;
      const now = clock();
      await wagering.insert(
        {
          merchantCode: deposit.merchantCode,
          memberId: deposit.memberId,
          currency: deposit.currency,
          bonusTransactionId: null,
          claimId: null,
          depositTransactionId: deposit.transactionId,
          required,
          progress: 0n,
          lockedBonus: 0n,
          lockedDeposit: deposit.amount,
          status: 'active',
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
    },

    /**
     * A withdrawal hold just taken (`availableAfter` is the balance after it): refused when the balance left
     * is below what the running requirements lock.
     */
    async checkWithdrawal(
      memberId: string,
      amount: bigint,
      availableAfter: bigint,
      tx: DbOrTx,
    ): Promise<void> {
      const rows = await wagering.lockActive(memberId, tx);
      if (availableAfter >= sumLocked(rows)) return;
      throw new DomainError('TURNOVER_NOT_MET', refusal(rows, availableAfter + amount));
    },

    /** A bonus just credited: its requirement, on its terms or the merchant's default ones. */
    async bonusCredited(
      bonus: CreditedBonus,
      terms: BonusTurnoverTerms | undefined,
      tx: DbOrTx,
    ): Promise<void> {
      const setting = await settingOf(bonus.merchantCode, tx);
      const { multiple, base } = terms ?? { multiple: setting.bonusTurnoverMultiple, base: 'bonus' as const };
      if (multiple <= 0) return;
      const depositAmount = terms?.depositAmount ?? 0n;
      const required =
        (base === 'deposit_bonus' ? bonus.amount + depositAmount : bonus.amount) * BigInt(multiple);
      const now = clock();
      const withDeposit = base === 'deposit_bonus' && terms?.depositTransactionId != null;
      const depositRow = withDeposit
        ? await wagering.lockOfDeposit(terms?.depositTransactionId ?? 0, tx)
        : undefined;
      if (depositRow && depositRow.status === 'active' && depositRow.bonusTransactionId === null) {
        // The deposit's own requirement becomes the bonus's: the deposit stays locked once, under the bonus.
        await wagering.update(
          depositRow.id,
          {
            bonusTransactionId: bonus.transactionId,
            claimId: terms?.claimId ?? null,
            required: required > depositRow.required ? required : depositRow.required,
            lockedBonus: depositRow.lockedBonus + bonus.amount,
            updatedAt: now,
          },
          tx,
        );
      } else {
        await wagering.insert(
          {
            merchantCode: bonus.merchantCode,
            memberId: bonus.memberId,
            currency: bonus.currency,
            bonusTransactionId: bonus.transactionId,
            claimId: terms?.claimId ?? null,
            depositTransactionId: null,
            required,
            progress: 0n,
            lockedBonus: bonus.amount,
            // The deposit played through already: it is locked again under the bonus, as far as it is left.
            lockedDeposit: withDeposit ? depositAmount : 0n,
            status: 'active',
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
      }
      await clamp(bonus.memberId, bonus.availableAfter, tx);
    },

    /**
     * A settled round: its stake's share counts toward every running requirement (once per round and
     * requirement); reached ones unlock; the payout is locked with the oldest bonus still running.
     */
    async roundSettled(round: SettledRound, tx: DbOrTx): Promise<void> {
      await wagering.roundSettled(round, DEFAULT_WAGERING_SETTING.contributions.default, clock(), tx);
    },
  };
}

export type WageringRules = ReturnType<typeof createWageringRules>;
