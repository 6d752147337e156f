/** How often an open order is asked for its status while it waits for the payment. */
export const DEPOSIT_POLL_MS = 3000;
