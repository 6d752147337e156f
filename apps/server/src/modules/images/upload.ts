import type { Readable } from 'node:stream';
import { IMAGE_FORM_FIELD, IMAGE_MAX_BYTES } from '@kl/contracts/images';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors.ts';

/**
 * Reading the multipart form of a picture upload (@fastify/multipart, registered for the upload route
 * only): one file part `file`. The whole request is read to its end, even after a fault, so that the
 * client receives the answer instead of a reset connection; the first fault is then answered.
 */

/** Limits handed to busboy: one file of at most IMAGE_MAX_BYTES, a few small fields (ignored). */
export const IMAGE_MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  parts: 6,
  headerPairs: 64,
} as const;

const tooLarge = () => new DomainError('IMAGE_TOO_LARGE', { maxBytes: IMAGE_MAX_BYTES });

function multipartFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  return new DomainError('INVALID_INPUT', { reason: 'MALFORMED_FORM' });
}

async function drain(stream: Readable): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/** The bytes of the form's one picture; a form without one is 400 INVALID_INPUT (field `file`). */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', { expected: 'multipart/form-data' });
  }
  let bytes: Buffer | undefined;
  let failure: DomainError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== IMAGE_FORM_FIELD || bytes !== undefined) {
        await drain(part.file);
        failure ??= new DomainError('INVALID_INPUT', { field: part.fieldname, reason: 'UNEXPECTED_FILE' });
        continue;
      }
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        failure ??= multipartFailure(error);
      }
    }
  } catch (error) {
    throw failure ?? multipartFailure(error);
  }
  if (failure) throw failure;
  if (!bytes || bytes.length === 0) {
    throw new DomainError('INVALID_INPUT', { field: IMAGE_FORM_FIELD, reason: 'REQUIRED' });
  }
  return bytes;
}
