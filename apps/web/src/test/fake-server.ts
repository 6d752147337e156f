import { statusCalls, type SystemStatus } from '@kl/contracts/status';
import { vi } from 'vitest';
import { answer, failure, isCall } from './fake-api.ts';
import type { FakeAccounts } from './fake-accounts.ts';
import type { FakeGames } from './fake-games.ts';

export type StatusAnswer = SystemStatus | 'network-error' | Promise<SystemStatus>;

/** A fake part of the API: answers the calls it knows, undefined for the others. */
export type FakeHandler = (
  url: URL,
  init?: RequestInit,
) => Promise<Response | undefined> | Response | undefined;

let nextHandlers: FakeHandler[] = [];

/**
 * Adds a fake part of the API (for example the messages calls, see fake-messages.ts) to the next
 * server stubbed (the next renderApp), and to that one only.
 */
export function serveAlsoNext(handler: FakeHandler): void {
  nextHandlers.push(handler);
}

/**
 * Stands in for the API in component tests (replaces global fetch for the current test): answers
 * GET /api/status with the given status (or a network failure, or a status that arrives when the
 * promise settles), the accounts calls when a fake accounts server is given, and 404 NOT_FOUND for
 * anything else. Returns the fetch mock to inspect calls.
 */
export function stubServer({
  status,
  accounts,
  games,
}: {
  status: StatusAnswer | (() => StatusAnswer);
  /** The accounts calls (see fake-accounts.ts). */
  accounts?: FakeAccounts;
  /** The game catalogue calls (see fake-games.ts). */
  games?: FakeGames;
}) {
  const extraHandlers = nextHandlers;
  nextHandlers = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    for (const handler of extraHandlers) {
      const answered = await handler(url, init);
      if (answered) return answered;
    }
    const accountsAnswer = await accounts?.handle(url, init);
    if (accountsAnswer) return accountsAnswer;
    const gamesAnswer = await games?.handle(url, init);
    if (gamesAnswer) return gamesAnswer;
    if (isCall(statusCalls.status, url, init)) {
      const given = typeof status === 'function' ? status() : status;
      if (given === 'network-error') throw new TypeError('Failed to fetch');
      return answer(statusCalls.status, await given);
    }
    return failure('NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
