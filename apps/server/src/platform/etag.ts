import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isKeptAnswer } from './answer-cache.ts';

/**
 * Strong ETags of answers (docs/decisions/022-api-caching.md): the tag of an answer's value; an answer
 * kept in memory (answer-cache.ts) is hashed once however often it is sent.
 */

const tags = new WeakMap<object, string>();

/** The strong ETag of an answer's value: the same value, the same tag. */
export function etagOf(value: unknown): string {
  const keyed = typeof value === 'object' && value !== null && isKeptAnswer(value);
  const kept = keyed ? tags.get(value) : undefined;
  if (kept) return kept;
  const tag = `"${createHash('sha1')
    .update(JSON.stringify(value) ?? '')
    .digest('base64url')}"`;
  if (keyed) tags.set(value, tag);
  return tag;
}

/** Whether If-None-Match names `tag` (or is `*`); weak tags compare by their opaque part. */
export function ifNoneMatchHits(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed === tag || trimmed === `W/${tag}`;
  });
}

/**
 * Sets the answer's ETag; true when the caller already has it (then the reply is a bodiless 304, sent
 * by the caller's `return reply`).
 */
export function answerNotModified(request: FastifyRequest, reply: FastifyReply, value: unknown): boolean {
  const tag = etagOf(value);
  reply.header('etag', tag);
  if (!ifNoneMatchHits(request.headers['if-none-match'], tag)) return false;
  reply.code(304);
  return true;
}
