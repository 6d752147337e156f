import { KYC_PICTURE_MAX_BYTES, KYC_PICTURES, type KycPicture, kycSubmission } from '@kl/contracts/kyc';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors.ts';

/**
 * Reading the multipart form of POST /api/member/kyc (@fastify/multipart, registered for the identity
 * calls only): the text fields of `kycSubmission` and one file part per picture, named as in KYC_PICTURES.
 * The whole request is read to its end, even after a fault, so that the member's browser receives the
 * answer instead of a reset connection; the first fault is then answered, naming its field.
 */

/** What the form carried: its text fields and the bytes of each picture. */
export interface KycForm {
  fields: Record<string, string>;
  pictures: Partial<Record<KycPicture, Buffer>>;
}

/**
 * Limits handed to busboy: a file per picture of at most KYC_PICTURE_MAX_BYTES and one more (read, and
 * refused by its name), a few small fields.
 */
export const KYC_MULTIPART_LIMITS = {
  fileSize: KYC_PICTURE_MAX_BYTES,
  files: KYC_PICTURES.length + 1,
  fields: 8,
  fieldSize: 1024,
  parts: 12,
  headerPairs: 64,
} as const;

const TEXT_FIELDS: ReadonlySet<string> = new Set(Object.keys(kycSubmission.shape));
const isPicture = (name: string): name is KycPicture => (KYC_PICTURES as readonly string[]).includes(name);

/** The catalogue error of a fault the parser raised while reading `field` (or between the parts). */
function formFault(error: unknown, field?: string): DomainError {
  if (error instanceof DomainError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DomainError('IMAGE_TOO_LARGE', { field, maxBytes: KYC_PICTURE_MAX_BYTES });
    case 'FST_FILES_LIMIT':
      return new DomainError('INVALID_INPUT', { reason: 'TOO_MANY_FILES', max: KYC_PICTURES.length });
    default:
      return new DomainError('INVALID_INPUT', { reason: 'MALFORMED_FORM' });
  }
}

export async function readKycForm(request: FastifyRequest): Promise<KycForm> {
  if (!request.isMultipart()) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', { expected: 'multipart/form-data' });
  }
  const form: KycForm = { fields: {}, pictures: {} };
  let fault: DomainError | undefined;
  try {
    for await (const part of request.parts()) {
      const field = part.fieldname;
      if (part.type === 'file') {
        const known = isPicture(field) && form.pictures[field] === undefined;
        if (!known) {
          const reason = isPicture(field) ? 'REPEATED' : 'UNEXPECTED_FILE';
          fault ??= new DomainError('INVALID_INPUT', { field, reason });
        }
        try {
          const bytes = await part.toBuffer();
          // An empty file input a plain form sends anyway is no picture.
          if (known && !(bytes.length === 0 && part.filename === '')) form.pictures[field] = bytes;
        } catch (error) {
          fault ??= formFault(error, field);
        }
        continue;
      }
      if (!TEXT_FIELDS.has(field)) continue;
      if (form.fields[field] !== undefined)
        fault ??= new DomainError('INVALID_INPUT', { field, reason: 'REPEATED' });
      if (part.valueTruncated) fault ??= new DomainError('INVALID_INPUT', { field, reason: 'TOO_LONG' });
      form.fields[field] = typeof part.value === 'string' ? part.value : '';
    }
  } catch (error) {
    throw fault ?? formFault(error);
  }
  if (fault) throw fault;
  return form;
}
