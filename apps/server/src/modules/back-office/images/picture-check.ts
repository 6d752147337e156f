import { IMAGE_PLACES, type ImagePlace } from '@kl/contracts/images';
import type { DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { ImageStore } from '../../images/index.ts';

/**
 * A picture an operator puts in a place (a banner's, the logo) must be one of the merchant's uploaded
 * pictures made for that place's size: otherwise 400 INVALID_INPUT on `field`, reason IMAGE_NOT_FOUND or
 * IMAGE_SIZE (with the size the place needs). Null (no picture) passes.
 */
export async function checkPicture(
  imageStore: Pick<ImageStore, 'size'>,
  check: { imageId: string | null; place: ImagePlace; field: string },
  tx: DbOrTx,
): Promise<void> {
  const { imageId, field } = check;
  if (imageId === null) return;
  const size = await imageStore.size(imageId, tx);
  if (!size) throw new DomainError('INVALID_INPUT', { field, reason: 'IMAGE_NOT_FOUND' });
  const { width, height } = IMAGE_PLACES[check.place];
  if (size.width !== width || size.height !== height) {
    throw new DomainError('INVALID_INPUT', { field, reason: 'IMAGE_SIZE', width, height });
  }
}
