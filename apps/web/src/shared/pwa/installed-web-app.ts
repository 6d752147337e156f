/**
 * Whether the site runs as an installed web app (opened from its home-screen icon): the browser
 * reports display-mode standalone (the manifest's display), or iOS Safari sets
 * `navigator.standalone`. It drives the download-button rules (no app download inside the installed
 * app) and the device header of the login calls (product.md §2, §4, §7).
 */
export function isInstalledWebApp(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (window.navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (iosStandalone) return true;
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}
