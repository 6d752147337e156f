import { fullPath } from '@kl/contracts/routes';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { nextReminderAt, playStartedAt } from './lib/play-clock.ts';

// The dialog (and the confirmation dialog it is built on) is fetched only for a member who set an
// interval, as soon as the interval is known: most members never set one (docs/performance.md).
const RealityCheckDialog = lazyWithPreload(() => import('./reality-check-dialog.tsx'));

/**
 * The reality check (responsible gaming): while a member with an interval set is logged in, every
 * `minutes` (the member's info says it) a dialog says how long they have been playing (counted from the
 * start of the session in this tab), with "continue" and "see my history".
 */
export default function RealityCheckReminder({ minutes }: { minutes: number }) {
  const navigate = useNavigate();
  const { userName } = useSession();
  const [since] = useState(() => playStartedAt(userName ?? ''));
  const [shownAt, setShownAt] = useState<number | null>(null);

  useEffect(() => {
    if (minutes === 0 || shownAt !== null) return undefined;
    void RealityCheckDialog.preload().catch(() => undefined);
    const now = Date.now();
    const due = nextReminderAt(since, minutes, now);
    // The time played is told as the whole interval reached (15, 30, 45 … minutes).
    const timer = window.setTimeout(() => setShownAt(due), due - now);
    return () => window.clearTimeout(timer);
  }, [minutes, shownAt, since]);

  if (shownAt === null || minutes === 0) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog
        playedMs={shownAt - since}
        onContinue={() => setShownAt(null)}
        onHistory={() => {
          setShownAt(null);
          void navigate(fullPath('member/history'));
        }}
      />
    </Suspense>
  );
}
