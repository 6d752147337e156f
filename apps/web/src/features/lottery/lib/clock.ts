import { useEffect, useState } from 'react';

/** The server clock minus this device's clock at the moment an answer carrying serverTime arrived. */
export const clockOffset = (serverTime: string, receivedAt: number = Date.now()) =>
  Date.parse(serverTime) - receivedAt;

/**
 * The server clock minus this device's for an answer kept with the device's time it arrived. An answer
 * the page brought (the server rendered it, docs/decisions/005-web-first-load.md) has none: it is dated
 * from the page's opening, a little before the server wrote it, so the countdowns run at most the page's
 * loading time early — never late.
 */
export const offsetOf = ({ serverTime, receivedAt }: { serverTime: string; receivedAt: number | null }) =>
  clockOffset(serverTime, receivedAt ?? Math.round(performance.timeOrigin));

/** The server's time now (ms), ticking every second: the device clock corrected by `offset`. */
export function useServerNow(offset: number): number {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setDeviceNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return deviceNow + offset;
}
