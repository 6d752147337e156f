import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { createInstance, type i18n as I18n } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import viTexts from '../../locales/vi.json';
import { KEY_SEPARATORS } from './i18n.ts';
import { withPlainTexts } from './plain-texts.ts';

const TEXTS = { vi: viTexts, en } as const;

/** An i18next as the app configures it, with every text of `language` (and a test's extra ones). */
function i18nextWith(language: 'vi' | 'en', extra: Record<string, string> = {}, missing = vi.fn()): I18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    ns: ['translation', 'errors'],
    defaultNS: 'translation',
    resources: {
      [language]: { translation: { ...TEXTS[language], ...extra }, errors: ERROR_MESSAGES[language] },
    },
    interpolation: { escapeValue: false },
    ...KEY_SEPARATORS,
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: missing,
    initAsync: false,
  });
  return instance;
}

/** Every key of a nested texts object, as i18next's paths. */
function keysOf(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** The `t` that react-i18next's useTranslation() asks the instance for (with its namespaces in scope). */
const tOf = (instance: I18n) =>
  (
    instance.getFixedT as unknown as (
      language: string,
      namespace: string,
      keyPrefix: undefined,
      options: { scopeNs: string[] },
    ) => (key: string, options?: object) => unknown
  )(instance.language, 'translation', undefined, { scopeNs: ['translation'] });

describe('withPlainTexts', () => {
  it.each(['vi', 'en'] as const)(
    'gives every text of %s as i18next does, with and without options',
    (language) => {
      const plain = tOf(withPlainTexts(i18nextWith(language)));
      const original = tOf(i18nextWith(language));
      const keys = keysOf(TEXTS[language]);
      expect(keys.length).toBeGreaterThan(1_000);
      for (const key of keys) {
        expect(plain(key), key).toEqual(original(key));
        expect(plain(key, { count: 2, name: 'An' }), key).toEqual(original(key, { count: 2, name: 'An' }));
      }
    },
  );

  it('leaves interpolation, nesting, namespaces in the key and missing keys to i18next', () => {
    const extra = { greeting: 'Hello {{name}}', nested: 'Say $t(greeting, {"name": "Lan"})', plain: 'Plain' };
    const missing = vi.fn();
    const instance = withPlainTexts(i18nextWith('en', extra, missing));
    const t = tOf(instance);
    expect(t('plain')).toBe('Plain');
    expect(t('greeting')).toBe('Hello {{name}}');
    expect(t('greeting', { name: 'Lan' })).toBe('Hello Lan');
    expect(t('nested')).toBe('Say Hello Lan');
    expect(t('errors:NETWORK_OFFLINE')).toBe(ERROR_MESSAGES.en.NETWORK_OFFLINE);
    expect(t('no.such.key')).toBe('no.such.key');
    expect(missing).toHaveBeenCalledWith(
      ['en'],
      'translation',
      'no.such.key',
      'no.such.key',
      false,
      expect.anything(),
    );
  });

  it('shares one function per language and namespace, and a new language gets its own', () => {
    const instance = withPlainTexts(i18nextWith('en'));
    expect(tOf(instance)).toBe(tOf(instance));
    // Wrapping it again changes nothing (no wrapper of a wrapper).
    const getFixedT = instance.getFixedT;
    expect(withPlainTexts(instance).getFixedT).toBe(getFixedT);
    expect(instance.getFixedT('vi', 'translation')).not.toBe(tOf(instance));
    // A key prefix is i18next's own function, as before.
    const prefixed = instance.getFixedT('en', 'translation', 'common') as (key: string) => unknown;
    expect(prefixed('back')).toBe('Back');
  });
});
