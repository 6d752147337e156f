import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';

/**
 * The generated pictures (game, vendor and banner art) as WebP, drawn from their SVG on the server
 * (docs/decisions/029-raster-art.md). In the browser an SVG `<img>` is a document of its own, parsed,
 * laid out and painted on the page's main thread; a WebP is decoded off it.
 *
 * Same SVG and width, same bytes: the text is set in the font that comes with the server (Be Vietnam
 * Pro, every Vietnamese letter), never in whatever the machine has, and nothing is stored: a picture
 * is drawn when first asked for and kept in a bounded cache.
 */

const fontPackage = createRequire(import.meta.url);
const FONT_FAMILY = 'Be Vietnam Pro';
const FONT_FILES = ['400Regular', '700Bold', '800ExtraBold'].map((weight) =>
  fontPackage.resolve(`@expo-google-fonts/be-vietnam-pro/${weight}/BeVietnamPro_${weight}.ttf`),
);

/** WebP quality: flat colours and gradients with text; below 80 the text's edges blur. */
const WEBP_QUALITY = 80;

export interface Raster {
  body: Buffer;
  etag: string;
}

export interface RasterCache {
  /**
   * The picture as WebP, `width` pixels wide (its own size without one), from the cache when it was
   * drawn before.
   */
  webp(svg: string, width?: number): Promise<Raster>;
  /** The ETag the picture's WebP has, known without drawing it (a revalidation needs no drawing). */
  etag(svg: string, width?: number): string;
  /** Bytes held, for tests and metrics. */
  readonly size: number;
}

/**
 * Draws an SVG `width` pixels wide (the height follows; its own size without a width) and encodes it
 * as WebP, both off the event loop.
 */
export async function drawWebp(svg: string, width?: number): Promise<Buffer> {
  const image = await renderAsync(svg, {
    fitTo: width === undefined ? { mode: 'original' } : { mode: 'width', value: width },
    font: {
      loadSystemFonts: false,
      fontFiles: FONT_FILES,
      defaultFontFamily: FONT_FAMILY,
      sansSerifFamily: FONT_FAMILY,
      serifFamily: FONT_FAMILY,
    },
  });
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/**
 * A cache of drawn pictures, the least recently used dropped past `maxBytes`. Two requests for a
 * picture not drawn yet share one drawing.
 */
export function rasterCache(maxBytes = 32 * 1024 * 1024): RasterCache {
  const kept = new Map<string, Raster>();
  const drawing = new Map<string, Promise<Raster>>();
  let size = 0;

  const keep = (key: string, raster: Raster) => {
    kept.set(key, raster);
    size += raster.body.length;
    for (const [oldKey, old] of kept) {
      if (size <= maxBytes || oldKey === key) break;
      kept.delete(oldKey);
      size -= old.body.length;
    }
  };

  const keyOf = (svg: string, width: number | undefined) =>
    `${width ?? 'own'}:${createHash('sha256').update(svg).digest('base64url')}`;
  const etagOf = (key: string) => `"w${key.replace(':', '-').slice(0, 26)}"`;

  return {
    get size() {
      return size;
    },
    etag: (svg, width) => etagOf(keyOf(svg, width)),
    webp(svg, width) {
      const key = keyOf(svg, width);
      const hit = kept.get(key);
      if (hit) {
        // Map order is the order of use: move it to the end.
        kept.delete(key);
        kept.set(key, hit);
        return Promise.resolve(hit);
      }
      const pending = drawing.get(key);
      if (pending) return pending;
      const drawn = drawWebp(svg, width)
        .then((body) => {
          const raster = { body, etag: etagOf(key) };
          keep(key, raster);
          return raster;
        })
        .finally(() => drawing.delete(key));
      drawing.set(key, drawn);
      return drawn;
    },
  };
}
