import { MEMBER_RESTRICTED_REASONS, type MemberRestrictionKind } from '@kl/contracts/admin/risk';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import { createRiskRepository } from './repository.ts';

export { createRiskRepository, memberTagged, type NewRiskSignal, type RiskRepository } from './repository.ts';
export { bonusStanding, createRiskSignals, type RiskSignals } from './signals.ts';

/**
 * Risk on members (docs/back-office.md, "Risk queue, notes, tags and restrictions"): the module owns the
 * signals, notes, tags and restrictions. Modules that see an event write its signal through
 * `createRiskRepository(db).recordSignal(…, tx)`, or ask `createRiskSignals(db)` for the signals the
 * withdrawal flags' rules raise at a registration and a bonus claim; the promotions and withdrawal services refuse a
 * restricted member with `requireUnrestricted` in the transaction that would grant them.
 */
export function createRestrictionCheck(db: Db) {
  const risk = createRiskRepository(db);
  return {
    /** MEMBER_RESTRICTED (403, with `reason`) when an operator kept the member from `kind`. */
    async requireUnrestricted(memberId: string, kind: MemberRestrictionKind, tx: DbOrTx = db) {
      if (await risk.restrictionOf(memberId, kind, tx)) {
        throw new DomainError('MEMBER_RESTRICTED', { reason: MEMBER_RESTRICTED_REASONS[kind] });
      }
    },
  };
}
