import { SMS_INITIAL_COUNTDOWN_S, TIMING_MS } from '@kl/contracts/constants';
import { useEffect, useState } from 'react';

/**
 * The resend countdown of product.md §4: after a send it counts down to the server's expirationTime with
 * a 500 ms tick (60 s when the server gave no usable time); a resend is blocked until it reaches 0.
 */
export function useSmsCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (until === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setUntil(null);
    };
    tick();
    const timer = window.setInterval(tick, TIMING_MS.smsTick);
    return () => window.clearInterval(timer);
  }, [until]);

  /** Starts the countdown to `expirationTime` (ISO). */
  const start = (expirationTime?: string) => {
    const parsed = expirationTime ? Date.parse(expirationTime) : Number.NaN;
    setUntil(Number.isNaN(parsed) ? Date.now() + SMS_INITIAL_COUNTDOWN_S * 1000 : parsed);
  };
  return { secondsLeft, start };
}
