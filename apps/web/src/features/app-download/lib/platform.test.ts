import { describe, expect, it } from 'vitest';
import { appLinksOf, hasAppLinks, iosDownloadOf, type AppLinks } from './app-links.ts';
import { detectPlatform, downloadsHidden, homeScreenGuideOffered, needsLegacyTip } from './platform.ts';
import { createSystemStatus } from '../../../test/factories.ts';
import { UA } from '../testing/user-agents.ts';

describe('platform', () => {
  it('tells iOS Safari from the other iOS browsers and web views', () => {
    expect(detectPlatform(UA.iphoneSafari, 5, false)).toMatchObject({
      ios: true,
      safari: true,
      iosVersion: [17, 4],
    });
    expect(detectPlatform(UA.iphoneChrome, 5, false)).toMatchObject({ ios: true, safari: false });
    expect(detectPlatform(UA.iphoneFacebook, 5, false)).toMatchObject({ ios: true, safari: false });
    expect(detectPlatform(UA.androidChrome, 5, false)).toMatchObject({
      ios: false,
      android: true,
      safari: false,
    });
  });

  it('knows an iPad that introduces itself as a Mac by its touch screen', () => {
    expect(detectPlatform(UA.ipadAsMac, 5, false)).toMatchObject({
      ios: true,
      safari: true,
      iosVersion: [16, 6],
    });
    expect(detectPlatform(UA.ipadAsMac, 0, false)).toMatchObject({ ios: false, safari: true });
  });

  it('hides downloads inside the native app and the installed web app', () => {
    expect(downloadsHidden(detectPlatform(UA.nativeApp, 5, false))).toBe(true);
    expect(downloadsHidden(detectPlatform(UA.iphoneSafari, 5, true))).toBe(true);
    expect(downloadsHidden(detectPlatform(UA.iphoneSafari, 5, false))).toBe(false);
  });

  it('offers the home-screen guide only in iOS Safari not opened from the home screen', () => {
    expect(homeScreenGuideOffered(detectPlatform(UA.iphoneSafari, 5, false))).toBe(true);
    expect(homeScreenGuideOffered(detectPlatform(UA.iphoneSafari, 5, true))).toBe(false);
    expect(homeScreenGuideOffered(detectPlatform(UA.iphoneChrome, 5, false))).toBe(false);
    expect(homeScreenGuideOffered(detectPlatform(UA.androidChrome, 5, false))).toBe(false);
  });

  it('gives the legacy tip to iOS 12 below 12.2 and iOS 11 and earlier', () => {
    expect(needsLegacyTip(detectPlatform(UA.iphone12_1Safari, 5, false))).toBe(true);
    expect(needsLegacyTip(detectPlatform(UA.iphone11Safari, 5, false))).toBe(true);
    expect(needsLegacyTip(detectPlatform(UA.iphone12_2Safari, 5, false))).toBe(false);
    expect(needsLegacyTip(detectPlatform(UA.iphoneSafari, 5, false))).toBe(false);
  });
});

describe('iOS download (product.md §4)', () => {
  const links = (overrides: Partial<AppLinks>): AppLinks => ({
    ios: null,
    iosProfile: null,
    android: null,
    android2: null,
    icon: null,
    ...overrides,
  });
  const safari = detectPlatform(UA.iphoneSafari, 5, false);
  const chrome = detectPlatform(UA.iphoneChrome, 5, false);

  it('uses the IOS link when there is one, in any browser', () => {
    const both = links({ ios: 'https://kl.example.test/ios', iosProfile: 'https://kl.example.test/p' });
    expect(iosDownloadOf(both, safari)).toEqual({ kind: 'open', url: 'https://kl.example.test/ios' });
    expect(iosDownloadOf(both, chrome)).toEqual({ kind: 'open', url: 'https://kl.example.test/ios' });
  });

  it('else opens the profile in Safari and asks other browsers to use Safari', () => {
    const profile = links({ iosProfile: 'https://kl.example.test/p' });
    expect(iosDownloadOf(profile, safari)).toEqual({ kind: 'profile', url: 'https://kl.example.test/p' });
    expect(iosDownloadOf(profile, chrome)).toEqual({ kind: 'use-safari' });
    expect(iosDownloadOf(links({}), safari)).toBeNull();
  });

  it('reads the app links from the status resources, refusing unsafe addresses', () => {
    const status = createSystemStatus({
      info: {
        resources: [
          { resourceType: 'Android', url: 'https://kl.example.test/a.apk', labelNameEn: 'Android' },
          { resourceType: 'IOS', url: 'javascript:alert(1)', labelNameEn: 'iOS' },
        ],
      },
    });
    expect(appLinksOf(status)).toMatchObject({ android: 'https://kl.example.test/a.apk', ios: null });
    expect(hasAppLinks(appLinksOf(status))).toBe(true);
    expect(hasAppLinks(appLinksOf(createSystemStatus()))).toBe(false);
  });
});
