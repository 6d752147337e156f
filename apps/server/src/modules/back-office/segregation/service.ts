import { accessOf } from '@kl/contracts/admin/access';
import type { SegregationReason } from '@kl/contracts/admin/money';
import type { OperatorRow } from '../../../db/schema/index.ts';
import { type Clock, DAY_MS } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import type { ControlsService } from '../controls/service.ts';
import { createSegregationRepository } from './repository.ts';

/** Who may pay a member's withdrawal, and who may not and why. */
export interface Approvers {
  /** Active operators who may not approve it, by id, with their reasons. */
  blocked: Map<string, { username: string; reasons: SegregationReason[] }>;
  /** Active operators with write access to withdrawals who may approve it. */
  eligible: OperatorRow[];
}

/**
 * Segregation of duties (docs/back-office.md, "Four eyes"): for the merchant's `segregationDays` after an
 * operator gave a member money — asked for a manual credit to them, created, wrote or published a promotion
 * they claimed, proposed their agent contract — that operator may not approve the member's withdrawals; nor
 * may the first approver of a withdrawal give it its second approval; nor may an operator whose invitation
 * link such an operator held, or who held theirs (docs/decisions/033-operator-credentials.md).
 */
export function createSegregation(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  controls: ControlsService;
}) {
  const { db, clock, merchantCode, controls } = deps;
  const segregation = createSegregationRepository(db);

  return {
    async approvers(
      request: { memberId: string; firstApprovedBy: string | null },
      tx: DbOrTx = db,
    ): Promise<Approvers> {
      const { segregationDays } = await controls.current(tx);
      const since = new Date(clock().getTime() - segregationDays * DAY_MS);
      const involved =
        segregationDays === 0
          ? []
          : await segregation.involved({ merchantCode, memberId: request.memberId, since }, tx);
      const active = await segregation.activeOperators(merchantCode, tx);
      const reasons = new Map<string, Set<SegregationReason>>();
      const add = (operatorId: string, reason: SegregationReason) =>
        reasons.set(operatorId, (reasons.get(operatorId) ?? new Set()).add(reason));
      for (const { operatorId, reason } of involved) add(operatorId, reason);
      if (request.firstApprovedBy !== null) add(request.firstApprovedBy, 'first_approval');
      // An account whose invitation link one of them held, or who held theirs, counts as theirs.
      const kept = new Set(reasons.keys());
      const issuers = await segregation.credentialIssuers([...kept], tx);
      for (const row of active) {
        if (kept.has(row.id)) continue;
        const issuedByKept = row.credentialsIssuedBy !== null && kept.has(row.credentialsIssuedBy);
        const issuedKept = [...kept].some((id) => issuers.get(id) === row.id);
        if (issuedByKept || issuedKept) add(row.id, 'credentials');
      }

      const blocked: Approvers['blocked'] = new Map();
      const eligible: OperatorRow[] = [];
      for (const row of active) {
        const why = reasons.get(row.id);
        if (why) blocked.set(row.id, { username: row.username, reasons: [...why].sort() });
        else if (accessOf(row.role, row.readOnly).withdrawals === 'write') eligible.push(row);
      }
      return { blocked, eligible };
    },
  };
}
export type Segregation = ReturnType<typeof createSegregation>;
