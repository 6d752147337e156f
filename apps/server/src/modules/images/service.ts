import { createHash } from 'node:crypto';
import {
  IMAGE_MAX_BYTES,
  IMAGE_PLACES,
  type ImagePlace,
  imageUrlOf,
  type UploadedImage,
} from '@kl/contracts/images';
import sharp, { type OutputInfo } from 'sharp';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import { pictureTypeOf } from './image-type.ts';
import { createImageRepository } from './repository.ts';

/**
 * The uploaded-picture store (docs/decisions/047-uploaded-pictures.md). `prepare` checks an upload and
 * makes the site's picture of it, outside any transaction (sharp works off the event loop); `save` keeps
 * it in the caller's transaction, beside the audit row of whoever uploaded it; `find` reads it back.
 */

/** WebP quality of uploaded pictures: photographs and text alike stay sharp at this size. */
const WEBP_QUALITY = 82;
/** Larger pictures are not decoded at all (a small file can claim a huge size). */
const MAX_INPUT_PIXELS = 50_000_000;

/** A picture made for a place, not kept yet. */
export interface PreparedImage {
  id: string;
  data: Buffer;
  width: number;
  height: number;
}

/** Who keeps a picture: the operator, as the audit names them. */
export interface ImageUploader {
  operatorId: string | null;
  username: string;
}

const idOf = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 32);

export const uploadedImageOf = (image: { id: string; width: number; height: number }): UploadedImage => ({
  id: image.id,
  url: imageUrlOf(image.id),
  width: image.width,
  height: image.height,
});

export function createImageStore(deps: { db: Db; clock: Clock; merchantCode: string }) {
  const { db, clock, merchantCode } = deps;
  const images = createImageRepository(db);
  return {
    /**
     * The site's picture of an upload for `place`: refused when larger than IMAGE_MAX_BYTES (413
     * IMAGE_TOO_LARGE), when its bytes are not a PNG, JPEG or WebP (415 PICTURE_TYPE_NOT_ALLOWED), or
     * when it does not decode (400 PICTURE_NOT_DECODABLE). Turned upright, made the place's size
     * (cover: cut to its aspect; contain: whole, on transparency) and encoded as WebP.
     */
    async prepare(bytes: Buffer, place: ImagePlace): Promise<PreparedImage> {
      if (bytes.length > IMAGE_MAX_BYTES)
        throw new DomainError('IMAGE_TOO_LARGE', { maxBytes: IMAGE_MAX_BYTES });
      if (!pictureTypeOf(bytes)) throw new DomainError('PICTURE_TYPE_NOT_ALLOWED');
      const size = IMAGE_PLACES[place];
      let made: { data: Buffer; info: OutputInfo };
      try {
        made = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize(size.width, size.height, {
            fit: size.fit,
            position: 'centre',
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw new DomainError('PICTURE_NOT_DECODABLE');
      }
      return { id: idOf(made.data), data: made.data, width: made.info.width, height: made.info.height };
    },

    /** Keeps a prepared picture (once per digest) in `tx`; answers it and whether it was new. */
    async save(image: PreparedImage, uploader: ImageUploader, tx: DbOrTx = db) {
      const created = await images.insertImage(
        {
          merchantCode,
          id: image.id,
          data: image.data,
          contentType: 'image/webp',
          width: image.width,
          height: image.height,
          createdBy: uploader.operatorId,
          createdByUsername: uploader.username,
          createdAt: clock(),
        },
        tx,
      );
      return { image: uploadedImageOf(image), created };
    },

    /** A kept picture with its bytes; undefined when the merchant has none with this id. */
    find: (id: string) => images.findImage(merchantCode, id),

    /** A kept picture's size; undefined when the merchant has none with this id. */
    size: (id: string, tx?: DbOrTx) => images.imageSize(merchantCode, id, tx),
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
