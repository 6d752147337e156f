import { systemStatus, type SystemStatus } from '@kl/contracts/status';

/**
 * The contracts schema check of a system status (cached or from the server). Kept in its own
 * module, imported on demand, so that zod is not part of the first load of the page.
 */
export function parseSystemStatus(value: unknown): SystemStatus | null {
  const result = systemStatus.safeParse(value);
  return result.success ? result.data : null;
}
