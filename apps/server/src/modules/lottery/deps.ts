import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { GameRecordsService } from '../game-records/index.ts';
import type { LedgerService } from '../wallet/index.ts';
import type { LotteryRepository } from './repository.ts';

/**
 * What the lottery service is built from. The draw engine (`draws.ts`), the read models
 * (`read-models.ts`) and betting (`betting.ts`) each take the part of it they use.
 */
export interface LotteryServiceDeps {
  db: Db;
  lottery: LotteryRepository;
  ledgerService: LedgerService;
  clock: Clock;
  /** Refuses a member who may not play now (time-out, self-exclusion); throws a DomainError. */
  checkPlay?: ((memberId: string) => Promise<void>) | undefined;
  /** Records bets in the members' game records when present. */
  gameRecords?: GameRecordsService | undefined;
  /** A new draw seed; 32 random bytes (hex) unless a test says otherwise. */
  newSeed?: (() => string) | undefined;
  /** Told after the commit of a change of a member's balance (platform/member-feed.ts). */
  balanceChanged?: ((memberId: string) => void) | undefined;
}
