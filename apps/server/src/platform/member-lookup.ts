import { and, eq, sql } from 'drizzle-orm';
import { member } from '../db/schema/index.ts';
import type { DbOrTx } from './db.ts';

/**
 * The select of a member of the merchant by username, in any case (usernames compare without regard to
 * case): its id, username and type. The caller awaits it, or locks it first (`.for('update')`).
 */
export function selectMemberByUsername(tx: DbOrTx, merchantCode: string, username: string) {
  return tx
    .select({ id: member.id, username: member.username, type: member.type })
    .from(member)
    .where(and(eq(member.merchantCode, merchantCode), sql`lower(${member.username}) = lower(${username})`));
}

/**
 * A member by id, locked for the rest of the caller's transaction (the row that serialises changes of one
 * member: making it an agent, offering it a contract): its id, merchant, username and type.
 */
export async function lockMemberById(tx: DbOrTx, memberId: string) {
  const [row] = await tx
    .select({
      id: member.id,
      merchantCode: member.merchantCode,
      username: member.username,
      type: member.type,
    })
    .from(member)
    .where(eq(member.id, memberId))
    .for('update');
  return row;
}
