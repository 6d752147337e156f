import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/crypto.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { affiliateCode, agent, member, memberUpline } from '../schema/index.ts';
import {
  DEMO_AFFILIATE_CODE,
  DEMO_AGENT,
  DEMO_AGENT_PASSWORD,
  DEMO_DOWNLINE,
  DEMO_SUB_AGENT_CAMPAIGN,
  DEMO_SUB_AGENT_CODE,
  KIMLONG,
} from './kimlong.ts';

const DAY_MS = 86_400_000;

async function memberIdOf(tx: DbOrTx, username: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.merchantCode, KIMLONG.code), sql`lower(${member.username}) = lower(${username})`));
  return row?.id;
}

/**
 * The demo agent and its team (docs/agents.md, "Hierarchy", "Agent links"): a top agent with a member
 * link (the invitation code KL2026) and a sub-agent link with a campaign, and a couple of members of its
 * direct downline registered through the member link. Only what is missing is written; an agent row that
 * exists already means the team was seeded, and nothing of it is touched again. Answers the links created.
 */
export async function seedDemoAgent(tx: DbOrTx): Promise<number> {
  let passwordHash: string | undefined;
  const hashed = async () => (passwordHash ??= await hashPassword(DEMO_AGENT_PASSWORD));
  if (!(await memberIdOf(tx, DEMO_AGENT.username))) {
    await tx
      .insert(member)
      .values({ ...DEMO_AGENT, passwordHash: await hashed() })
      .onConflictDoNothing();
  }
  const agentId = await memberIdOf(tx, DEMO_AGENT.username);
  if (!agentId) return 0;
  const now = new Date();
  const codes = await tx
    .insert(affiliateCode)
    .values([
      { merchantCode: KIMLONG.code, code: DEMO_AFFILIATE_CODE, agentMemberId: agentId, createdAt: now },
      {
        merchantCode: KIMLONG.code,
        code: DEMO_SUB_AGENT_CODE,
        agentMemberId: agentId,
        kind: 'agent',
        campaign: DEMO_SUB_AGENT_CAMPAIGN,
        createdAt: now,
      },
    ])
    .onConflictDoNothing()
    .returning({ code: affiliateCode.code });

  const made = await tx
    .insert(agent)
    .values({
      memberId: agentId,
      merchantCode: KIMLONG.code,
      parentMemberId: null,
      level: 1,
      createdBy: 'operator:demo-seed',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ memberId: agent.memberId });
  if (made.length === 0) return codes.length;
  // A database seeded before agents had one made the demo agent a plain agent-site member.
  await tx
    .update(member)
    .set({ type: 1, passwordHash: await hashed(), updatedAt: now })
    .where(eq(member.id, agentId));

  for (const { username, daysAgo } of DEMO_DOWNLINE) {
    const registeredAt = new Date(now.getTime() - daysAgo * DAY_MS);
    const [created] = await tx
      .insert(member)
      .values({
        merchantCode: KIMLONG.code,
        username,
        type: 0,
        affiliateCode: DEMO_AFFILIATE_CODE,
        registerMethod: 'H5',
        createdAt: registeredAt,
        updatedAt: registeredAt,
      })
      .onConflictDoNothing()
      .returning({ id: member.id });
    if (!created) continue;
    await tx.insert(memberUpline).values({ memberId: created.id, uplineMemberId: agentId, depth: 1 });
    await tx
      .update(affiliateCode)
      .set({
        registrations: sql`${affiliateCode.registrations} + 1`,
        clicks: sql`${affiliateCode.clicks} + 3`,
      })
      .where(and(eq(affiliateCode.merchantCode, KIMLONG.code), eq(affiliateCode.code, DEMO_AFFILIATE_CODE)));
  }
  return codes.length;
}
