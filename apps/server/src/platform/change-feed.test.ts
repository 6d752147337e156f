import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDatabase, useTestDatabase } from '../test/databases.ts';
import { type ChangeFeed, type ChangeTopic, createChangeFeed } from './change-feed.ts';

/** How long a notification that must not come is waited for. */
const QUIET_MS = 300;

describeEachDatabase('change feed', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind, { seed: false });
  const feeds: ChangeFeed[] = [];

  /** A feed as one process of the site has it: on the shared database, listening for the others. */
  async function processFeed(): Promise<{ feed: ChangeFeed; heard: ChangeTopic[] }> {
    const { db, listen } = database.current;
    const feed = createChangeFeed({ db, listen });
    await feed.start();
    feeds.push(feed);
    const heard: ChangeTopic[] = [];
    for (const topic of ['catalogue', 'content'] as const) feed.subscribe(topic, () => heard.push(topic));
    return { feed, heard };
  }

  afterEach(async () => {
    await Promise.all(feeds.splice(0).map((feed) => feed.close()));
  });

  it("tells this process's subscribers at once, and another process's through the database", async () => {
    const one = await processFeed();
    const other = await processFeed();

    const publishing = one.feed.publish('catalogue');
    // Heard in the publishing process before the notification is even sent.
    expect(one.heard).toEqual(['catalogue']);
    await publishing;

    await vi.waitFor(() => expect(other.heard).toEqual(['catalogue']));
    // The publishing process hears its own notification too (the drop after the commit).
    await vi.waitFor(() => expect(one.heard).toEqual(['catalogue', 'catalogue']));
  });

  it('tells only the subscribers of the topic, and no longer one that unsubscribed', async () => {
    const one = await processFeed();
    const status: number[] = [];
    const unsubscribe = one.feed.subscribe('status', () => status.push(1));
    await one.feed.publish('status');
    // At once, and again when its own notification comes back.
    await vi.waitFor(() => expect(status).toEqual([1, 1]));
    expect(one.heard).toEqual([]);

    unsubscribe();
    await one.feed.publish('status');
    await sleep(QUIET_MS);
    expect(status).toEqual([1, 1]);
  });

  it("tells other processes at the commit of the write's transaction, never after a rollback", async () => {
    const one = await processFeed();
    const other = await processFeed();

    await one.feed.publish('content').then(async () => {
      await database.current.db
        .transaction(async (tx) => {
          await one.feed.publish('catalogue', tx);
          await sleep(QUIET_MS);
          // Not committed yet: the other process has heard only the first change.
          expect(other.heard.filter((topic) => topic === 'catalogue')).toEqual([]);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
        });
    });
    await vi.waitFor(() => expect(other.heard).toEqual(['content']));
    await sleep(QUIET_MS);
    expect(other.heard).toEqual(['content']);

    await database.current.db.transaction(async (tx) => {
      await one.feed.publish('catalogue', tx);
    });
    await vi.waitFor(() => expect(other.heard).toEqual(['content', 'catalogue']));
  });

  it('keeps telling the other subscribers when one throws', async () => {
    const errors: unknown[] = [];
    const feed = createChangeFeed({ db: database.current.db, onError: (error) => errors.push(error) });
    const heard: string[] = [];
    feed.subscribe('status', () => {
      throw new Error('broken subscriber');
    });
    feed.subscribe('status', () => heard.push('second'));
    await feed.publish('status');
    expect(heard).toEqual(['second']);
    expect(errors).toHaveLength(1);
  });
});
