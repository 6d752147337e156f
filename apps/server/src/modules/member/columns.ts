import { REAL_MEMBER_TYPES } from '@kl/contracts/accounts';
import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { member } from '../../db/schema/index.ts';
import { prefixPattern } from '../../platform/like-pattern.ts';

/**
 * The member table in other modules' statements, as subqueries over a member id of the outer query
 * (docs/decisions/037-table-owners.md): a module that shows a member's username beside its own rows, or
 * narrows them by it, asks for these instead of joining the member table itself.
 */

/** The username of the member whose id is `memberId`. */
export function memberUsername(memberId: SQLWrapper): SQL<string> {
  return sql<string>`(select m.username from ${member} m where m.id = ${memberId})`;
}

/** The registered payee name of the member whose id is `memberId` (null: none). */
export function memberPayeeName(memberId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select m.payee_name from ${member} m where m.id = ${memberId})`;
}

/** The ids of the merchant's members whose username starts with `prefix`, in any case. */
export function membersByUsernamePrefix(merchantCode: string, prefix: string): SQL {
  return sql`(select m.id from ${member} m
    where m.merchant_code = ${merchantCode} and m.username ilike ${prefixPattern(prefix)})`;
}

/** The ids of the merchant's real members (types 0, 1, 2), those whose username starts with `prefix` if given. */
export function realMemberIds(merchantCode: string, prefix?: string): SQL {
  const named = prefix ? sql` and m.username ilike ${prefixPattern(prefix)}` : sql``;
  return sql`(select m.id from ${member} m
    where m.merchant_code = ${merchantCode}
      and m.type in (${sql.join(
        REAL_MEMBER_TYPES.map((type) => sql`${type}`),
        sql`, `,
      )})${named})`;
}
