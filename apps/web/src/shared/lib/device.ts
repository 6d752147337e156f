import { type DEVICES, DEVICE_ID_PATTERN } from '@kl/contracts/accounts';
import { isInstalledWebApp } from '../pwa/installed-web-app.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

type Device = (typeof DEVICES)[number];

/** The device header of product.md §7: OTHERS from the installed web app, H5 otherwise. */
export const deviceHeaderValue = (): Device => (isInstalledWebApp() ? 'OTHERS' : 'H5');

/**
 * This browser's random device id, made once and kept in local storage (sent when registering: referral
 * rewards are not paid between members of one device). A fresh one each time when storage is unusable.
 */
export function deviceId(): string {
  const kept = storage.get(STORAGE_KEYS.deviceId);
  if (kept && DEVICE_ID_PATTERN.test(kept)) return kept;
  const made = crypto.randomUUID().replaceAll('-', '');
  storage.set(STORAGE_KEYS.deviceId, made);
  return made;
}
