/** The slot's rules live in the contracts package, so the browser can replay a round with the same code. */
export * from '@kl/contracts/slot-engine';
