import { DEFAULT_LOCALE, SUPPORTED_LOCALES, isLocale, type Locale } from '@kl/contracts/i18n';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { config } from './config.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

/**
 * i18next with Vietnamese by default and English. Only the current language is loaded (one JSON
 * chunk per language, plus the catalogue texts of contracts as namespace `errors`), before the
 * first render and again when the language changes.
 */
export const i18n = i18next;

export const NAMESPACES = ['translation', 'errors'] as const;

const translations: Record<Locale, () => Promise<{ default: ResourceKey }>> = {
  vi: () => import('../../locales/vi.json'),
  en: () => import('../../locales/en.json'),
};

async function loadNamespace(language: Locale, namespace: string): Promise<ResourceKey> {
  if (namespace === 'errors') {
    const { ERROR_MESSAGES } = await import('@kl/contracts/error-messages');
    return ERROR_MESSAGES[language];
  }
  return (await translations[language]()).default;
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    if (!isLocale(language)) {
      callback(new Error(`Unsupported language: ${language}`), false);
      return;
    }
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function applyDocumentLanguage(language: string) {
  if (isLocale(language)) document.documentElement.lang = language;
}

/** The language from `?lang=` (which is then persisted), else the stored one, else Vietnamese. */
export function resolveInitialLanguage(search: string): Locale {
  const fromQuery = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (isLocale(fromQuery)) {
    storage.set(STORAGE_KEYS.language, fromQuery);
    return fromQuery;
  }
  const stored = storage.get(STORAGE_KEYS.language);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** Loads the language's texts and starts i18next (or switches language if already started). */
export async function initI18n(language: Locale): Promise<void> {
  if (i18n.isInitialized) {
    await i18n.changeLanguage(language);
    return;
  }
  i18n.on('languageChanged', applyDocumentLanguage);
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...SUPPORTED_LOCALES],
      // Keys are complete in both languages (checked by a test), so nothing falls back: the other
      // language's file is never downloaded.
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: config.dev,
      missingKeyHandler: (_languages, namespace, key) => {
        throw new Error(`Missing translation: ${namespace}:${key}`);
      },
    });
}

/** The language the interface is shown in now. */
export function currentLanguage(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers the choice (localStorage `lang`). */
export async function setLanguage(language: Locale): Promise<void> {
  storage.set(STORAGE_KEYS.language, language);
  if (currentLanguage() !== language) await i18n.changeLanguage(language);
}

/** Calls `listener` after every language change; returns the unsubscribe function. */
export function onLanguageChanged(listener: (language: Locale) => void): () => void {
  const handler = (language: string) => {
    if (isLocale(language)) listener(language);
  };
  i18n.on('languageChanged', handler);
  return () => i18n.off('languageChanged', handler);
}
