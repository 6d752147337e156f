import type { DEVICES } from '@kl/contracts/accounts';

type Device = (typeof DEVICES)[number];

/** Running as an installed web app (home-screen icon): display-mode standalone, or iOS's flag. */
export function isInstalledWebApp(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const standalone =
    typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return iosStandalone || standalone;
}

/** The device header of SPEC §7: OTHERS from the installed web app, H5 otherwise. */
export const deviceHeaderValue = (): Device => (isInstalledWebApp() ? 'OTHERS' : 'H5');
