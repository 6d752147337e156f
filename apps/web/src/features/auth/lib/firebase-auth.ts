import type { FirebaseWebConfig } from '@kl/contracts/accounts';
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app';
import { type Auth, browserPopupRedirectResolver, inMemoryPersistence, initializeAuth } from 'firebase/auth';

/**
 * The Firebase Auth of the merchant's project, made once per project (the popup and the phone sign-in share
 * it). Carries the Firebase SDK: only ever imported, through them, dynamically.
 */

/** The app's name: one Firebase app per project, initialised once. */
const APP_NAME = 'kl-quick-login';

let current: { key: string; auth: Auth } | null = null;

export function firebaseAuth(config: FirebaseWebConfig): Auth {
  const key = `${config.projectId}|${config.apiKey}|${config.authDomain}`;
  if (current?.key === key) return current.auth;
  const name = `${APP_NAME}-${config.projectId}`;
  const app: FirebaseApp =
    getApps().find((existing) => existing.name === name) ??
    initializeApp(
      { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
      name,
    );
  // The site's own session is the cookie: Firebase keeps its user in memory only, never in storage.
  const auth = initializeAuth(app, {
    persistence: inMemoryPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  current = { key, auth };
  return auth;
}
