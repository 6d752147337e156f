import type { SYSTEM_STATUS } from '@kl/contracts/status';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { MaintenancePage, RegionRestrictedPage, useSystemStatus } from '../features/system-status/index.ts';
import { messageFor } from '../shared/lib/api-client.ts';
import { toast } from '../shared/ui/toast.ts';

// The codes of contracts SYSTEM_STATUS, checked against it by type: importing the value would bring
// zod (the schemas of the same module) into the first load.
const STATUS = { maintenance: 1, regionRestricted: 2 } as const satisfies Partial<typeof SYSTEM_STATUS>;

/**
 * product.md §4: status 1 shows the maintenance page (even with the region restricted too), status 2 the
 * region-restriction page, anything else the app. Nothing waits for the server: without a cache
 * the app shows while the status loads, and a failure without a cache is reported in a toast.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const { data: status, error, refetch, isFetching } = useSystemStatus();
  const failedWithoutStatus = error !== null && status === undefined;
  const reported = useRef<unknown>(null);

  useEffect(() => {
    // Once per failure (effects may run twice in development).
    if (!failedWithoutStatus || reported.current === error) return;
    reported.current = error;
    void toast.error(messageFor(error));
  }, [failedWithoutStatus, error]);

  if (status?.status === STATUS.maintenance) {
    const retry = async () => {
      const result = await refetch();
      if (result.error) void toast.error(messageFor(result.error));
    };
    return (
      <Suspense fallback={null}>
        <MaintenancePage status={status} onRetry={() => void retry()} retrying={isFetching} />
      </Suspense>
    );
  }
  if (status?.status === STATUS.regionRestricted) {
    return (
      <Suspense fallback={null}>
        <RegionRestrictedPage status={status} />
      </Suspense>
    );
  }
  return children;
}
