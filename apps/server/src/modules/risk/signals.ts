import { SHARED_MEMBERS_NAMED } from '@kl/contracts/admin/risk';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { createProvenanceRepository } from '../reporting/index.ts';
import { createRiskRepository } from './repository.ts';

/**
 * The signals of the risk queue that the rules of a withdrawal's risk flags raise at their event
 * (docs/back-office.md, "Risk queue, notes, tags and restrictions"; decision 052): a new member who shares
 * the device or the address they registered from with other members, and a bonus claim after which the
 * member's bonuses are above their deposits. Each is written in the transaction of its event, once per
 * source (its key is unique per merchant), from the same queries and the same rule the withdrawal queue's
 * provenance uses (back-office/withdrawals/provenance.ts).
 */

/** A member's real-money ledger summed by kind (the reporting read model's `ledgerByKind`). */
type LedgerSums = readonly { kind: string; amount: string }[];

/**
 * Bonuses (credited, less those forfeited) and deposits in the sums, and whether the bonuses are above the
 * deposits: the rule of the `bonus_over_deposits` flag and signal.
 */
export function bonusStanding(sums: LedgerSums): { deposits: bigint; bonuses: bigint; over: boolean } {
  const amount = (kind: string) => BigInt(sums.find((row) => row.kind === kind)?.amount ?? 0);
  const deposits = amount('deposit');
  // Promotional money a provider paid without a stake counts as bonus money.
  const bonuses =
    amount('bonus') +
    amount('free_round_win') +
    amount('bonus_win') +
    amount('promo_win') -
    amount('bonus_forfeit');
  return { deposits, bonuses, over: bonuses > 0n && bonuses > deposits };
}

export function createRiskSignals(db: Db) {
  const risk = createRiskRepository(db);
  const across = createProvenanceRepository(db);

  return {
    /**
     * A new member's registration, in its transaction (after its session, so that the address rule sees
     * it): `shared_device` when other real members of the merchant registered on the device, and
     * `shared_address` when others registered from the address or had a session from it. Keys
     * `member_device:<id>` and `member_address:<id>`.
     */
    async atRegistration(
      registered: {
        merchantCode: string;
        id: string;
        registerIp: string | null;
        registerDevice: string | null;
        createdAt: Date;
      },
      tx: DbOrTx,
    ): Promise<void> {
      const { merchantCode, id } = registered;
      const rules = [
        {
          kind: 'shared_device',
          key: 'member_device',
          others: across.sharedDevice,
          detail: { device: registered.registerDevice },
        },
        {
          kind: 'shared_address',
          key: 'member_address',
          others: across.sharedAddress,
          detail: { ip: registered.registerIp },
        },
      ] as const;
      for (const rule of rules) {
        const members = await rule.others(merchantCode, id, SHARED_MEMBERS_NAMED, tx);
        const [first] = members;
        if (!first) continue;
        await risk.recordSignal(
          {
            merchantCode,
            kind: rule.kind,
            memberId: id,
            otherMemberId: first.id,
            detail: { members, ...rule.detail },
            sourceKey: `${rule.key}:${id}`,
            createdAt: registered.createdAt,
          },
          tx,
        );
      }
    },

    /**
     * A bonus claim, in the transaction that credits it (after the credit): `bonus_over_deposits` when the
     * member's bonuses since their last paid withdrawal (or registration) are above their deposits, the
     * window a withdrawal's provenance weighs. Key `bonus_claim:<claimId>`.
     */
    async atBonusClaim(
      claim: {
        merchantCode: string;
        memberId: string;
        claimId: number;
        promotionId: number;
        promotionCode: string;
      },
      at: Date,
      tx: DbOrTx,
    ): Promise<void> {
      const since = await across.lastPaidWithdrawal(claim.memberId, at, tx);
      const standing = bonusStanding(await across.ledgerByKind(claim.memberId, since ?? new Date(0), at, tx));
      if (!standing.over) return;
      await risk.recordSignal(
        {
          merchantCode: claim.merchantCode,
          kind: 'bonus_over_deposits',
          memberId: claim.memberId,
          detail: {
            promotionId: claim.promotionId,
            promotionCode: claim.promotionCode,
            bonuses: Number(standing.bonuses),
            deposits: Number(standing.deposits),
            since: since?.toISOString() ?? null,
          },
          sourceKey: `bonus_claim:${claim.claimId}`,
          createdAt: at,
        },
        tx,
      );
    },
  };
}
export type RiskSignals = ReturnType<typeof createRiskSignals>;
