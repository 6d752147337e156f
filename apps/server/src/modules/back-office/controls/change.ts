import {
  type ChangeControlsBody,
  type ControlsChange,
  loosens,
  type MoneyControls,
  moneyControls,
} from '@kl/contracts/admin/controls';
import type { Db } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import type { OperatorRequestKindHandler, OperatorRequests } from '../operator-requests.ts';
import type { ControlsService } from './service.ts';

/**
 * Changing the merchant's money controls (docs/back-office.md, "Four eyes"). Raising a limit would let one
 * operator move more money alone, so a change that loosens any control is a `controls.update` request a
 * second, independent owner approves (operator-requests.ts); a change that only tightens them is applied at
 * once. Either way it is audited as `controls.update` with the controls before and after.
 */

/** The `controls.update` kind: approving the request sets the controls it carries. */
export function createControlsChangeKind(deps: {
  merchantCode: string;
  controls: ControlsService;
  audit: AuditLog;
}): OperatorRequestKindHandler {
  const { merchantCode, controls, audit } = deps;
  return {
    area: 'operators',
    label: async () => merchantCode,
    async apply(tx, request, checker) {
      const next = moneyControls.safeParse(request.payload);
      if (!next.success) throw new DomainError('INVALID_INPUT', { reason: 'CONTROLS' });
      const before = await controls.current(tx);
      const after = await controls.apply(next.data, checker.operatorId, tx);
      await audit.record(
        checker,
        { action: 'controls.update', targetType: 'merchant', targetId: merchantCode, before, after },
        tx,
      );
      return {};
    },
  };
}

export function createControlsChange(deps: {
  db: Db;
  merchantCode: string;
  controls: ControlsService;
  audit: AuditLog;
  requests: Pick<OperatorRequests, 'create'>;
}) {
  const { db, merchantCode, controls, audit, requests } = deps;
  return {
    async change(actor: AuditActor, body: ChangeControlsBody): Promise<ControlsChange> {
      const { note, ...asked } = body;
      const next: MoneyControls = moneyControls.parse(asked);
      const current = await controls.current();
      if (loosens(current, next)) {
        const request = await requests.create(actor, {
          kind: 'controls.update',
          target: merchantCode,
          payload: next,
          note,
        });
        return { applied: false, controls: current, request };
      }
      const applied = await db.transaction(async (tx) => {
        const before = await controls.current(tx);
        const after = await controls.apply(next, actor.operatorId, tx);
        await audit.record(
          actor,
          {
            action: 'controls.update',
            targetType: 'merchant',
            targetId: merchantCode,
            before,
            after: { ...after, note },
          },
          tx,
        );
        return after;
      });
      return { applied: true, controls: applied, request: null };
    },
  };
}
export type ControlsChangeService = ReturnType<typeof createControlsChange>;
