import { CACHE_KEYS } from '@kl/contracts/constants';
import type { SystemStatus } from '@kl/contracts/status';
import { storage } from '../../shared/lib/storage.ts';

/**
 * The system status cached in localStorage `status` (product.md §4): shown at once on the next visit,
 * then refreshed. A cache that is not JSON or fails the contracts schema is removed.
 */
export async function readStatusCache(): Promise<SystemStatus | undefined> {
  const raw = storage.get(CACHE_KEYS.status);
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    storage.remove(CACHE_KEYS.status);
    return undefined;
  }
  let parseSystemStatus: (value: unknown) => SystemStatus | null;
  try {
    ({ parseSystemStatus } = await import('./validate-status.ts'));
  } catch {
    // The checker could not be downloaded: ask the server, keep the cache for next time.
    return undefined;
  }
  const status = parseSystemStatus(parsed);
  if (!status) storage.remove(CACHE_KEYS.status);
  return status ?? undefined;
}

export function writeStatusCache(status: SystemStatus): void {
  storage.set(CACHE_KEYS.status, JSON.stringify(status));
}
