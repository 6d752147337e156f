import { Suspense, useEffect, useState } from 'react';
import { lazyWithPreload } from '../../../shared/lib/lazy-with-preload.ts';
import { useSession } from '../../../shared/stores/session-store.ts';

const ContractCheck = lazyWithPreload(() => import('./contract-check.tsx'));

/** Runs `start` once the page is loaded and the browser is idle (soon at the latest). */
function whenIdle(start: () => void): () => void {
  let idleId: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      idleId = window.requestIdleCallback(start, { timeout: 2000 });
    } else {
      timer = window.setTimeout(start, 200);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idleId !== undefined) window.cancelIdleCallback(idleId);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/**
 * product.md §4 home load: the agent contract check, mounted by home. Small and free of zod: for a logged-in
 * member (not a trial member) it fetches the check's own chunk once the home content is there and the
 * browser is idle, so it never holds the home screen up. Visitors and trial members load nothing.
 */
export function AgentContractCheck() {
  const { role } = useSession();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (role !== 'member' || started) return;
    return whenIdle(() => setStarted(true));
  }, [role, started]);
  if (role !== 'member' || !started) return null;
  return (
    <Suspense fallback={null}>
      <ContractCheck />
    </Suspense>
  );
}
