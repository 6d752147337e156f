import type { QueryClient } from '@tanstack/react-query';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A call made at most once per `intervalMs`: the first call runs at once; a call within the interval
 * waits for its end, and every call made meanwhile shares that one trailing call (so the answer is
 * never older than the last request for it). The interval counts from the end of the previous call,
 * so however slowly a request travels, the server never sees two closer than `intervalMs`.
 */
export function throttleCalls<T>(run: () => Promise<T>, intervalMs: number): () => Promise<T> {
  let lastEnd = Number.NEGATIVE_INFINITY;
  let running: Promise<T> | null = null;
  let trailing: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const call = run().finally(() => {
      lastEnd = Date.now();
      if (running === call) running = null;
    });
    running = call;
    return call;
  };
  return () => {
    if (trailing) return trailing;
    if (!running && lastEnd + intervalMs <= Date.now()) return start();
    const before = running ?? Promise.resolve();
    trailing = before
      .catch(() => undefined)
      .then(() => sleep(Math.max(0, lastEnd + intervalMs - Date.now())))
      .then(() => {
        trailing = null;
        return start();
      });
    return trailing;
  };
}

/**
 * Tasks run one after the other, each starting at least `intervalMs` after the previous one ended:
 * none is dropped (each announcement opened is marked), but they never come in a burst. Counting from
 * the end, not the start, keeps the requests `intervalMs` apart as sent, even when the first one spent
 * time before its request left (a chunk to load, a busy main thread) and the next did not.
 */
export function spacedQueue(intervalMs: number) {
  let lastEnd = Number.NEGATIVE_INFINITY;
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(async () => {
      const wait = lastEnd + intervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      try {
        return await task();
      } finally {
        lastEnd = Date.now();
      }
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
