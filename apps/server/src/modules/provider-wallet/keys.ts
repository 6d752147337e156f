/**
 * The names a provider's money is recorded under (docs/conventions.md "Money"): the ledger idempotency key
 * of each movement, derived from the provider and its transaction id, so a movement is posted once
 * whatever repeats; and the ledger reference of the round it belongs to.
 */

export const providerBetKey = (providerCode: string, transactionId: string) =>
  `provider-bet:${providerCode}:${transactionId}`;
export const providerWinKey = (providerCode: string, transactionId: string) =>
  `provider-win:${providerCode}:${transactionId}`;
export const providerCreditKey = (providerCode: string, transactionId: string) =>
  `provider-credit:${providerCode}:${transactionId}`;
/** A refund is keyed by the bet it refunds (not by the rollback's id): a bet is refunded once, ever. */
export const providerRefundKey = (providerCode: string, betTransactionId: string) =>
  `provider-rollback:${providerCode}:${betTransactionId}`;
export const providerRoundReference = (providerCode: string, roundId: string) =>
  `provider-round:${providerCode}:${roundId}`;

/** Every ledger key of a provider's movements starts with one of these (the ledger check pairs them). */
export const PROVIDER_KEY_PREFIXES = [
  'provider-bet:',
  'provider-win:',
  'provider-rollback:',
  'provider-credit:',
] as const;
