/** The in-house machine's data lives in the contracts package, shared with the browser's verify view. */
export * from '@kl/contracts/slot-machine';
