import { inArray } from 'drizzle-orm';
import { operator } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';

/**
 * Maker–checker (docs/decisions/033-operator-credentials.md): whoever asks for something that needs a
 * second operator never approves it, and neither does anyone whose credentials the requester could know.
 *
 * Refuses, with 409:
 * - SECOND_APPROVER_REQUIRED when the checker is the requester;
 * - APPROVER_NOT_INDEPENDENT when either one's current credentials were issued by the other: one of them
 *   held the other's invitation link (the link of a new operator is held by its creator, the link after a
 *   reset by the owner who approved it), so could have set that account's password and two-factor
 *   themselves.
 *
 * Operators made on the command line (`npm run operator:create`) have no issuer: owners who must be able to
 * check each other are made there.
 */
export async function assertIndependentChecker(
  tx: DbOrTx,
  requesterId: string,
  checkerId: string,
): Promise<void> {
  if (requesterId === checkerId) throw new DomainError('SECOND_APPROVER_REQUIRED');
  const rows = await tx
    .select({ id: operator.id, issuedBy: operator.credentialsIssuedBy })
    .from(operator)
    .where(inArray(operator.id, [requesterId, checkerId]));
  const issuerOf = new Map(rows.map((row) => [row.id, row.issuedBy]));
  if (issuerOf.get(requesterId) === checkerId || issuerOf.get(checkerId) === requesterId) {
    throw new DomainError('APPROVER_NOT_INDEPENDENT');
  }
}
