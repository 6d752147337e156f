import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * How a picture of an identity document leaves the server (docs/decisions/057-know-your-customer.md), to
 * its member or to an operator: WebP, never kept by a browser's or a proxy's cache, never sniffed as
 * another type, shown inline.
 */

/** The 200 answer of a picture call in the API docs. */
export const kycPictureResponse = {
  description: 'The picture (WebP)',
  content: { 'image/webp': { schema: z.string().describe('binary') } },
};

export function sendKycPicture(reply: FastifyReply, picture: { data: Buffer }) {
  return (
    reply
      .type('image/webp')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      // Bytes are sent as they are; the string schema only describes the binary body in the docs.
      .send(picture.data as unknown as string)
  );
}
