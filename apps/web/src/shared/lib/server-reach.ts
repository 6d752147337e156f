/**
 * Whether the API answered the last call the app made. `navigator.onLine` only says a network
 * interface is up: on a network without a way out (a captive portal, a dead mobile link) it stays
 * true while nothing reaches the server. The API client reports each call here — answered (whatever
 * the answer) or never answered — and the connection notice (shared/pwa) follows both.
 */
export interface ServerReach {
  /** The last call got no answer at all. */
  unreachable(): boolean;
  /** A call was answered (`true`) or failed without an answer (`false`). */
  report(answered: boolean): void;
  /** Called with the new value each time it changes. */
  subscribe(listener: (unreachable: boolean) => void): () => void;
}

export function createServerReach(): ServerReach {
  let unreachable = false;
  const listeners = new Set<(unreachable: boolean) => void>();
  return {
    unreachable: () => unreachable,
    report(answered) {
      if (unreachable === !answered) return;
      unreachable = !answered;
      for (const listener of listeners) listener(unreachable);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one record, written by the API client. */
export const serverReach = createServerReach();
