import type { FirebaseWebConfig } from '@kl/contracts/accounts';
import { FacebookAuthProvider, GoogleAuthProvider, signInWithPopup, signOut } from 'firebase/auth';
import { firebaseAuth } from './firebase-auth.ts';

/**
 * Google / Facebook sign-in through Firebase's popup, answering the Firebase ID token that the server
 * verifies (login payload type 'firebase'). This module carries the Firebase SDK: it is only ever
 * imported dynamically, by the social buttons, so the SDK stays in its own chunk.
 */
export type SocialChannel = 'google' | 'facebook';

/**
 * Opens the provider's sign-in popup and answers the ID token of the signed-in Firebase user. Rejects
 * with Firebase's error (`code` auth/popup-closed-by-user, auth/popup-blocked, …) when it fails.
 */
export async function firebaseIdToken(
  config: FirebaseWebConfig,
  channel: SocialChannel,
  language: string,
): Promise<string> {
  const auth = firebaseAuth(config);
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
