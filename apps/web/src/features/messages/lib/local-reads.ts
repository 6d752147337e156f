import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { perQueryClient } from './throttle.ts';

/**
 * Announcements the member opened during this visit (product.md §4: marked read locally on first open).
 * They show as read at once, before the server has answered or the list has been reloaded.
 */
export class LocalReads {
  private readonly keys = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  has(userName: string, id: number): boolean {
    return this.keys.has(`${userName}:${id}`);
  }

  add(userName: string, id: number): void {
    this.keys.add(`${userName}:${id}`);
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  snapshot = () => this.version;
}

/** The local read state of this app (one per query client), re-rendering when it changes. */
export function useLocalReads(): LocalReads {
  const client = useQueryClient();
  const store = perQueryClient(client, 'local-reads', () => new LocalReads());
  useSyncExternalStore(store.subscribe, store.snapshot);
  return store;
}
