import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, GUARD_FAILURES } from '../guard.ts';
import type { BackOfficeAgentsDeps } from './deps.ts';
import { createSettlementAdminService } from './settlements-service.ts';

/** Settlements: the list, finance's approval, settling a period by hand (docs/agents.md, "Contracts that pay"). */
export function registerSettlementAdminRoutes(app: FastifyInstance, deps: BackOfficeAgentsDeps): void {
  const { guard } = deps;
  const service = createSettlementAdminService(deps);

  route(app, 'adminSettlements', {
    ...guard.guarded('adminSettlements'),
    summary:
      'Settlements of the agents’ contracts, the latest period first, with the count awaiting approval',
    description:
      'Filters: status, contract kind, part of the agent’s username. `awaitingApproval` counts every ' +
      'settlement waiting for finance, whatever the filters.',
    failures: GUARD_FAILURES,
    handler: (request) => service.list(request.query),
  });

  route(app, 'adminDecideSettlement', {
    ...guard.guarded('adminDecideSettlement'),
    summary: 'Approve (credited to the agent’s wallet) or refuse a settlement awaiting approval',
    description:
      'Only a settlement awaiting approval (beyond the running total paid at once within ' +
      'AGENT_SETTLEMENT_APPROVAL_THRESHOLD) is decided, once: any other, or a second decision, is 409 ' +
      'SETTLEMENT_CLOSED { status }. Unknown settlement: 404. The operator who proposed or approved its ' +
      'contract may not approve it: 409 SECOND_APPROVER_REQUIRED { reason: contract_proposer | ' +
      'contract_approver }. Approving posts one `agent_commission` ledger transaction in the decision’s ' +
      'transaction.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'SETTLEMENT_CLOSED', 'SECOND_APPROVER_REQUIRED'],
    handler: (request) => service.decide(actorOf(request), request.params.settlementId, request.body),
  });

  route(app, 'adminSettlePeriod', {
    ...guard.guarded('adminSettlePeriod'),
    summary: 'Settle a closed period by hand (as `npm run agents:settle -- --period …` does)',
    description:
      'A day settles its daily salaries and the hourly salaries of its 24 hours; an hour its hourly ' +
      'salaries; `YYYY-MM-H1`, `YYYY-MM-H2` and `YYYY-MM` the dividends of that period (GMT+8). A period not ' +
      'over yet: 409 PERIOD_NOT_CLOSED. Settling again writes and pays nothing (`alreadySettled`).',
    failures: [...GUARD_FAILURES, 'PERIOD_NOT_CLOSED'],
    handler: (request) => service.settlePeriod(actorOf(request), request.body.period),
  });
}
