import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import type { ProviderReconciliation } from '../../provider-wallet/index.ts';
import type { AuditLog } from '../audit.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';

/**
 * The game providers' daily reconciliation in the back office (docs/decisions/028-provider-reconciliation.md):
 * the stored runs and one run's differences (reads, not audited), and a run by hand (audited once it ran).
 */
export function registerReconciliationRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; audit: AuditLog; reconciliation: ProviderReconciliation },
): void {
  const { guard, audit, reconciliation } = deps;

  route(app, 'adminReconciliations', {
    ...guard.guarded('adminReconciliations'),
    summary: 'The providers’ daily reconciliation runs, the latest day first',
    description: 'Filters: provider, runs with differences only. Amounts in minor units.',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reconciliation.list(request.query);
    },
  });

  route(app, 'adminReconciliation', {
    ...guard.guarded('adminReconciliation'),
    summary: 'One reconciliation run with every difference found',
    description:
      'Kinds: missing_at_operator, missing_at_provider, amount_mismatch, status_mismatch (accepted or ' +
      'rolled back on one side only), round_not_closed. Unknown run: 404 NOT_FOUND.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reconciliation.get(request.params.runId);
    },
  });

  route(app, 'adminRunReconciliation', {
    ...guard.guarded('adminRunReconciliation'),
    summary: 'Reconcile a provider’s UTC day now (as `npm run provider:reconcile` does); replaces its result',
    description:
      'A day not over yet: 409 PERIOD_NOT_CLOSED; unknown provider: 404 NOT_FOUND; the provider’s report ' +
      'not to be had: 503 GAME_PROVIDER_UNAVAILABLE (nothing stored).',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'PERIOD_NOT_CLOSED', 'GAME_PROVIDER_UNAVAILABLE'],
    handler: async (request) => {
      const actor = actorOf(request);
      const { providerCode, day } = request.body;
      const run = await reconciliation.run(providerCode, day, `operator:${actor.username}`);
      await audit.record(actor, {
        action: 'provider_reconciliation.run',
        targetType: 'provider_reconciliation',
        targetId: `${providerCode}:${day}`,
        after: { runId: run.runId, status: run.status, differenceCount: run.differenceCount },
      });
      return run;
    },
  });
}
