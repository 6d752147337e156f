import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawWebp, rasterCache } from './raster.ts';
import { escapeXml } from './svg.ts';

const picture = (text: string, width = 200) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="60" viewBox="0 0 ${width} 60"><rect width="${width}" height="60" fill="#000"/><text x="10" y="42" font-size="32" font-weight="700" font-family="system-ui, sans-serif" fill="#fff">${text}</text></svg>`;

/** How many pixels of a WebP picture are bright. */
async function brightPixels(webp: Buffer): Promise<number> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  let bright = 0;
  for (let index = 0; index < data.length; index += info.channels) if ((data[index] ?? 0) > 128) bright += 1;
  return bright;
}

describe('drawn pictures', () => {
  it('sets Vietnamese text in the font that comes with the server, whatever fonts the machine has', async () => {
    const written = await brightPixels(await drawWebp(picture('Đặt cược')));
    const empty = await brightPixels(await drawWebp(picture('')));
    expect(empty).toBe(0);
    expect(written).toBeGreaterThan(400);
  });

  it('draws a text typed with a control character, the character left out', async () => {
    const text = escapeXml('Rồng\u0001 Vàng\u001f <&>');
    expect(text).toBe('Rồng Vàng &#60;&#38;&#62;');
    expect(await brightPixels(await drawWebp(picture(text)))).toBeGreaterThan(400);
  });

  it('draws at the width asked, the height following, or at the picture’s own size', async () => {
    expect(await sharp(await drawWebp(picture('A'), 100)).metadata()).toMatchObject({
      format: 'webp',
      width: 100,
      height: 30,
    });
    expect(await sharp(await drawWebp(picture('A'))).metadata()).toMatchObject({ width: 200, height: 60 });
  });

  it('gives the same bytes for the same picture, drawn once for requests that come together', async () => {
    const cache = rasterCache();
    const [first, second] = await Promise.all([
      cache.webp(picture('Rồng'), 120),
      cache.webp(picture('Rồng'), 120),
    ]);
    expect(second).toBe(first);
    const fresh = await rasterCache().webp(picture('Rồng'), 120);
    expect(fresh.body.equals(first.body)).toBe(true);
    expect(fresh.etag).toBe(first.etag);
    expect(rasterCache().etag(picture('Rồng'), 120)).toBe(first.etag);
    const wider = await cache.webp(picture('Rồng'), 160);
    expect(wider.etag).not.toBe(first.etag);
  });

  it('keeps no more than its bound, dropping the least recently used', async () => {
    const size = async (text: string) => (await drawWebp(picture(text))).length;
    const [mot, hai, ba] = [await size('Một'), await size('Hai'), await size('Ba')];
    // Room for any two, not for all three.
    const cache = rasterCache(mot + hai + ba - 1);
    const one = await cache.webp(picture('Một'));
    const two = await cache.webp(picture('Hai'));
    expect(await cache.webp(picture('Một'))).toBe(one);
    await cache.webp(picture('Ba'));
    expect(cache.size).toBe(mot + ba);
    // "Một" was used after "Hai": "Hai" went, "Một" stayed.
    expect(await cache.webp(picture('Một'))).toBe(one);
    expect(await cache.webp(picture('Hai'))).not.toBe(two);
  });
});
