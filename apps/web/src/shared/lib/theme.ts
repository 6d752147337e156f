import { STORAGE_KEYS, storage } from './storage.ts';

/** Dark is the default (product.md §3); the palettes are CSS custom properties on `html[data-theme]`. */
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

/** Browser chrome colour of each theme: the page background of the palette (app/styles/theme.css). */
const THEME_COLOR: Record<Theme, string> = { dark: '#101216', light: '#f3f4f6' };

export const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value);

export function readStoredTheme(): Theme {
  const stored = storage.get(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

export function persistTheme(theme: Theme): void {
  storage.set(STORAGE_KEYS.theme, theme);
}

/** Puts the theme on `<html data-theme>` and the browser's theme colour. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}
