import { isInstalledWebApp } from '../../../shared/pwa/installed-web-app.ts';

/**
 * What the download rules of product.md §4 need to know about the device and browser, read from the user
 * agent (there is no other way to tell iOS Safari from the other iOS browsers).
 */
export interface Platform {
  ios: boolean;
  /** [major, minor] of iOS / iPadOS; null off iOS or when the browser does not say. */
  iosVersion: readonly [number, number] | null;
  android: boolean;
  /** Safari itself (iOS or macOS), not another browser or an app's web view. */
  safari: boolean;
  /** Inside the merchant's native app (its web view names itself with NATIVE_APP_MARKER). */
  nativeApp: boolean;
  /** Opened from the home-screen icon of the installed web app. */
  installedWebApp: boolean;
}

/** The token the merchant's native app adds to its web view's user agent. */
export const NATIVE_APP_MARKER = /\bKLApp\//;

/** iOS browsers and in-app web views that are not Safari (they all carry "Safari" in their user agent or none). */
const NOT_SAFARI =
  /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\/|FBAN|FBAV|Instagram|Line\/|MicroMessenger|Zalo|Telegram|TikTok|musical_ly|Snapchat|Twitter|Chrome|Chromium|Edg\/|OPR\/|Firefox|Android/;

export function detectPlatform(
  userAgent: string = navigator.userAgent,
  maxTouchPoints: number = navigator.maxTouchPoints ?? 0,
  installed: boolean = isInstalledWebApp(),
): Platform {
  // iPadOS 13 and later introduce themselves as a Mac; only the touch screen tells them apart.
  const ipadAsMac = /Macintosh/.test(userAgent) && maxTouchPoints > 1;
  const ios = /iPhone|iPad|iPod/.test(userAgent) || ipadAsMac;
  const osVersion = /OS (\d+)_(\d+)(?:_\d+)? like Mac OS X/.exec(userAgent);
  const browserVersion = /Version\/(\d+)\.(\d+)/.exec(userAgent);
  const found = ios ? (osVersion ?? (ipadAsMac ? browserVersion : null)) : null;
  const iosVersion = found ? ([Number(found[1]), Number(found[2])] as const) : null;
  const safari = /Safari\//.test(userAgent) && /Version\//.test(userAgent) && !NOT_SAFARI.test(userAgent);
  return {
    ios,
    iosVersion,
    android: /Android/.test(userAgent),
    safari,
    nativeApp: NATIVE_APP_MARKER.test(userAgent),
    installedWebApp: installed,
  };
}

let current: Platform | undefined;

/** The platform of this page (read once). */
export function currentPlatform(): Platform {
  current ??= detectPlatform();
  return current;
}

/** Forgets the platform read so far (tests change the user agent). */
export function resetPlatform(): void {
  current = undefined;
}

/** No app download inside the native app or the installed web app (product.md §2, §4). */
export const downloadsHidden = (platform: Platform) => platform.nativeApp || platform.installedWebApp;

/** product.md §4: the add-to-home-screen guide only on iOS Safari, not already opened from the home screen. */
export const homeScreenGuideOffered = (platform: Platform) =>
  platform.ios && platform.safari && !platform.installedWebApp && !platform.nativeApp;

/** product.md §4: the legacy tip for iOS 12 below 12.2 and iOS 11 and earlier (unknown versions get the current one). */
export function needsLegacyTip(platform: Platform): boolean {
  const version = platform.iosVersion;
  if (!version) return false;
  const [major, minor] = version;
  return major < 12 || (major === 12 && minor < 2);
}

/** The kind of tip of the guide (product.md §4 tip type 2): pointing down at Safari's bottom toolbar. */
export const HOME_SCREEN_TIP_TYPE = 2;
