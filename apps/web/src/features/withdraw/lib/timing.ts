/** How often a pending withdrawal is asked for its status while its screen is open. */
export const WITHDRAWAL_POLL_MS = 5000;
