import { Suspense, lazy, useEffect, useState } from 'react';
import { useSession } from '../../shared/stores/session-store.ts';
import { useMemberInfo } from '../auth/index.ts';
import { playStartedAt } from './lib/play-clock.ts';

const RealityCheckReminder = lazy(() => import('./reality-check-reminder.tsx'));

/**
 * Mounted by the layout on every page: for a logged-in member only, once the page is idle, it starts the
 * member's play clock in this tab and, when the member's info says a reality check is set, downloads the
 * reminder (its own chunk). Most members never set one: their pages download nothing of it and ask for no
 * settings (docs/performance.md).
 */
export function RealityCheck() {
  const { role, userName } = useSession();
  const minutes = useMemberInfo().data?.realityCheckMinutes ?? 0;
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
  // The time played counts from the first page of the session in this tab, whether an interval is set
  // then or later.
  useEffect(() => {
    if (role === 'member' && idle && userName !== null) playStartedAt(userName);
  }, [role, idle, userName]);
  if (role !== 'member' || !idle || minutes === 0) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckReminder key={userName} minutes={minutes} />
    </Suspense>
  );
}
