import type { FirebaseWebConfig } from '@kl/contracts/accounts';
import { RecaptchaVerifier, signInWithPhoneNumber, signOut } from 'firebase/auth';
import { firebaseAuth } from './firebase-auth.ts';

/**
 * The SMS login's code sent and checked by Firebase's phone sign-in (`rules.social.sms`): Firebase's
 * invisible reCAPTCHA guards the sending, its SMS carries the code, and the code, once right, gives the ID
 * token of the number's Firebase user, which the server verifies (login payload type 'firebase', channel
 * 'sms'). This module carries the Firebase SDK: it is only ever imported dynamically.
 */

/** A code Firebase sent: `confirm` checks what the member typed and answers the ID token. */
export interface FirebaseSmsCode {
  confirm: (code: string) => Promise<string>;
}

/**
 * Sends the code to `phoneNumber` (E.164, `+84912345678`), the reCAPTCHA drawn in `container` when Google
 * asks for a challenge. Rejects with Firebase's error (`code` auth/invalid-phone-number,
 * auth/too-many-requests, auth/captcha-check-failed, …) when it fails.
 */
export async function sendFirebaseSms(
  config: FirebaseWebConfig,
  phoneNumber: string,
  language: string,
  container: HTMLElement,
): Promise<FirebaseSmsCode> {
  const auth = firebaseAuth(config);
  auth.languageCode = language;
  const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    const confirmation = await signInWithPhoneNumber(auth, phoneNumber, verifier);
    return {
      confirm: async (code) => {
        const credential = await confirmation.confirm(code);
        try {
          return await credential.user.getIdToken();
        } finally {
          // The token is all the site needs; the Firebase user is not kept.
          void signOut(auth).catch(() => undefined);
        }
      },
    };
  } finally {
    // A resend draws a new reCAPTCHA in the same place.
    verifier.clear();
  }
}
