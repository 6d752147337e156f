/**
 * The keys the site and its stand-ins share outside production when none is configured: fixed, so the
 * site and the sandboxes process (apps/sandboxes) agree without being told. The site refuses them in
 * production (docs/decisions/036-sandboxes-process.md).
 */

/** The sandbox game provider's key at the wallet (SANDBOX_PROVIDER_SECRET unset). */
export const DEVELOPMENT_SANDBOX_PROVIDER_SECRET = 'sandbox-provider-development-secret-not-for-production';

/** The key the payment gateway signs its callbacks and the site its payment links with (PAYMENT_CALLBACK_SECRET unset). */
export const DEVELOPMENT_PAYMENT_CALLBACK_SECRET = 'payment-gateway-development-secret-not-for-production';
