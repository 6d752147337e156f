import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { GameRoundRow } from '../../db/schema/index.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import { createGameRecordsRepository } from './repository.ts';
import { gameRecordsRoutes } from './routes.ts';
import { createGameRecordsService } from './service.ts';

export {
  createGameRecordsRepository,
  type GameRecordFilter,
  type GameRecordsRepository,
  type OpenRoundKey,
  type OperatorRoundFilter,
} from './repository.ts';
export {
  createGameRecordsService,
  type GameRecordsService,
  type RecordRoundRequest,
  gameRecordOf,
  type RoundResult,
  type SettleRoundRequest,
} from './service.ts';

/**
 * Game records: the service games record their rounds through (`gameRecordsService.recordRound` and
 * `settleRound`, inside their own transaction; `addStake`, `adjustOpenRound` and `endRound` for a provider's
 * rounds of several stakes and wins) and the member's GET /api/game-records.
 */
export function createGameRecordsModule(deps: {
  db: Db;
  clock: Clock;
  /** Told of every round settled with a stake, inside its transaction (the turnover rules). */
  onSettled?: (round: GameRoundRow, tx: DbOrTx) => Promise<void>;
}) {
  const gameRecordsService = createGameRecordsService({
    db: deps.db,
    rounds: createGameRecordsRepository(deps.db),
    clock: deps.clock,
    onSettled: deps.onSettled,
  });
  return {
    gameRecordsService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(gameRecordsRoutes, { gameRecordsService, guards });
    },
  };
}

export type GameRecordsModule = ReturnType<typeof createGameRecordsModule>;
