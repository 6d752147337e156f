import { useEffect, useState } from 'react';
import { TABLE_TIMING } from './timing.ts';

/**
 * The server's clock minus this device's at the moment an answer carrying the server's `now` arrived. A
 * countdown runs on the device clock corrected by it: a device set minutes (or hours) wrong still closes
 * the betting when the server does.
 */
export const clockOffset = (serverNow: string, receivedAt: number): number =>
  Date.parse(serverNow) - receivedAt;

/** The server's time now (ms), redrawn every tick: the device clock corrected by `offset`. */
export function useServerNow(offset: number): number {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setDeviceNow(Date.now()), TABLE_TIMING.tickMs);
    return () => window.clearInterval(timer);
  }, []);
  return deviceNow + offset;
}

/** Whole seconds left until `closesAt` on the server's clock (0 once passed). */
export const secondsLeft = (closesAt: string, serverNow: number): number =>
  Math.max(0, Math.ceil((Date.parse(closesAt) - serverNow) / 1_000));
