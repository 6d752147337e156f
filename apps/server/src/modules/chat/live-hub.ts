/**
 * Wake-ups of open chat streams inside this process. A stored message publishes its topics; each stream
 * subscribed to one of them reads the database for what is new. The database stays the one source of
 * truth: streams also poll it (see event-stream.ts), so a message stored by another API process behind
 * the same PostgreSQL reaches them too, a little later.
 */
export interface ChatHub {
  subscribe(topic: string, wake: () => void): () => void;
  publish(...topics: string[]): void;
  /** Remembers an open stream so that shutdown can end it; answers the function that forgets it. */
  track(close: () => void): () => void;
  /** Ends every open stream (server shutdown). */
  closeAll(): void;
  readonly openStreams: number;
}

export const conversationTopic = (conversationId: string) => `conversation:${conversationId}`;
export const merchantTopic = (merchantCode: string) => `merchant:${merchantCode}`;

export function createChatHub(): ChatHub {
  const topics = new Map<string, Set<() => void>>();
  const streams = new Set<() => void>();
  return {
    subscribe(topic, wake) {
      const listeners = topics.get(topic) ?? new Set();
      listeners.add(wake);
      topics.set(topic, listeners);
      return () => {
        listeners.delete(wake);
        if (listeners.size === 0) topics.delete(topic);
      };
    },
    publish(...names) {
      for (const name of names) for (const wake of topics.get(name) ?? []) wake();
    },
    track(close) {
      streams.add(close);
      return () => streams.delete(close);
    },
    closeAll() {
      for (const close of [...streams]) close();
    },
    get openStreams() {
      return streams.size;
    },
  };
}
