import { PassThrough } from 'node:stream';
import { CHAT_EVENTS } from '@kl/contracts/chat';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { ChatHub } from './live-hub.ts';

/**
 * A server-sent event stream of chat messages (`text/event-stream`). Each message is one `message` event
 * whose id is the message id, so that a browser reconnecting with Last-Event-ID resumes after it.
 *
 * The stream reads the database when it opens and whenever the hub wakes it: a message stored by any API
 * process on the database, or the hub's listening connection back after a loss (live-hub.ts,
 * docs/decisions/041-live-updates.md). It does not poll. Identity values are handed out before commit,
 * so a message can become visible after a later one: each read also looks back LOOKBACK_MS, and ids
 * already sent are skipped. A client may still see an id twice across reconnections and ignores ids it
 * has.
 */
export const HEARTBEAT_MS = 25_000;
export const LOOKBACK_MS = 10_000;
const REMEMBERED_IDS = 1_000;

export interface StreamItem {
  id: number;
  data: unknown;
}

export interface EventStreamOptions {
  /** Send what comes after this id. */
  startAfter: number;
  /** Items with an id above `afterId` or created since `since`, oldest first. */
  read(afterId: number, since: Date): Promise<StreamItem[]>;
  /** Subscribes to wake-ups; answers the unsubscribe function. */
  subscribe(wake: () => void): () => void;
  hub: ChatHub;
  clock: Clock;
}

/** The id to resume after: Last-Event-ID when the browser reconnects, else `after`. */
export function resumeAfter(request: FastifyRequest, after: number | undefined): number | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return after;
}

const eventText = (item: StreamItem) =>
  `id: ${item.id}\nevent: ${CHAT_EVENTS.message}\ndata: ${JSON.stringify(item.data)}\n\n`;

export function sendEventStream(request: FastifyRequest, reply: FastifyReply, options: EventStreamOptions) {
  const { hub, clock } = options;
  const stream = new PassThrough();
  const sent = new Set<number>();
  let lastId = options.startAfter;
  let closed = false;
  let busy = false;
  let again = false;

  async function pump(): Promise<void> {
    if (closed) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const items = await options.read(lastId, new Date(clock().getTime() - LOOKBACK_MS));
        for (const item of items) {
          if (closed || sent.has(item.id)) continue;
          sent.add(item.id);
          lastId = Math.max(lastId, item.id);
          stream.write(eventText(item));
        }
        for (const id of sent) {
          if (sent.size <= REMEMBERED_IDS) break;
          sent.delete(id);
        }
      } while (again && !closed);
    } catch (error) {
      if (!closed) request.log.warn({ err: error }, 'chat stream read failed');
    } finally {
      busy = false;
    }
  }

  const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const unsubscribe = options.subscribe(() => void pump());
  const untrack = hub.track(close);

  function close() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    stream.end();
  }
  reply.raw.on('close', close);

  // The browser waits 3 s before reconnecting; the comment flushes the headers at once.
  stream.write('retry: 3000\n: connected\n\n');
  void pump();
  return reply
    .code(200)
    .type('text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(stream);
}
