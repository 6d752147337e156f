import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelListener } from '../../platform/change-feed.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { HEARTBEAT_MS, type StreamItem, sendEventStream } from './event-stream.ts';
import { CHAT_CHANNEL, NOTICE_BYTES, createChatHub, noticePayloads } from './live-hub.ts';
import { eventReader, openGet } from './testing.ts';

/** A promise and the function that settles it. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('chat notifications (docs/decisions/041-live-updates.md)', () => {
  it('carry topic names within the payload limit, split over several when they are many', () => {
    const topics = Array.from({ length: 300 }, (_, index) => `conversation:${'ư'.repeat(40)}-${index}`);
    const payloads = noticePayloads('origin', [...topics, 'x'.repeat(NOTICE_BYTES)]);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTICE_BYTES);
    const carried = payloads.flatMap((payload) => (JSON.parse(payload) as { topics: string[] }).topics);
    // A topic that cannot fit alone is left out; the others all go, in order.
    expect(carried).toEqual(topics);
    expect(noticePayloads('origin', [])).toEqual([]);
  });

  it('wake the streams of their topics; a lost listening connection back wakes every stream once', async () => {
    let heard: { onPayload: (payload: string) => void; onReconnect: () => void } | undefined;
    let stopped = 0;
    const listen: ChannelListener = async (channel, onPayload, onReconnect) => {
      expect(channel).toBe(CHAT_CHANNEL);
      heard = { onPayload, onReconnect };
      return async () => {
        stopped += 1;
      };
    };
    const hub = createChatHub({ listen });
    const errors: Error[] = [];
    await hub.start((error) => errors.push(error));
    if (!heard) throw new Error('the hub does not listen');
    const woken: string[] = [];
    hub.subscribe('a', () => woken.push('a1'));
    const unsubscribe = hub.subscribe('a', () => woken.push('a2'));
    hub.subscribe('b', () => woken.push('b'));

    heard.onPayload(JSON.stringify({ origin: 'another process', topics: ['a', 'c'] }));
    expect(woken).toEqual(['a1', 'a2']);
    heard.onPayload('not json');
    heard.onPayload(JSON.stringify({ origin: 'another process', topics: 'a' }));
    expect(errors).toHaveLength(2);
    expect(woken).toHaveLength(2);

    unsubscribe();
    woken.length = 0;
    heard.onReconnect();
    expect(woken.sort()).toEqual(['a1', 'b']);

    await hub.close();
    await hub.close();
    expect(stopped).toBe(1);
  });
});

describeEachDatabase('chat notifications between processes', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind, { seed: false });

  it('are heard by the other hubs at the commit, not by the hub that sent them', async () => {
    const { db, listen } = database.current;
    const first = createChatHub({ listen });
    const second = createChatHub({ listen });
    await first.start();
    await second.start();
    try {
      let firstWoken = 0;
      let secondWoken = 0;
      const secondHeard = signal();
      const firstHeard = signal();
      first.subscribe('x', () => (firstWoken += 1));
      first.subscribe('y', () => firstHeard.resolve());
      second.subscribe('x', () => {
        secondWoken += 1;
        secondHeard.resolve();
      });
      await db.transaction(async (tx) => {
        await first.notify(tx, ['x']);
        expect(secondWoken).toBe(0);
      });
      await secondHeard.promise;
      expect(secondWoken).toBe(1);
      // The second hub's notice reaches the first after the first's own (one connection keeps the order).
      await second.notify(db, ['y']);
      await firstHeard.promise;
      expect(firstWoken).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('a chat event stream', () => {
  let app: FastifyInstance;
  let base: string;
  const hub = createChatHub();
  const items: StreamItem[] = [];
  let reads = 0;
  let afterRead = signal();

  beforeAll(async () => {
    app = Fastify();
    app.get('/stream', (request, reply) =>
      sendEventStream(request, reply, {
        startAfter: 0,
        read: async (afterId) => {
          reads += 1;
          afterRead.resolve();
          return items.filter((item) => item.id > afterId);
        },
        subscribe: (wake) => hub.subscribe('t', wake),
        hub,
        clock: () => new Date(),
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    return async () => {
      hub.closeAll();
      await app.close();
    };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads when it opens and when woken, never on a timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { response, close } = await openGet(`${base}/stream`);
    try {
      const events = eventReader(response);
      await afterRead.promise;
      expect(reads).toBe(1);
      // Minutes pass: heartbeats only.
      vi.advanceTimersByTime(10 * HEARTBEAT_MS);
      expect(reads).toBe(1);
      afterRead = signal();
      items.push({ id: 1, data: { text: 'hello' } });
      hub.wake(['t']);
      expect(await events.next<{ text: string }>(() => true)).toEqual({ text: 'hello' });
      expect(reads).toBe(2);
      hub.wake(['another topic']);
      expect(reads).toBe(2);
    } finally {
      close();
    }
  });
});
