import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelListener } from './change-feed.ts';
import type { DbOrTx } from './db.ts';
import { NOTICE_BYTES } from './live-hub.ts';
import { BALANCE_CHANNEL, BATCH_MS, createMemberFeed } from './member-feed.ts';

/** The text of a drizzle `sql` query's parameters (the channel and the payload of pg_notify). */
function paramsOf(query: unknown): unknown[] {
  const chunks = (query as { queryChunks: unknown[] }).queryChunks;
  return chunks.filter((chunk) => typeof chunk === 'string' || typeof chunk === 'number');
}

function fakePool() {
  const sent: { channel: unknown; payload: string }[] = [];
  const db = {
    execute: vi.fn(async (query: unknown) => {
      const [channel, payload] = paramsOf(query);
      sent.push({ channel, payload: String(payload) });
      return { rows: [] };
    }),
  } as unknown as DbOrTx;
  const topicsOf = () => sent.flatMap(({ payload }) => (JSON.parse(payload) as { topics: string[] }).topics);
  return { db, sent, topicsOf };
}

describe('member feed (docs/decisions/041-live-updates.md, balance stream)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one notification per batch window, whatever the number of changes in it', async () => {
    const pool = fakePool();
    const feed = createMemberFeed({ db: pool.db });
    const woken: string[] = [];
    feed.subscribe('m-1', () => woken.push('m-1'));
    feed.subscribe('m-2', () => woken.push('m-2'));
    for (let index = 0; index < 200; index += 1) feed.changed(index % 2 === 0 ? 'm-1' : 'm-2');
    // Nothing is sent nor woken while the window is open: `changed` only remembers.
    expect(pool.sent).toEqual([]);
    expect(woken).toEqual([]);
    await vi.advanceTimersByTimeAsync(BATCH_MS - 1);
    expect(pool.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(pool.sent).toHaveLength(1);
    expect(pool.sent[0]?.channel).toBe(BALANCE_CHANNEL);
    expect(pool.topicsOf()).toEqual(['m-1', 'm-2']);
    // This process's streams are woken once per member and window.
    expect(woken).toEqual(['m-1', 'm-2']);

    // Nothing pending: no timer fires a notification.
    await vi.advanceTimersByTimeAsync(BATCH_MS * 5);
    expect(pool.sent).toHaveLength(1);
    feed.changed('m-2');
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    expect(pool.sent).toHaveLength(2);
    expect(woken).toEqual(['m-1', 'm-2', 'm-2']);
  });

  it('splits many members over notifications within the payload limit', async () => {
    const pool = fakePool();
    const feed = createMemberFeed({ db: pool.db });
    const members = Array.from({ length: 600 }, (_, index) => `${crypto.randomUUID()}-${index}`);
    for (const member of members) feed.changed(member);
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    expect(pool.sent.length).toBeGreaterThan(1);
    for (const { payload } of pool.sent) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTICE_BYTES);
    expect(pool.topicsOf()).toEqual(members);
  });

  it('sends what is pending at close; a failed notification is reported, not thrown', async () => {
    const pool = fakePool();
    const errors: unknown[] = [];
    const failing = {
      execute: vi.fn(async () => {
        throw new Error('connection lost');
      }),
    } as unknown as DbOrTx;
    const feed = createMemberFeed({ db: pool.db });
    feed.changed('m-9');
    await feed.close();
    expect(pool.topicsOf()).toEqual(['m-9']);

    const broken = createMemberFeed({ db: failing, onError: (error) => errors.push(error) });
    broken.changed('m-1');
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    expect(errors).toEqual([new Error('connection lost')]);
  });

  it('wakes the streams of members named by other processes, not its own notifications again', async () => {
    const pool = fakePool();
    let heard: { onPayload: (payload: string) => void; onReconnect: () => void } | undefined;
    const listen: ChannelListener = async (channel, onPayload, onReconnect) => {
      expect(channel).toBe(BALANCE_CHANNEL);
      heard = { onPayload, onReconnect };
      return async () => undefined;
    };
    const errors: unknown[] = [];
    const feed = createMemberFeed({ db: pool.db, listen, onError: (error) => errors.push(error) });
    await feed.start();
    if (!heard) throw new Error('the feed does not listen');
    const woken: string[] = [];
    feed.subscribe('m-1', () => woken.push('m-1'));
    feed.subscribe('m-2', () => woken.push('m-2'));

    heard.onPayload(JSON.stringify({ origin: 'another process', topics: ['m-2', 'm-3'] }));
    expect(woken).toEqual(['m-2']);
    feed.changed('m-1');
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    expect(woken).toEqual(['m-2', 'm-1']);
    // Its own notification comes back from the database: already woken, ignored.
    heard.onPayload(pool.sent[0]?.payload ?? '');
    expect(woken).toEqual(['m-2', 'm-1']);
    // The listening connection back after a loss: every open stream once.
    heard.onReconnect();
    expect(woken.slice(2).sort()).toEqual(['m-1', 'm-2']);
    heard.onPayload('not json');
    expect(errors).toHaveLength(1);
    await feed.close();
  });
});
