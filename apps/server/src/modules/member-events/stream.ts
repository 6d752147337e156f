import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MemberFeed } from '../../platform/member-feed.ts';

/** A comment line every HEARTBEAT_MS keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

export interface MemberStreamOptions {
  memberId: string;
  feed: MemberFeed;
  /** The member's fresh data of one event. */
  read(): Promise<unknown>;
  /** The event's name. */
  event: string;
}

/**
 * The member's event stream (`text/event-stream`): one event with fresh data at the start and after
 * each wake-up of the member by the feed (platform/member-feed.ts). Wake-ups that come while a read is
 * under way give one more read after it, not one each. No poll: the heartbeat is a comment.
 */
export function sendMemberStream(request: FastifyRequest, reply: FastifyReply, options: MemberStreamOptions) {
  const { feed, memberId } = options;
  const body = new PassThrough();
  let ended = false;
  let reading = false;
  let stale = false;

  // `reading` is cleared in the same step that last saw `stale` false: no wake-up falls between them.
  const readAndSend = async () => {
    reading = true;
    try {
      while (stale && !ended) {
        stale = false;
        const data = await options.read();
        if (!ended) body.write(`event: ${options.event}\ndata: ${JSON.stringify(data)}\n\n`);
      }
    } catch (error) {
      if (!ended) request.log.warn({ err: error }, 'member stream read failed');
    } finally {
      reading = false;
    }
  };
  const refresh = () => {
    stale = true;
    if (!reading) void readAndSend();
  };

  const keepAlive = setInterval(() => body.write(': keep-alive\n\n'), HEARTBEAT_MS);
  keepAlive.unref();
  const unsubscribe = feed.subscribe(memberId, refresh);
  const forget = feed.track(end);
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    unsubscribe();
    forget();
    body.end();
  }
  reply.raw.on('close', end);

  // The browser waits 3 s before reconnecting; the comment sends the headers at once.
  body.write('retry: 3000\n: open\n\n');
  refresh();
  return reply
    .code(200)
    .type('text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(body);
}
