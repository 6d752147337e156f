import { Suspense, lazy, useEffect, useState } from 'react';
import { useSession } from '../../shared/stores/session-store.ts';

const RealityCheckReminder = lazy(() => import('./reality-check-reminder.tsx'));

/**
 * Mounted by the layout on every page: for a logged-in member only, and only once the page is idle, it
 * downloads the reality-check reminder (its own chunk), so nothing of it weighs on the first load.
 */
export function RealityCheck() {
  const { role, userName } = useSession();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (role !== 'member' || idle) return undefined;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 5_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 1_000);
    return () => window.clearTimeout(timer);
  }, [role, idle]);
  if (role !== 'member' || !idle) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckReminder key={userName} />
    </Suspense>
  );
}
