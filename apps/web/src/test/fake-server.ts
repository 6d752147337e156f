import type { SystemStatus } from '@kl/contracts/status';
import { vi } from 'vitest';
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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
      const answer = await handler(url, init);
      if (answer) return answer;
    }
    const accountsAnswer = await accounts?.handle(url, init);
    if (accountsAnswer) return accountsAnswer;
    const gamesAnswer = await games?.handle(url, init);
    if (gamesAnswer) return gamesAnswer;
    if (url.pathname === '/api/status') {
      const answer = typeof status === 'function' ? status() : status;
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return json({ success: true, value: await answer });
    }
    return json({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
