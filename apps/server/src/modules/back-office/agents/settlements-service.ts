import type {
  AdminSettlement,
  AdminSettlementPage,
  adminSettlementsQuery,
  decideSettlementRequest,
} from '@kl/contracts/admin/agents';
import type { SettleResult } from '@kl/contracts/agents';
import type { z } from 'zod';
import { DomainError } from '../../../platform/errors.ts';
import type { AuditActor } from '../audit.ts';
import type { BackOfficeAgentsDeps } from './deps.ts';

/** `by` of a period settled from the back office. */
export const operatorSettler = (actor: AuditActor) => `operator:${actor.username}`;

/**
 * Settlements in the back office (docs/agents.md, "Contracts that pay"): the list with the count awaiting
 * approval, finance's decision (audited in its transaction) and settling a closed period by hand
 * (audited after it ran).
 */
export function createSettlementAdminService(deps: Pick<BackOfficeAgentsDeps, 'audit' | 'agents'>) {
  const { audit } = deps;
  const settlements = deps.agents.settlementService;

  return {
    async list(query: z.output<typeof adminSettlementsQuery>): Promise<AdminSettlementPage> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total, awaitingApproval } = await settlements.list(filter, { pageNo, pageSize });
      return { list, pageNo, pageSize, total, awaitingApproval };
    },

    async decide(
      actor: AuditActor,
      settlementId: string,
      request: z.output<typeof decideSettlementRequest>,
    ): Promise<AdminSettlement> {
      if (actor.operatorId === null) throw new DomainError('NOT_LOGGED_IN');
      return settlements.decide(
        settlementId,
        request.decision,
        { id: actor.operatorId, username: actor.username },
        request.note,
        ({ before, after }, tx) =>
          audit.record(
            actor,
            {
              action: request.decision === 'approve' ? 'agent_settlement.approve' : 'agent_settlement.refuse',
              targetType: 'agent_settlement',
              targetId: settlementId,
              before,
              after,
            },
            tx,
          ),
      );
    },

    async settlePeriod(actor: AuditActor, period: string): Promise<SettleResult> {
      const result = await settlements.settle(period, { by: operatorSettler(actor) });
      await audit.record(actor, {
        action: 'agent_settlement.settle_period',
        targetType: 'agent_period',
        targetId: period,
        after: result,
      });
      return result;
    },
  };
}

export type SettlementAdminService = ReturnType<typeof createSettlementAdminService>;
