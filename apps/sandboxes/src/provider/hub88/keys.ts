import {
  DEVELOPMENT_HUB88_OPERATOR_PUBLIC_KEY,
  DEVELOPMENT_HUB88_PRIVATE_KEY,
} from '@kl/signing/development-hub88';
import { privateKeyOf, publicKeyOf } from '@kl/signing/rsa';
import type { KeyObject } from 'node:crypto';

/**
 * The keys of the sandbox provider's Hub88 protocol (docs/decisions/067-sandbox-hub88.md): no shared secret,
 * each side signs what it sends with its own private key and checks the other's with the other's public key.
 */
export interface SandboxHub88Keys {
  /** The provider's (Hub88's side): signs its wallet calls and its operator API's answers. */
  privateKey: KeyObject;
  /** The operator's (the site's): checks the site's answers to wallet calls and its operator API requests. */
  operatorPublicKey: KeyObject;
}

/** The fixed development keys both processes know (`@kl/signing/development-hub88`), parsed anew: keep them. */
export const developmentHub88Keys = (): SandboxHub88Keys => ({
  privateKey: privateKeyOf(DEVELOPMENT_HUB88_PRIVATE_KEY),
  operatorPublicKey: publicKeyOf(DEVELOPMENT_HUB88_OPERATOR_PUBLIC_KEY),
});
