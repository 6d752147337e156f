import type { Locale } from '@kl/contracts/i18n';
import type { ResourceKey } from 'i18next';
import type { CORE_CHUNK, LocalePart } from './locale-parts.ts';

/**
 * The texts of one chunk of a language: the core or a part (locale-parts.ts). This module is what tests
 * see: every chunk is the whole file, so a test has every text whatever it renders. The development
 * server and the build replace it (locale-split-plugin.ts) with one module per language and chunk, each
 * holding only its keys.
 */
const whole: Record<Locale, () => Promise<{ default: ResourceKey }>> = {
  vi: () => import('../../locales/vi.json'),
  en: () => import('../../locales/en.json'),
};

export async function loadLocaleChunk(
  language: Locale,
  chunk: typeof CORE_CHUNK | LocalePart,
): Promise<ResourceKey> {
  void chunk;
  return (await whole[language]()).default;
}
