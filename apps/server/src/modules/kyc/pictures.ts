import { KYC_PICTURE_MAX_BYTES, KYC_PICTURE_MAX_SIDE, type KycPicture } from '@kl/contracts/kyc';
import sharp, { type OutputInfo } from 'sharp';
import { DomainError } from '../../platform/errors.ts';
import { pictureTypeOf } from '../images/index.ts';
import type { NewKycPicture } from './repository.ts';

/**
 * The picture kept of an identity document's upload (docs/decisions/057-know-your-customer.md), as the back
 * office's pictures are made (docs/decisions/047-uploaded-pictures.md): its type read from its bytes, decoded
 * with a pixel limit, turned upright, made at most KYC_PICTURE_MAX_SIDE pixels on its longest side (never
 * larger than sent) and encoded as WebP, which leaves its metadata behind (camera, location). What is
 * served is this encoding, never the uploaded bytes. Refusals name the picture (`field`).
 */

/** WebP quality of a document's picture: its small print stays readable. */
const WEBP_QUALITY = 85;
/** Larger pictures are not decoded at all (a small file can claim a huge size). */
const MAX_INPUT_PIXELS = 100_000_000;

export async function prepareKycPicture(bytes: Buffer, field: KycPicture): Promise<NewKycPicture> {
  if (bytes.length > KYC_PICTURE_MAX_BYTES) {
    throw new DomainError('IMAGE_TOO_LARGE', { field, maxBytes: KYC_PICTURE_MAX_BYTES });
  }
  if (!pictureTypeOf(bytes)) throw new DomainError('PICTURE_TYPE_NOT_ALLOWED', { field });
  let made: { data: Buffer; info: OutputInfo };
  try {
    made = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(KYC_PICTURE_MAX_SIDE, KYC_PICTURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new DomainError('PICTURE_NOT_DECODABLE', { field });
  }
  return { picture: field, data: made.data, width: made.info.width, height: made.info.height };
}
