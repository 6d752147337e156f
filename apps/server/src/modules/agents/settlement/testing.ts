import type { OperatorRole } from '@kl/contracts/admin/access';
import type { ContractTerms } from '@kl/contracts/agent-contracts';
import { agent, agentContract, memberUpline } from '../../../db/schema/index.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { DatabaseKind, Db } from '../../../platform/db.ts';
import { signInOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { createGameRecordsModule } from '../../game-records/index.ts';
import { createWalletModule } from '../../wallet/index.ts';

/**
 * Test helpers of the settlements: a top agent and its direct members written directly (as the
 * hierarchy records them), an accepted contract, and rounds played and settled as a game does (the
 * stake and payout through the ledger, the round in the game records).
 */
export function settlementFixtures(deps: { db: () => Db; clock: Clock }) {
  let rounds = 0;
  const modules = () => {
    const db = deps.db();
    return {
      db,
      ledger: createWalletModule({ db, clock: deps.clock }).ledgerService,
      records: createGameRecordsModule({ db, clock: deps.clock }).gameRecordsService,
    };
  };

  return {
    /** Writes the agent row of a top agent. */
    async topAgent(memberId: string): Promise<void> {
      await deps.db().insert(agent).values({
        memberId,
        merchantCode: 'kimlong',
        parentMemberId: null,
        level: 1,
        createdBy: 'test',
        createdAt: deps.clock(),
      });
    },

    /** Puts members in the agent's direct downline. */
    async underAgent(agentMemberId: string, memberIds: readonly string[]): Promise<void> {
      await deps
        .db()
        .insert(memberUpline)
        .values(memberIds.map((memberId) => ({ memberId, uplineMemberId: agentMemberId, depth: 1 })));
    },

    /** A contract the agent accepted now; answers its id. */
    async accepted(memberId: string, contract: ContractTerms): Promise<string> {
      const now = deps.clock();
      const [row] = await deps
        .db()
        .insert(agentContract)
        .values({
          merchantCode: 'kimlong',
          memberId,
          kind: contract.kind,
          status: 'accepted',
          currency: 'VND',
          terms: contract.terms,
          offeredBy: 'operator',
          offeredAt: new Date(now.getTime() - 1000),
          answeredAt: now,
        })
        .returning({ id: agentContract.id });
      return row!.id;
    },

    /** One round of the in-house slot, staked and settled now. */
    async play(memberId: string, stake: number, payout = 0): Promise<void> {
      const { db, ledger, records } = modules();
      rounds += 1;
      const roundKey = `settlement-test-${process.pid}-${rounds}`;
      const vendorCode = 'KLSLOT';
      await db.transaction(async (tx) => {
        const bet = await ledger.post(
          {
            merchantCode: 'kimlong',
            memberId,
            idempotencyKey: `bet:${vendorCode}:${roundKey}`,
            kind: 'bet',
            amount: BigInt(stake),
          },
          tx,
        );
        await records.recordRound(
          {
            merchantCode: 'kimlong',
            memberId,
            vendorCode,
            roundKey,
            gameId: 'kl-slot',
            nodeId: 'kl-slot',
            gameType: 'RNG',
            gameName: 'Kim Long Slot',
            stake: BigInt(stake),
            betTransactionId: bet.transactionId,
          },
          tx,
        );
        const win =
          payout > 0
            ? await ledger.post(
                {
                  merchantCode: 'kimlong',
                  memberId,
                  idempotencyKey: `win:${vendorCode}:${roundKey}`,
                  kind: 'win',
                  amount: BigInt(payout),
                },
                tx,
              )
            : undefined;
        await records.settleRound(
          {
            merchantCode: 'kimlong',
            vendorCode,
            roundKey,
            outcome: 'settled',
            payout: BigInt(payout),
            settleTransactionId: win?.transactionId ?? null,
          },
          tx,
        );
      });
    },
  };
}

/**
 * A back-office suite of the settlements (test/back-office.ts) with the approval threshold set and the
 * fixtures above, for tests that move the clock: `moveTo` an instant, `signInAgain` the suite's operators
 * (their sessions idle out meanwhile).
 */
export function useSettlementSuite<Name extends string>(
  kind: DatabaseKind,
  roles: Readonly<Record<Name, OperatorRole>>,
  threshold: number,
) {
  const office = useBackOfficeSuite(kind, roles, { config: { agentSettlementApprovalThreshold: threshold } });
  const { suite, operators } = office;
  const { time } = suite;
  const db = () => suite.database.current.db;
  return {
    ...office,
    db,
    fixtures: settlementFixtures({ db, clock: time.clock }),
    /** Moves the test clock forward to an instant. */
    moveTo(iso: string): void {
      const by = Date.parse(iso) - time.clock().getTime();
      if (by < 0) throw new Error(`the clock is already past ${iso}`);
      time.advance(by);
    },
    async signInAgain(): Promise<void> {
      for (const name of Object.keys(roles) as Name[]) {
        const current = operators[name];
        operators[name] = await signInOperator(suite.app, time, current.username, current.secret);
      }
    },
  };
}
