import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import type { ErrorCode } from '@kl/contracts/errors';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import vi from '../locales/vi.json';

/**
 * The back office's texts: Vietnamese by default, English. Both catalogues are bundled (a desktop app
 * on the office network); the error texts are the contracts' `ERROR_MESSAGES`, as namespace `errors`.
 */
export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';
/** localStorage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'kl_admin_lang';

export const i18n = i18next.createInstance();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is closed.
  }
}

/** The language of `?lang=` (which is then remembered), else the remembered one, else Vietnamese. */
export function resolveInitialLanguage(search: string): Language {
  const fromQuery = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (isLanguage(fromQuery)) {
    store(fromQuery);
    return fromQuery;
  }
  const stored = readStored();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function applyLanguage(language: string): void {
  if (!isLanguage(language)) return;
  document.documentElement.lang = language;
  dayjs.locale(language);
}

/** Starts i18next in `language` (or switches to it when already started). */
export async function initI18n(language: Language): Promise<void> {
  if (i18n.isInitialized) {
    await i18n.changeLanguage(language);
    return;
  }
  i18n.on('languageChanged', applyLanguage);
  await i18n.use(initReactI18next).init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    fallbackLng: false,
    resources: {
      vi: { translation: vi, errors: ERROR_MESSAGES.vi },
      en: { translation: en, errors: ERROR_MESSAGES.en },
    },
    ns: ['translation', 'errors'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** The language the interface is shown in now. */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  store(language);
  if (currentLanguage() !== language) await i18n.changeLanguage(language);
}

/** The localised text of a catalogue code. */
export function errorMessage(code: ErrorCode, language: Language = currentLanguage()): string {
  return ERROR_MESSAGES[language][code];
}
