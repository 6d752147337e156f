/**
 * The text of a login refused by a time-out or a self-exclusion, for the login screen: an entry of its own,
 * apart from index.ts, and free of zod.
 */
export { exclusionRefusalText } from './lib/exclusion-text.ts';
