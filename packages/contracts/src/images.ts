import { z } from 'zod';
import { IMAGE_PREFIX } from './constants.ts';

/**
 * Pictures the back office uploads (docs/back-office.md, "Pictures, banners and the help centre";
 * docs/decisions/047-uploaded-pictures.md): a PNG, JPEG or WebP is read by its bytes, decoded, made the
 * size its place needs and kept as WebP in the database. It is served at a content-addressed path,
 * `/api/images/<id>.webp`, the id being the digest of its bytes: cached a year, `immutable`.
 */

export { IMAGE_PREFIX };
/** An upload larger than this is refused (413 IMAGE_TOO_LARGE). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The name of the file part of an upload's multipart form. */
export const IMAGE_FORM_FIELD = 'file';

/**
 * The places a picture is made for, each with its size in pixels: `cover` fills it (cutting what is
 * beyond the aspect), `contain` fits the whole picture in it on a transparent background.
 */
export const IMAGE_PLACES = {
  /** The wide carousels (home, live hosts, new games). */
  banner_wide: { width: 750, height: 300, fit: 'cover' },
  /** The square home pop-up. */
  banner_popup: { width: 600, height: 600, fit: 'cover' },
  /** The slim strip of the side menu. */
  banner_strip: { width: 600, height: 200, fit: 'cover' },
  /** A game's artwork on its card. */
  game_art: { width: 320, height: 320, fit: 'cover' },
  /** The merchant's logo: 96 pixels high for a 32-pixel header, never cut. */
  logo: { width: 384, height: 96, fit: 'contain' },
} as const satisfies Record<string, { width: number; height: number; fit: 'cover' | 'contain' }>;
export type ImagePlace = keyof typeof IMAGE_PLACES;
export const IMAGE_PLACE_NAMES = Object.keys(IMAGE_PLACES) as [ImagePlace, ...ImagePlace[]];

/** A picture's id: the first 32 hexadecimal digits of the SHA-256 of its WebP bytes. */
export const imageIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

/** The address of a stored picture. */
export const imageUrlOf = (id: string) => `${IMAGE_PREFIX}${id}.webp`;

export const uploadImageQuery = z.object({ place: z.enum(IMAGE_PLACE_NAMES) });
export type UploadImageQuery = z.input<typeof uploadImageQuery>;

export const uploadedImage = z.object({
  id: imageIdSchema,
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof uploadedImage>;
