import { createLotteryBetting } from './betting.ts';
import type { LotteryServiceDeps } from './deps.ts';
import { createLotteryDraws } from './draws.ts';
import { createLotteryReadModels } from './read-models.ts';
import { createLotteryVoiding } from './voiding.ts';

export type { LotteryServiceDeps } from './deps.ts';
export { settlementOf } from './draws.ts';
export { LOTTERY_VENDOR_CODE, lotteryBetKey, lotteryCancelKey, lotteryWinKey } from './keys.ts';
export { toDrawResult, toOpenDraw } from './mapping.ts';
export type { DrawVoided, OnDrawVoided, VoidOutcome } from './voiding.ts';

/**
 * The in-house lottery: games and their draws (created ahead, committed by the seed's hash), drawing and
 * settling (one process per draw, through row locks), and members' bets through the ledger. Composed of
 * the draw engine (`draws.ts`), the read models (`read-models.ts`), betting (`betting.ts`) and voiding a
 * draw (`voiding.ts`, the back office's).
 */
export function createLotteryService(deps: LotteryServiceDeps) {
  const draws = createLotteryDraws(deps);
  return {
    ensureDraws: draws.ensureDraws,
    drawOne: draws.drawOne,
    settleDraw: draws.settleDraw,
    runDue: draws.runDue,
    hasDue: draws.hasDue,
    ensureAllDraws: draws.ensureAllDraws,
    ...createLotteryReadModels(deps, draws),
    ...createLotteryBetting(deps),
    ...createLotteryVoiding(deps),
  };
}

export type LotteryService = ReturnType<typeof createLotteryService>;
