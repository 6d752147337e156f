import { afterEach, describe, expect, it, vi } from 'vitest';
import { isInstalledWebApp } from './installed-web-app.ts';

/** A matchMedia that matches only the given queries. */
const mediaMatching = (...matching: string[]) =>
  vi.fn((query: string) => ({ matches: matching.includes(query), media: query }) as MediaQueryList);

describe('isInstalledWebApp', () => {
  afterEach(() => {
    Reflect.deleteProperty(window.navigator, 'standalone');
  });

  it('is true when the browser shows the site in display-mode standalone', () => {
    vi.stubGlobal('matchMedia', mediaMatching('(display-mode: standalone)'));
    expect(isInstalledWebApp()).toBe(true);
  });

  it('is true on iOS when Safari opened the home-screen icon (navigator.standalone)', () => {
    vi.stubGlobal('matchMedia', mediaMatching());
    Object.defineProperty(window.navigator, 'standalone', { value: true, configurable: true });
    expect(isInstalledWebApp()).toBe(true);
  });

  it('is false in a browser tab', () => {
    vi.stubGlobal('matchMedia', mediaMatching('(display-mode: browser)'));
    Object.defineProperty(window.navigator, 'standalone', { value: false, configurable: true });
    expect(isInstalledWebApp()).toBe(false);
  });

  it('is false where matchMedia does not exist', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(isInstalledWebApp()).toBe(false);
  });
});
