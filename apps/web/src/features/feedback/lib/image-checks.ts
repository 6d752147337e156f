import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_IMAGE_TYPES, FEEDBACK_MAX_IMAGES } from '@kl/contracts/feedback';
import type { ErrorCode } from '@kl/contracts/errors';

/** Why a picked file is not added (the catalogue code the server would answer). */
export type ImageRefusal = Extract<
  ErrorCode,
  'IMAGE_TYPE_NOT_ALLOWED' | 'IMAGE_TOO_LARGE' | 'TOO_MANY_IMAGES'
>;

const ALLOWED_TYPES: readonly string[] = FEEDBACK_IMAGE_TYPES;
/** Some pickers give no type: the name decides then (the server reads the bytes anyway). */
const ALLOWED_NAME = /\.(png|jpe?g)$/i;

export function isAllowedImageFile(file: File): boolean {
  return file.type === '' ? ALLOWED_NAME.test(file.name) : ALLOWED_TYPES.includes(file.type);
}

/**
 * Sorts picked files into those added (in order, up to FEEDBACK_MAX_IMAGES with the ones already
 * there) and those refused with their reason (product.md §5 uploads: png or jpg, 5 MB each, 3 images).
 */
export function sortPickedImages(
  files: readonly File[],
  alreadyAdded: number,
): { accepted: File[]; refused: { file: File; reason: ImageRefusal }[] } {
  const accepted: File[] = [];
  const refused: { file: File; reason: ImageRefusal }[] = [];
  for (const file of files) {
    if (!isAllowedImageFile(file)) refused.push({ file, reason: 'IMAGE_TYPE_NOT_ALLOWED' });
    else if (file.size > FEEDBACK_IMAGE_MAX_BYTES) refused.push({ file, reason: 'IMAGE_TOO_LARGE' });
    else if (alreadyAdded + accepted.length >= FEEDBACK_MAX_IMAGES) {
      refused.push({ file, reason: 'TOO_MANY_IMAGES' });
    } else accepted.push(file);
  }
  return { accepted, refused };
}
