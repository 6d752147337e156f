import type { QueryClient } from '@tanstack/react-query';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A call made at most once per `intervalMs`: the first call runs at once; a call within the interval
 * waits for its end, and every call made meanwhile shares that one trailing call (so the answer is
 * never older than the last request for it).
 */
export function throttleCalls<T>(run: () => Promise<T>, intervalMs: number): () => Promise<T> {
  let lastStart = Number.NEGATIVE_INFINITY;
  let trailing: Promise<T> | null = null;
  return () => {
    if (trailing) return trailing;
    const wait = lastStart + intervalMs - Date.now();
    if (wait <= 0) {
      lastStart = Date.now();
      return run();
    }
    trailing = sleep(wait).then(() => {
      trailing = null;
      lastStart = Date.now();
      return run();
    });
    return trailing;
  };
}

/**
 * Tasks run one after the other, each starting at least `intervalMs` after the previous one
 * started: none is dropped (each announcement opened is marked), but they never come in a burst.
 */
export function spacedQueue(intervalMs: number) {
  let lastStart = Number.NEGATIVE_INFINITY;
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(async () => {
      const wait = lastStart + intervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      lastStart = Date.now();
      return task();
    });
    tail = result.catch(() => undefined);
    return result;
  };
}

// Made on first use: importing this module has no side effect (it stays out of the first load).
let perClient: WeakMap<QueryClient, Map<string, unknown>> | undefined;

/** One instance of something per query client (per app), made on first use. */
export function perQueryClient<T>(client: QueryClient, name: string, create: () => T): T {
  perClient ??= new WeakMap();
  let instances = perClient.get(client);
  if (!instances) {
    instances = new Map();
    perClient.set(client, instances);
  }
  if (!instances.has(name)) instances.set(name, create());
  return instances.get(name) as T;
}
