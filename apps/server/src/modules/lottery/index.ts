import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { GameRecordsService } from '../game-records/index.ts';
import type { LedgerService } from '../wallet/index.ts';
import { createLotteryRepository } from './repository.ts';
import { lotteryRoutes } from './routes.ts';
import { createLotteryScheduler } from './scheduler.ts';
import { createLotteryService } from './service.ts';

export type {
  LotteryDrawRow,
  LotteryGameRow,
  LotteryOddsRow,
  NewLotteryGame,
} from '../../db/schema/index.ts';
export { createLotteryRepository, type DrawTotals, type LotteryRepository, NO_BETS } from './repository.ts';
export { createLotteryScheduler, type LotteryScheduler } from './scheduler.ts';
export { seedLottery } from './seed.ts';
export {
  createLotterySetupRepository,
  type DrawBacklog,
  type LotteryEdit,
  type LotterySetupRepository,
  type OddsKey,
} from './setup-repository.ts';
export { standardOddsRows } from './standard-odds.ts';
export {
  createLotteryService,
  LOTTERY_VENDOR_CODE,
  lotteryBetKey,
  lotteryCancelKey,
  lotteryWinKey,
  type LotteryService,
  type DrawVoided,
  type OnDrawVoided,
} from './service.ts';
import { type BackgroundJob, type ModuleContext, onLeaderOnly } from '../../platform/module.ts';

/**
 * The in-house lottery wired together: the service, its /api/lottery calls and the draw scheduler. The
 * scheduler runs only when `scheduler` is true (the app turns it on outside tests): it starts when the app
 * is ready (after catching up on missed draws) and stops when it closes.
 */
export function createLotteryModule(
  deps: Pick<ModuleContext, 'db' | 'clock' | 'config'> & {
    ledgerService: LedgerService;
    checkPlay?: ((memberId: string) => Promise<void>) | undefined;
    gameRecords?: GameRecordsService | undefined;
    scheduler: boolean;
    /** Told after the commit of a change of a member's balance (platform/member-feed.ts). */
    balanceChanged?: ((memberId: string) => void) | undefined;
  },
) {
  const lotteryService = createLotteryService({
    db: deps.db,
    lottery: createLotteryRepository(deps.db),
    ledgerService: deps.ledgerService,
    clock: deps.clock,
    checkPlay: deps.checkPlay,
    gameRecords: deps.gameRecords,
    balanceChanged: deps.balanceChanged,
  });
  return {
    lotteryService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(lotteryRoutes, { lotteryService, guards, merchantCode: deps.config.merchantCode });
    },
    /** The draw scheduler (when enabled). */
    jobs(log: FastifyBaseLogger): BackgroundJob[] {
      return deps.scheduler
        ? [onLeaderOnly(createLotteryScheduler({ lotteryService, clock: deps.clock, log }))]
        : [];
    },
  };
}

export type LotteryModule = ReturnType<typeof createLotteryModule>;
