import { statusCalls, type SystemStatus } from '@kl/contracts/status';
import {
  installFakeFetch,
  networkFailure,
  onByDefault,
  serveLegacy,
  type LegacyHandler,
} from './fake-api.ts';

export type StatusAnswer = SystemStatus | 'network-error' | Promise<SystemStatus>;
export type FakeHandler = LegacyHandler;

let nextHandlers: FakeHandler[] = [];

/** Adds a fake part of the API to the next server stubbed (the next renderApp), and to that one only. */
export function serveAlsoNext(handler: FakeHandler): void {
  nextHandlers.push(handler);
}

/**
 * Stands in for the API in component tests (test/fake-api.ts): GET /api/status answers the given status
 * (or a network failure, or a status that arrives when the promise settles) unless the test said otherwise.
 * Returns the fetch mock to inspect calls.
 */
export function stubServer({ status }: { status: StatusAnswer | (() => StatusAnswer) }) {
  const handlers = [...nextHandlers];
  nextHandlers = [];
  serveLegacy(handlers);
  onByDefault(statusCalls.status, async () => {
    const given = typeof status === 'function' ? status() : status;
    return given === 'network-error' ? networkFailure() : await given;
  });
  return installFakeFetch();
}
