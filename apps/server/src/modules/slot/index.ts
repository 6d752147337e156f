import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { GameRecordsService } from '../game-records/index.ts';
import { createGamesRepository } from '../games/index.ts';
import type { LedgerService } from '../wallet/index.ts';
import { createSlotRepository } from './repository.ts';
import { slotRoutes } from './routes.ts';
import { createSlotService } from './service.ts';

export { checkJackpots } from './jackpot-check.ts';
export { createSlotRepository, type SlotRepository } from './repository.ts';
export { createSlotService, machineInfo, type SlotService, slotRoundKey } from './service.ts';

/** The in-house provably fair slot wired together: its service and its routes under /api/slot. */
export function createSlotModule(deps: {
  db: Db;
  clock: Clock;
  config: { merchantCode: string };
  ledgerService: LedgerService;
  gameRecordsService?: GameRecordsService | undefined;
  checkPlay?: ((memberId: string) => Promise<void>) | undefined;
}) {
  const slotService = createSlotService({
    db: deps.db,
    clock: deps.clock,
    slots: createSlotRepository(deps.db),
    games: createGamesRepository(deps.db),
    ledgerService: deps.ledgerService,
    gameRecords: deps.gameRecordsService,
    checkPlay: deps.checkPlay,
  });
  return {
    slotService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(slotRoutes, { slotService, guards, merchantCode: deps.config.merchantCode });
    },
  };
}
