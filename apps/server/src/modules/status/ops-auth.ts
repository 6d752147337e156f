import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../platform/errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Operator calls carry `Authorization: Bearer <OPS_TOKEN>`. Without OPS_TOKEN they do not exist (404);
 * a missing or wrong token is NOT_LOGGED_IN (401). Compared in constant time.
 */
export function checkOpsToken(opsToken: string | undefined, authorization: string | undefined): void {
  if (opsToken === undefined) throw new DomainError('NOT_FOUND');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1] || !timingSafeEqual(digest(match[1]), digest(opsToken))) {
    throw new DomainError('NOT_LOGGED_IN');
  }
}
