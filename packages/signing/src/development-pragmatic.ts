/**
 * The secret key of the sandbox Pragmatic provider (docs/decisions/071-sandbox-pragmatic.md) outside
 * production: fixed, so the site and the sandboxes process (apps/sandboxes) agree without being told, as
 * with the development secrets beside it (`development.ts`, `development-hub88.ts`). Both sides make and
 * check every request's `hash` with it (docs/decisions/068-pragmatic-adapter.md). The site never registers
 * the sandbox Pragmatic provider in production.
 */
export const DEVELOPMENT_PRAGMATIC_SECRET_KEY = 'sandbox-pragmatic-development-secret-not-for-production';
