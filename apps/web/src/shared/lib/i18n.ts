import { TIMING_MS } from '@kl/contracts/constants';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, isLocale, type Locale } from '@kl/contracts/i18n';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { config } from './config.ts';
import { loadLocaleChunk } from './locale-chunks.ts';
import { CORE_CHUNK, type LocalePart } from './locale-parts.ts';
import { withPlainTexts } from './plain-texts.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

/**
 * i18next with Vietnamese by default and English. Only the current language is loaded, and of it only
 * the core texts before the first render (locale-parts.ts); the texts of a screen are loaded with the
 * screen (`loadTranslations`, with-translations.ts), into the same `translation` namespace
 * (docs/decisions/024-first-load-javascript.md). The catalogue texts of contracts are namespace `errors`.
 * The instance is this module's own, not the package's default one, so nothing else shares its state.
 */
export const i18n = withPlainTexts(i18next.createInstance());

export const NAMESPACES = ['translation', 'errors'] as const;

/** The parts asked for so far: a change of language loads them with the new language's core. */
const wantedParts = new Set<LocalePart>();
/** `language/part` of the parts in the store. */
const loadedParts = new Set<string>();
/** The download of a part (by `language/part`) while it runs. */
const pendingParts = new Map<string, Promise<void>>();
/** The download of several parts (by `language/part,part…`) while it runs. */
const pendingGroups = new Map<string, Promise<void>>();
let started: Promise<void> | undefined;

const partId = (language: Locale, part: LocalePart) => `${language}/${part}`;

async function loadTranslation(language: Locale): Promise<ResourceKey> {
  const parts = [...wantedParts];
  const [core, ...rest] = await Promise.all([
    loadLocaleChunk(language, CORE_CHUNK),
    ...parts.map((part) => loadLocaleChunk(language, part)),
  ]);
  for (const part of parts) loadedParts.add(partId(language, part));
  return Object.assign({}, core, ...rest) as ResourceKey;
}

/** The catalogue's texts of each language, a module each: the other language's is never downloaded. */
const ERROR_TEXTS: Record<Locale, () => Promise<ResourceKey>> = {
  vi: async () => (await import('@kl/contracts/error-messages-vi')).ERROR_MESSAGES_VI,
  en: async () => (await import('@kl/contracts/error-messages-en')).ERROR_MESSAGES_EN,
};

async function loadNamespace(language: Locale, namespace: string): Promise<ResourceKey> {
  if (namespace === 'errors') return ERROR_TEXTS[language]();
  return loadTranslation(language);
}

function loadPart(language: Locale, part: LocalePart): Promise<void> {
  const id = partId(language, part);
  let pending = pendingParts.get(id);
  if (!pending) {
    pending = loadLocaleChunk(language, part).then(
      (texts) => {
        i18n.addResourceBundle(language, 'translation', texts, true, true);
        loadedParts.add(id);
        pendingParts.delete(id);
      },
      (error: unknown) => {
        pendingParts.delete(id);
        throw error;
      },
    );
    pendingParts.set(id, pending);
  }
  return pending;
}

/**
 * While some of `parts` are not loaded in `language`: the one promise of their download (the same
 * promise for the same question, as React's `use` wants); undefined when they are all there. `texts` is
 * the i18next instance they are read from: parts it holds already (the server's holds them all) are
 * not waited for.
 */
export function pendingTranslations(
  language: string,
  parts: readonly LocalePart[],
  texts: Pick<typeof i18n, 'getResource'> = i18n,
): Promise<void> | undefined {
  if (!isLocale(language)) return undefined;
  const missing = parts.filter(
    (part) =>
      !loadedParts.has(partId(language, part)) &&
      texts.getResource(language, 'translation', part) === undefined,
  );
  if (missing.length === 0) return undefined;
  for (const part of missing) wantedParts.add(part);
  const id = `${language}/${missing.join(',')}`;
  let pending = pendingGroups.get(id);
  if (!pending) {
    pending = Promise.all(missing.map((part) => loadPart(language, part))).then(
      () => {
        pendingGroups.delete(id);
      },
      (error: unknown) => {
        pendingGroups.delete(id);
        throw error;
      },
    );
    pendingGroups.set(id, pending);
  }
  return pending;
}

/**
 * Loads the texts of `parts` in the current language (and, from now on, in every language switched
 * to). Before i18next has started, they are loaded with the first language.
 */
export async function loadTranslations(parts: readonly LocalePart[]): Promise<void> {
  if (!started) {
    for (const part of parts) wantedParts.add(part);
    return;
  }
  await started;
  await pendingTranslations(i18n.language, parts);
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

/**
 * The separators i18next uses anyway, said explicitly: then it takes every key for a path (they all
 * are: `home.banners.slide`) instead of testing each one with a regular expression for keys written
 * as plain sentences, a cost on every text of every render (docs/performance.md). The server's
 * rendering uses them too (entry-server.tsx).
 */
export const KEY_SEPARATORS = { keySeparator: '.', nsSeparator: ':' } as const;

/** Loads the language's texts and starts i18next (or switches language if already started). */
export async function initI18n(language: Locale): Promise<void> {
  if (i18n.isInitialized) {
    await i18n.changeLanguage(language);
    return;
  }
  i18n.on('languageChanged', applyDocumentLanguage);
  started = i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...SUPPORTED_LOCALES],
      // Keys are complete in both languages (checked by a test), so nothing falls back: the other
      // language's texts are never downloaded.
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      ...KEY_SEPARATORS,
      returnNull: false,
      saveMissing: config.dev,
      missingKeyHandler: (_languages, namespace, key) => {
        throw new Error(`Missing translation: ${namespace}:${key}`);
      },
    })
    .then(() => undefined);
  await started;
}

/**
 * Makes one text. i18next's first text costs it many times any after (its regular expressions
 * compiled, its code warmed: 10–23 ms unthrottled on the measuring machine); made in a task of its
 * own at the start, it is not part of the first render's (docs/performance.md).
 */
export function warmTexts(): void {
  i18n.t('route.home');
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

let pendingChoice: ReturnType<typeof setTimeout> | undefined;

/**
 * A language picked in the selector: applied once the choice has settled for 250 ms (product.md §9), so
 * that quick switches apply the last one alone, with one set of calls for what the server says in it.
 * The choice is remembered at once.
 */
export function chooseLanguage(language: Locale): void {
  storage.set(STORAGE_KEYS.language, language);
  clearTimeout(pendingChoice);
  pendingChoice = setTimeout(() => void setLanguage(language), TIMING_MS.languageChangeDebounce);
}

/** Calls `listener` after every language change; returns the unsubscribe function. */
export function onLanguageChanged(listener: (language: Locale) => void): () => void {
  const handler = (language: string) => {
    if (isLocale(language)) listener(language);
  };
  i18n.on('languageChanged', handler);
  return () => i18n.off('languageChanged', handler);
}
