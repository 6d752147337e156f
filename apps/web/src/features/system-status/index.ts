import type { SystemStatus } from '@kl/contracts/status';
import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** System status of product.md §4: the status query and its cache, and the two pages that replace the app. */
export {
  getSystemStatus,
  primeSystemStatus,
  rememberSystemStatus,
  systemStatusQueryKey,
  systemStatusQueryOptions,
  useSystemStatus,
} from './api/get-system-status.ts';
export { resourceUrl } from './resources.ts';

export const MaintenancePage = lazyWithPreload(() => import('./components/maintenance-page.tsx'));
export const RegionRestrictedPage = lazyWithPreload(() => import('./components/region-restricted-page.tsx'));

/** Downloads the page a status shows instead of the app (nothing for a normal status). */
export async function preloadStatusPage(status: SystemStatus | undefined): Promise<void> {
  const page = status?.status === 1 ? MaintenancePage : status?.status === 2 ? RegionRestrictedPage : null;
  await page?.preload().catch(() => undefined);
}
