/**
 * A failure the caller can act on, and its failure envelope (`@kl/contracts/domain-error`, shared with the
 * sandboxes process): the error handler turns it into the envelope with the catalogue's HTTP status and
 * the message in the caller's language.
 */
export { DomainError, failureBody, isDomainError } from '@kl/contracts/domain-error';
