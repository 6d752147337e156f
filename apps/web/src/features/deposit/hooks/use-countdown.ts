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

/** `mm:ss` (or `h:mm:ss` from an hour) of a duration. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
