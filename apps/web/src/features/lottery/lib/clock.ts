import { useEffect, useState } from 'react';

/** The server clock minus this device's clock at the moment an answer carrying serverTime arrived. */
export const clockOffset = (serverTime: string, receivedAt: number = Date.now()) =>
  Date.parse(serverTime) - receivedAt;

/** The server's time now (ms), ticking every second: the device clock corrected by `offset`. */
export function useServerNow(offset: number): number {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setDeviceNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return deviceNow + offset;
}
