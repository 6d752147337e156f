import { useEffect, useState } from 'react';

/** Milliseconds left until `until` (never below 0), updated every second while `active` and not yet 0. */
export function useCountdown(until: string, active: boolean): number {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  const left = Number.isNaN(end) ? 0 : Math.max(0, end - now);
  const done = left === 0;
  useEffect(() => {
    if (!active || done) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [active, done]);
  return left;
}
