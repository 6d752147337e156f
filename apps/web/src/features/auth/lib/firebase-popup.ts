import type { FirebaseWebConfig } from '@kl/contracts/accounts';
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  browserPopupRedirectResolver,
  FacebookAuthProvider,
  GoogleAuthProvider,
  inMemoryPersistence,
  initializeAuth,
  signInWithPopup,
  signOut,
} from 'firebase/auth';

/**
 * Google / Facebook sign-in through Firebase's popup, answering the Firebase ID token that the server
 * verifies (login payload type 'firebase'). This module carries the Firebase SDK: it is only ever
 * imported dynamically, by the social buttons, so the SDK stays in its own chunk.
 */
export type SocialChannel = 'google' | 'facebook';

/** The app's name: one Firebase app per project, initialised once. */
const APP_NAME = 'kl-quick-login';

let current: { key: string; auth: Auth } | null = null;

function authFor(config: FirebaseWebConfig): Auth {
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

/**
 * Opens the provider's sign-in popup and answers the ID token of the signed-in Firebase user. Rejects
 * with Firebase's error (`code` auth/popup-closed-by-user, auth/popup-blocked, …) when it fails.
 */
export async function firebaseIdToken(
  config: FirebaseWebConfig,
  channel: SocialChannel,
  language: string,
): Promise<string> {
  const auth = authFor(config);
  auth.languageCode = language;
  const provider = channel === 'google' ? new GoogleAuthProvider() : new FacebookAuthProvider();
  const credential = await signInWithPopup(auth, provider);
  try {
    return await credential.user.getIdToken();
  } finally {
    // The token is all the site needs; the Firebase user is not kept.
    void signOut(auth).catch(() => undefined);
  }
}
