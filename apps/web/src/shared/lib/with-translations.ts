import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTranslations, pendingTranslations } from './i18n.ts';
import type { PreloadableComponent } from './lazy-with-preload.ts';
import type { LocalePart } from './locale-parts.ts';

/**
 * A lazily loaded screen whose texts (`parts` of the locale files, beyond the core) load with it: preloading
 * fetches both, and the screen suspends until its parts are there in the current language, so its `t()`
 * calls find their keys (docs/decisions/024-first-load-javascript.md). A change of language loads the parts
 * again with the new language before the screen renders in it (i18n.ts).
 */
export function withTranslations<P extends object>(
  screen: PreloadableComponent<P>,
  parts: readonly LocalePart[],
): PreloadableComponent<P> {
  if (parts.length === 0) return screen;
  const Translated = (props: P) => {
    const { i18n } = useTranslation();
    const pending = pendingTranslations(i18n.language, parts, i18n);
    // Suspends as a lazy component does until its chunk is there (React retries when it settles).
    if (pending) throw pending;
    return createElement(screen, props);
  };
  return Object.assign(Translated, { preload: withTexts(() => screen.preload(), parts) });
}

/** A preload that fetches `parts` of the texts too, in the current language. */
export function withTexts(
  preload: () => Promise<unknown>,
  parts: readonly LocalePart[],
): () => Promise<void> {
  return async () => {
    await Promise.all([preload(), loadTranslations(parts)]);
  };
}
