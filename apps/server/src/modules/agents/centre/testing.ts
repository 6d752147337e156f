import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { SettlementStatus } from '@kl/contracts/agents';
import type { ContractKind } from '@kl/contracts/agent-contracts';
import { agent, agentContract, agentSettlement, member, memberUpline } from '../../../db/schema/index.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { createLedgerRepository, createLedgerService } from '../../wallet/index.ts';

/**
 * Test helpers of the agent centre: the hierarchy's rows written directly (an agent, and a member
 * attached under an agent with the whole chain above it), as registration through a link records them.
 */

/** Makes a member an agent: a top agent, or a sub-agent one level below its parent. */
export async function makeAgent(db: Db, memberId: string, parentMemberId?: string): Promise<void> {
  const [parent] = parentMemberId
    ? await db.select().from(agent).where(eq(agent.memberId, parentMemberId))
    : [undefined];
  await db
    .insert(agent)
    .values({
      memberId,
      merchantCode: 'kimlong',
      parentMemberId: parent?.memberId ?? null,
      level: parent ? parent.level + 1 : 1,
      createdBy: 'test',
      createdAt: new Date('2030-01-01T00:00:00.000Z'),
    })
    .onConflictDoNothing();
}

/** Attaches a member under an agent: the agent at depth 1, the agent's own uplines further up. */
export async function attach(db: Db, memberId: string, agentMemberId: string): Promise<void> {
  const above = await db.select().from(memberUpline).where(eq(memberUpline.memberId, agentMemberId));
  await db
    .insert(memberUpline)
    .values([
      { memberId, uplineMemberId: agentMemberId, depth: 1 },
      ...above.map((row) => ({ memberId, uplineMemberId: row.uplineMemberId, depth: row.depth + 1 })),
    ]);
}

/** Sets when a member registered. */
export async function registeredAt(db: Db, memberId: string, at: Date): Promise<void> {
  await db.update(member).set({ createdAt: at }).where(eq(member.id, memberId));
}

/** Valid terms of each kind (the contract screens read them back). */
const TERMS: Record<ContractKind, unknown> = {
  salary: { tiers: [{ minTurnover: 1_000_000, minActiveMembers: 1, salary: 10_000 }] },
  dividend: {
    period: 'half_month',
    tiers: [{ minNetLoss: 1_000_000, minActiveMembers: 1, percentBp: 1000 }],
  },
  hourly: { tiers: [{ minTurnover: 100_000, amount: 1_000 }] },
};

/**
 * A settlement of an agent's contract as the settlements write it: `paid` ones credited through the
 * ledger (`agent_commission`).
 */
export async function settlement(
  db: Db,
  clock: Clock,
  row: {
    agentMemberId: string;
    kind: ContractKind;
    periodKey: string;
    start: Date;
    end: Date;
    amount: number;
    status: SettlementStatus;
  },
): Promise<string> {
  const [contract] = await db
    .insert(agentContract)
    .values({
      merchantCode: 'kimlong',
      memberId: row.agentMemberId,
      kind: row.kind,
      status: 'accepted',
      currency: 'VND',
      terms: TERMS[row.kind],
      offeredBy: 'test',
      offeredAt: row.start,
      answeredAt: row.start,
    })
    .returning();
  const posted =
    row.status === 'paid'
      ? await createLedgerService({ db, ledger: createLedgerRepository(db), clock }).post({
          merchantCode: 'kimlong',
          memberId: row.agentMemberId,
          idempotencyKey: `test-commission:${randomUUID()}`,
          kind: 'agent_commission',
          amount: BigInt(row.amount),
        })
      : undefined;
  const [written] = await db
    .insert(agentSettlement)
    .values({
      merchantCode: 'kimlong',
      agentMemberId: row.agentMemberId,
      kind: row.kind,
      periodKey: row.periodKey,
      periodStart: row.start,
      periodEnd: row.end,
      contractId: contract!.id,
      currency: 'VND',
      amount: BigInt(row.amount),
      status: row.status,
      basis: {
        turnover: 0,
        activeMembers: 0,
        netLoss: null,
        carriedIn: null,
        carriedOut: null,
        tier: null,
        percentBp: null,
      },
      ledgerTransactionId: posted?.transactionId ?? null,
      createdAt: clock(),
    })
    .returning({ id: agentSettlement.id });
  return written!.id;
}
