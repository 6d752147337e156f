import { type IncomingMessage, request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Test helpers of the chat: a client of its server-sent event streams. */

/** Starts `app` listening on a free port of the loopback; answers its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * A GET on the listening server over its own connection (no keep-alive pool, so that no idle socket of the
 * client outlives the test), and a reader of the server-sent events of its answer.
 */
export function openGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ response: IncomingMessage; close(): void }>((resolve, reject) => {
    const outgoing = httpRequest(url, { headers, agent: false }, (response) => {
      outgoing.on('error', () => undefined);
      resolve({ response, close: () => outgoing.destroy() });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A reader of the events named `name` (`message` by default) of a server-sent event stream. */
export function eventReader(response: IncomingMessage, name = 'message') {
  let buffer = '';
  let ended = false;
  let wake: (() => void) | undefined;
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    wake?.();
  });
  const stop = () => {
    ended = true;
    wake?.();
  };
  response.on('end', stop);
  response.on('error', stop);
  return {
    /** The data of the next event of its name that satisfies `match`, within `timeoutMs`. */
    async next<T>(match: (data: T) => boolean, timeoutMs = 5_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          if (event === name && data !== undefined) {
            const parsed = JSON.parse(data) as T;
            if (match(parsed)) return parsed;
          }
          end = buffer.indexOf('\n\n');
        }
        if (ended) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no matching event in time');
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no matching event in time')), left);
          wake = () => {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          };
        });
      }
    },
    /** The whole body (an answer that is not a stream). */
    async text(): Promise<string> {
      while (!ended) await new Promise<void>((resolve) => (wake = resolve));
      return buffer;
    },
  };
}
