import type { FastifyBaseLogger } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { intervalJob } from '../../platform/module.ts';
import type { ProviderWalletService } from './service.ts';

/** How often the providers' rounds left open are looked for. */
export const CLOSE_ROUNDS_TICK_MS = 10 * MINUTE_MS;

/**
 * Closes the providers' rounds left open, on the leader process (docs/decisions/064-open-provider-rounds.md):
 * every CLOSE_ROUNDS_TICK_MS, `closeOpenRounds` settles or voids each round whose provider's time is up. A
 * round that fails is logged and tried again at the next tick. The same pass deletes the nonces of signed
 * calls whose window is over (docs/decisions/070-provider-replay-window.md).
 */
export function createCloseRoundsScheduler(deps: {
  service: Pick<ProviderWalletService, 'closeOpenRounds' | 'pruneNonces'>;
  log: FastifyBaseLogger;
  tickMs?: number;
}) {
  const { service, log } = deps;
  return intervalJob(
    async () => {
      const closed = await service.closeOpenRounds((round, error) =>
        log.error({ err: error, round }, 'a provider round left open could not be closed'),
      );
      if (closed.settled + closed.voided + closed.failed > 0)
        log[closed.failed > 0 ? 'warn' : 'info'](closed, 'provider rounds left open closed');
      await service.pruneNonces();
    },
    deps.tickMs ?? CLOSE_ROUNDS_TICK_MS,
    (error) => log.error({ err: error }, 'closing provider rounds failed'),
  );
}
