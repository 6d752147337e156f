import { DEFAULT_MONEY_CONTROLS, type MoneyControls } from '@kl/contracts/admin/controls';
import type { MerchantControlsRow } from '../../../db/schema/index.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { moneyNumber } from '../../wallet/index.ts';
import { createControlsRepository } from './repository.ts';

/** The controls a row says, in the API's units. */
export function controlsOf(row: MerchantControlsRow | undefined): MoneyControls {
  if (!row) return DEFAULT_MONEY_CONTROLS;
  return {
    creditLimitPerOperatorDay: moneyNumber(row.creditLimitPerOperatorDay),
    creditLimitPerMemberDay: moneyNumber(row.creditLimitPerMemberDay),
    withdrawalSecondApprovalAbove: moneyNumber(row.withdrawalSecondApprovalAbove),
    depositConfirmSecondApprovalAbove: moneyNumber(row.depositConfirmSecondApprovalAbove),
    promotionBonusCap: moneyNumber(row.promotionBonusCap),
    promotionMinTurnoverMultiple: row.promotionMinTurnoverMultiple,
    segregationDays: row.segregationDays,
  };
}

/** The row's columns of a set of controls. */
export function controlsColumns(controls: MoneyControls) {
  return {
    creditLimitPerOperatorDay: BigInt(controls.creditLimitPerOperatorDay),
    creditLimitPerMemberDay: BigInt(controls.creditLimitPerMemberDay),
    withdrawalSecondApprovalAbove: BigInt(controls.withdrawalSecondApprovalAbove),
    depositConfirmSecondApprovalAbove: BigInt(controls.depositConfirmSecondApprovalAbove),
    promotionBonusCap: BigInt(controls.promotionBonusCap),
    promotionMinTurnoverMultiple: controls.promotionMinTurnoverMultiple,
    segregationDays: controls.segregationDays,
  };
}

/**
 * Writes the default controls of a new merchant (`npm run merchant:create`, the demo seed), inside the
 * caller's transaction; a merchant that has them keeps them. Answers whether the row was written.
 */
export async function seedMoneyControls(
  tx: DbOrTx,
  merchantCode: string,
  now = new Date(),
): Promise<boolean> {
  return createControlsRepository(tx).insertIfMissing(
    { merchantCode, ...controlsColumns(DEFAULT_MONEY_CONTROLS), updatedAt: now, updatedBy: null },
    tx,
  );
}

/**
 * The merchant's money controls (docs/back-office.md, "Four eyes"): read by every decision that moves
 * house money, in the decision's transaction when it has one, so a change lands between two decisions and
 * never inside one.
 */
export function createControlsService(deps: { db: Db; clock: Clock; merchantCode: string }) {
  const { db, clock, merchantCode } = deps;
  const controls = createControlsRepository(db);

  return {
    async current(tx: DbOrTx = db): Promise<MoneyControls> {
      return controlsOf(await controls.find(merchantCode, tx));
    },

    /** Sets the controls (a change already approved where it needed to be), in the caller's transaction. */
    async apply(next: MoneyControls, by: string | null, tx: DbOrTx): Promise<MoneyControls> {
      const row = await controls.save(
        { merchantCode, ...controlsColumns(next), updatedAt: clock(), updatedBy: by },
        tx,
      );
      return controlsOf(row);
    },
  };
}
export type ControlsService = ReturnType<typeof createControlsService>;
