import type translation from '../../locales/vi.json';

/** A top-level key of the locale files (apps/web/src/locales/{vi,en}.json). */
export type TranslationKey = keyof typeof translation;

/**
 * The top-level keys every page needs, loaded before the first render: the shell (header, side menu,
 * footer), home, route titles, status pages, errors and what the layout shows over any screen (toasts,
 * installed-app notices, sign out, reality check, contract check). Every other top-level key is a part of
 * its own, loaded with the screens that use it (docs/decisions/024-first-load-javascript.md). A test
 * checks that the layout and home use no key outside this list, and each screen none outside it and its
 * parts.
 */
export const CORE_KEYS = [
  'in_no_data',
  'no_announcement',
  'in_please_wait',
  'in_sms_send',
  'in_sms_sending',
  'in_logged_login',
  'free_reject',
  'in_confirmation_correct',
  'common',
  'header',
  'footer',
  'sideMenu',
  'route',
  'category',
  'maintenance',
  'region',
  'customerService',
  'routeError',
  'auth',
  'games',
  'pwa',
  'messages',
  'home',
  'appDownload',
  'wallet',
  'realityCheck',
  'agentContract',
] as const satisfies readonly TranslationKey[];

export type CoreKey = (typeof CORE_KEYS)[number];

/** A part of the texts loaded with a screen: one top-level key outside the core. */
export type LocalePart = Exclude<TranslationKey, CoreKey>;

/** The name of the core chunk (not a top-level key). */
export const CORE_CHUNK = 'core';
