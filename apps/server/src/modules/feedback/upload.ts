import type { Readable } from 'node:stream';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_FORM_FIELDS,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
} from '@kl/contracts/feedback';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors.ts';

/**
 * Reading the multipart form of PUT /api/feedback (@fastify/multipart, registered for this route only).
 * The whole request is always read to its end, even after a fault, so that the client receives the
 * answer instead of a reset connection; the first fault is then answered with its catalogue code.
 */

/** What the form carried: its text fields, the comments in order and the image bytes in order. */
export interface FeedbackForm {
  fields: Record<string, string>;
  comments: string[];
  images: Buffer[];
}

/** Limits handed to busboy: one file more than allowed is read (and refused), the rest are skipped. */
export const FEEDBACK_MULTIPART_LIMITS = {
  fileSize: FEEDBACK_IMAGE_MAX_BYTES,
  files: FEEDBACK_MAX_IMAGES + 1,
  fields: 16,
  fieldSize: 4 * 1024,
  parts: 24,
  headerPairs: 64,
} as const;

const TEXT_FIELDS = new Set<string>([
  FEEDBACK_FORM_FIELDS.type,
  FEEDBACK_FORM_FIELDS.content,
  FEEDBACK_FORM_FIELDS.captchaId,
  FEEDBACK_FORM_FIELDS.captcha,
]);

export const contentLengthError = () =>
  new DomainError('FEEDBACK_CONTENT_LENGTH', { min: FEEDBACK_CONTENT_MIN, max: FEEDBACK_CONTENT_MAX });
const tooLarge = () => new DomainError('IMAGE_TOO_LARGE', { maxBytes: FEEDBACK_IMAGE_MAX_BYTES });
const tooMany = () => new DomainError('TOO_MANY_IMAGES', { max: FEEDBACK_MAX_IMAGES });

/** The catalogue error of a fault the multipart parser raised. */
function multipartFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return tooMany();
  return new DomainError('INVALID_INPUT', { reason: 'MALFORMED_FORM' });
}

async function drain(stream: Readable): Promise<void> {
  for await (const chunk of stream) void chunk;
}

export async function readFeedbackForm(request: FastifyRequest): Promise<FeedbackForm> {
  if (!request.isMultipart()) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', { expected: 'multipart/form-data' });
  }
  const form: FeedbackForm = { fields: {}, comments: [], images: [] };
  let failure: DomainError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FEEDBACK_FORM_FIELDS.image) {
          await drain(part.file);
          failure ??= new DomainError('INVALID_INPUT', { field: part.fieldname, reason: 'UNEXPECTED_FILE' });
          continue;
        }
        if (form.images.length >= FEEDBACK_MAX_IMAGES) {
          await drain(part.file);
          failure ??= tooMany();
          continue;
        }
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          failure ??= multipartFailure(error);
          continue;
        }
        // An empty file input that a plain form submits anyway.
        if (bytes.length === 0 && part.filename === '') continue;
        form.images.push(bytes);
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : '';
      if (part.fieldname === FEEDBACK_FORM_FIELDS.comment) {
        form.comments.push(value);
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        if (form.fields[part.fieldname] !== undefined) {
          failure ??= new DomainError('INVALID_INPUT', { field: part.fieldname, reason: 'REPEATED' });
        }
        form.fields[part.fieldname] = value;
      }
      if (part.valueTruncated) {
        failure ??=
          part.fieldname === FEEDBACK_FORM_FIELDS.content
            ? contentLengthError()
            : new DomainError('INVALID_INPUT', { field: part.fieldname });
      }
    }
  } catch (error) {
    throw failure ?? multipartFailure(error);
  }
  if (failure) throw failure;
  return form;
}
