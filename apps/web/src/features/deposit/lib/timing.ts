/**
 * How often an open order is asked for its status while it waits for the payment. An object so that
 * component tests can shorten it.
 */
export const depositTiming = { pollMs: 3000 };
