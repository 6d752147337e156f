import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { TRIAL_CREDIT_AMOUNT } from '@kl/contracts/wallet';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { BackgroundJob } from '../../platform/module.ts';
import { createHouseRollUp } from './house-roll-up.ts';
import { createLedgerRepository } from './ledger-repository.ts';
import { createLedgerService } from './ledger-service.ts';
import { walletRoutes } from './routes.ts';
import { createWageringRules } from './wagering.ts';
import { createWageringRepository } from './wagering-repository.ts';
import { createWageringService } from './wagering-service.ts';

export {
  checkLedger,
  type ExtraCheck,
  houseEntryTotals,
  LEDGER_CHECK_EXIT,
  type LedgerCheckReport,
  type LedgerProblem,
  runLedgerCheck,
} from './ledger-check.ts';
export {
  availableBalanceOf,
  countMembersReaching,
  createLedgerRepository,
  type LedgerRepository,
  paidDepositsOf,
} from './ledger-repository.ts';
export {
  createLedgerService,
  type LedgerService,
  type PostedTransaction,
  type PostRequest,
} from './ledger-service.ts';
export { moneyNumber } from './money.ts';
export { seedWageringSetting } from './seed.ts';
export { checkWagering } from './wagering-check.ts';
export {
  type BonusTurnoverTerms,
  DEFAULT_WAGERING_SETTING,
  type SettledRound,
  type WageringRules,
} from './wagering.ts';
export { createWageringRepository, type WageringRepository } from './wagering-repository.ts';
export { forfeitKey, type WageringService } from './wagering-service.ts';
export { walletAnswer, walletRoutes } from './routes.ts';

/** The idempotency key of a trial member's demo credit: one per member, ever. */
export const trialCreditKey = (memberId: string) => `trial_credit:${memberId}`;

/**
 * The ledger, the turnover rules that follow it and the wallet calls. Built before the accounts modules:
 * their trial login gives each new trial member the demo credit through `creditTrialMember`, inside the
 * transaction that creates it. Games report settled rounds to `wageringRules.roundSettled` (through the
 * game records); promotions start a claimed bonus's requirement with `wageringRules.bonusClaimed`.
 */
export function createWalletModule(deps: { db: Db; clock: Clock; houseRollUp?: boolean }) {
  const ledger = createLedgerRepository(deps.db);
  const wagering = createWageringRepository(deps.db);
  const wageringRules = createWageringRules({ wagering, clock: deps.clock });
  const ledgerService = createLedgerService({
    db: deps.db,
    ledger,
    clock: deps.clock,
    wagering: wageringRules,
  });
  const wageringService = createWageringService({
    db: deps.db,
    wagering,
    rules: wageringRules,
    ledgerService,
    clock: deps.clock,
  });
  return {
    ledgerService,
    wageringRules,
    wageringService,
    /** Posts the demo credit of a new trial member (once per member). */
    async creditTrialMember(member: { id: string; merchantCode: string }, tx: DbOrTx): Promise<void> {
      await ledgerService.post(
        {
          merchantCode: member.merchantCode,
          memberId: member.id,
          idempotencyKey: trialCreditKey(member.id),
          kind: 'trial_credit',
          amount: BigInt(TRIAL_CREDIT_AMOUNT),
          reference: 'trial',
        },
        tx,
      );
    },
    /** The roll-up of the house accounts (when on: outside tests). */
    jobs(log: FastifyBaseLogger): BackgroundJob[] {
      return deps.houseRollUp ? [createHouseRollUp({ ledger, log })] : [];
    },
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(walletRoutes, { ledgerService, wageringService, guards });
    },
  };
}

export type WalletModule = ReturnType<typeof createWalletModule>;
