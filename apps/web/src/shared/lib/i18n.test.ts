import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chooseLanguage,
  currentLanguage,
  i18n,
  initI18n,
  onLanguageChanged,
  resolveInitialLanguage,
  setLanguage,
} from './i18n.ts';

afterEach(() => window.localStorage.clear());

// Which language's error catalogue was downloaded (each is a module of its own).
const downloaded = vi.hoisted(() => new Set<string>());
vi.mock('@kl/contracts/error-messages-vi', async (original) => {
  downloaded.add('vi');
  return original();
});
vi.mock('@kl/contracts/error-messages-en', async (original) => {
  downloaded.add('en');
  return original();
});

describe('resolveInitialLanguage', () => {
  it('takes ?lang= first (any case) and remembers it', () => {
    window.localStorage.setItem('lang', 'vi');
    expect(resolveInitialLanguage('?x=1&lang=EN')).toBe('en');
    expect(window.localStorage.getItem('lang')).toBe('en');
  });

  it('then the remembered language', () => {
    window.localStorage.setItem('lang', 'en');
    expect(resolveInitialLanguage('')).toBe('en');
  });

  it('else Vietnamese; unsupported values are ignored and not stored', () => {
    expect(resolveInitialLanguage('?lang=ja')).toBe('vi');
    expect(window.localStorage.getItem('lang')).toBeNull();
    window.localStorage.setItem('lang', 'klingon');
    expect(resolveInitialLanguage('')).toBe('vi');
  });
});

describe('i18n', () => {
  it('loads only the current language, with the error catalogue as namespace errors', async () => {
    await initI18n('en');
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('common.back')).toBe('Back');
    expect(i18n.t('NETWORK_OFFLINE', { ns: 'errors' })).toMatch(/offline/);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(true);
    // First start of i18n in this file: Vietnamese was never needed, so never downloaded.
    expect(i18n.hasResourceBundle('vi', 'translation')).toBe(false);
    expect([...downloaded]).toEqual(['en']);
  });

  it('switches and remembers with setLanguage', async () => {
    await initI18n('en');
    await setLanguage('vi');
    expect(currentLanguage()).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    expect(window.localStorage.getItem('lang')).toBe('vi');
    expect(i18n.t('common.back')).toBe('Quay lại');
  });

  it('applies a language chosen in the selector once the choice has settled for 250 ms: the last of quick ones', async () => {
    await initI18n('en');
    // Both languages' texts are there: a switch then only moves the language.
    await setLanguage('vi');
    await setLanguage('en');
    const changes: string[] = [];
    const stop = onLanguageChanged((language) => changes.push(language));
    vi.useFakeTimers();
    try {
      chooseLanguage('vi');
      await vi.advanceTimersByTimeAsync(100);
      chooseLanguage('en');
      await vi.advanceTimersByTimeAsync(100);
      chooseLanguage('vi');
      // Remembered at once, applied later.
      expect(window.localStorage.getItem('lang')).toBe('vi');
      await vi.advanceTimersByTimeAsync(249);
      expect(changes).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(changes).toEqual(['vi']);
      expect(currentLanguage()).toBe('vi');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(changes).toEqual(['vi']);
    } finally {
      vi.useRealTimers();
      stop();
    }
  });

  it('throws on a missing key in development', async () => {
    await initI18n('en');
    expect(() => i18n.t('no.such.key' as never)).toThrow('Missing translation: translation:no.such.key');
  });
});
