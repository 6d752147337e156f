/**
 * How often a pending withdrawal is asked for its status while its screen is open. An object so that
 * component tests can shorten it.
 */
export const withdrawTiming = { pollMs: 5000 };
