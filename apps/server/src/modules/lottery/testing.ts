import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { createGameRecordsModule } from '../game-records/index.ts';
import { createLedgerRepository, createLedgerService } from '../wallet/index.ts';
import { createLotteryRepository } from './repository.ts';
import { createLotteryService } from './service.ts';

/** The draw machine as the scheduler runs it (draws ahead, drawing, settling), for suites that move time. */
export function createTestDrawMachine(db: Db, clock: Clock) {
  return createLotteryService({
    db,
    lottery: createLotteryRepository(db),
    ledgerService: createLedgerService({ db, ledger: createLedgerRepository(db), clock }),
    clock,
    gameRecords: createGameRecordsModule({ db, clock }).gameRecordsService,
  });
}
