import type { DEVICES } from '@kl/contracts/accounts';
import { isInstalledWebApp } from '../pwa/installed-web-app.ts';

type Device = (typeof DEVICES)[number];

/** The device header of SPEC §7: OTHERS from the installed web app, H5 otherwise. */
export const deviceHeaderValue = (): Device => (isInstalledWebApp() ? 'OTHERS' : 'H5');
