import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The 200 answer of a feedback image call in the API docs: the image, PNG or JPEG. */
export const feedbackImageResponse = {
  description: 'The image',
  content: {
    'image/png': { schema: z.string().describe('binary') },
    'image/jpeg': { schema: z.string().describe('binary') },
  },
};

/**
 * Sends a feedback image inline with its stored content type, its `cache-control` and any further headers
 * the caller gives.
 */
export function sendFeedbackImage(
  reply: FastifyReply,
  image: { contentType: string; data: Buffer | Uint8Array },
  cacheControl: string,
  headers: Record<string, string> = {},
) {
  return (
    reply
      .type(image.contentType)
      .header('cache-control', cacheControl)
      .header('content-disposition', 'inline')
      .headers(headers)
      // Bytes are sent as they are; the string schema only describes the binary body in the docs.
      .send(image.data as unknown as string)
  );
}
