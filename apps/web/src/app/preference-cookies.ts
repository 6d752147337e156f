import { PREFERENCE_COOKIES } from '@kl/contracts/constants';
import { currentLanguage, onLanguageChanged } from '../shared/lib/i18n.ts';
import { useUiStore } from '../shared/stores/ui-store.ts';

/** A year: the choice is kept like the localStorage one. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Writes one preference cookie for the whole site (readable by the server, not a secret). */
export function writePreferenceCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * Keeps the language and theme cookies equal to the current choice, so that the server renders home
 * in them (docs/decisions/005-web-first-load.md): written now (a choice made before the cookies
 * existed lives only in localStorage) and at every change. Answers the function that stops it.
 */
export function keepPreferenceCookies(): () => void {
  writePreferenceCookie(PREFERENCE_COOKIES.language, currentLanguage());
  writePreferenceCookie(PREFERENCE_COOKIES.theme, useUiStore.getState().theme);
  const stopLanguage = onLanguageChanged((language) =>
    writePreferenceCookie(PREFERENCE_COOKIES.language, language),
  );
  const stopTheme = useUiStore.subscribe((state, previous) => {
    if (state.theme !== previous.theme) writePreferenceCookie(PREFERENCE_COOKIES.theme, state.theme);
  });
  return () => {
    stopLanguage();
    stopTheme();
  };
}
