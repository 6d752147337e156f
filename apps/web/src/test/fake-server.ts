import { statusCalls, type SystemStatus } from '@kl/contracts/status';
import { installFakeFetch, networkFailure, onByDefault } from './fake-api.ts';

export type StatusAnswer = SystemStatus | 'network-error' | Promise<SystemStatus>;

/**
 * Stands in for the API in component tests (test/fake-api.ts): GET /api/status answers the given status
 * (or a network failure, or a status that arrives when the promise settles) unless the test said otherwise.
 * Returns the fetch mock to inspect calls.
 */
export function stubServer({ status }: { status: StatusAnswer | (() => StatusAnswer) }) {
  onByDefault(statusCalls.status, async () => {
    const given = typeof status === 'function' ? status() : status;
    return given === 'network-error' ? networkFailure() : await given;
  });
  return installFakeFetch();
}
