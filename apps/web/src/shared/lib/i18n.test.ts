import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, i18n, initI18n, resolveInitialLanguage, setLanguage } from './i18n.ts';

afterEach(() => window.localStorage.clear());

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
  });

  it('switches and remembers with setLanguage', async () => {
    await initI18n('en');
    await setLanguage('vi');
    expect(currentLanguage()).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    expect(window.localStorage.getItem('lang')).toBe('vi');
    expect(i18n.t('common.back')).toBe('Quay lại');
  });

  it('throws on a missing key in development', async () => {
    await initI18n('en');
    expect(() => i18n.t('no.such.key' as never)).toThrow('Missing translation: translation:no.such.key');
  });
});
