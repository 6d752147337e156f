import type { LoginHistoryEntry } from '@kl/contracts/accounts';
import type { loginAttempt } from '../../db/schema/index.ts';
import { geoIpCountry } from '../../platform/geo-ip.ts';
import { describeUserAgent } from './user-agent.ts';

/**
 * One entry of a member's login history (docs/product.md, "Account security"), for the member centre and
 * the back office's member view: a sign-in (a session started, however) or a refusal naming the member.
 * Entries kept before the method was recorded have none (null). The region is the address's country by the
 * site's geo-IP data, looked up when read: approximate, and null for a private address.
 */
export function loginHistoryEntryOf(row: typeof loginAttempt.$inferSelect): LoginHistoryEntry {
  return {
    at: row.createdAt.toISOString(),
    ip: row.ip,
    country: geoIpCountry(row.ip),
    ...describeUserAgent(row.userAgent),
    method: row.method,
    succeeded: row.succeeded,
    reason: row.reason,
  };
}
