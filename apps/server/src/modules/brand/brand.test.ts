import { API } from '@kl/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { useTestDatabase } from '../../test/databases.ts';
import { initialsOf, logoWidth, renderLogoSvg } from './logo.ts';

describe('renderLogoSvg', () => {
  it('draws the initials and the name in the theme colour', () => {
    const svg = renderLogoSvg({ siteName: 'Kim Long', themeColor: '#d4a017' });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('>KL</text>');
    expect(svg).toContain('>Kim Long</text>');
    expect(svg).toContain('stop-color="#d4a017"');
  });

  it('escapes the name and ignores a colour that is not #rrggbb', () => {
    const svg = renderLogoSvg({ siteName: '<script>"x"</script>', themeColor: 'red;" onload="x' });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('onload');
    expect(svg).toContain('&#60;script&#62;');
  });

  it('takes the first letters of two words, or two letters of one', () => {
    expect(initialsOf('Kim Long')).toBe('KL');
    expect(initialsOf('  golden  dragon palace ')).toBe('GD');
    expect(initialsOf('Rồng')).toBe('RỒ');
  });
});

describe('GET /api/assets/logo.svg', () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.current);
  });
  afterAll(() => app.close());

  it("serves the merchant's logo as SVG with a validator", async () => {
    const response = await app.inject({ url: API.logo.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['x-module-id']).toBe('COMM3');
    expect(response.body).toContain('Kim Long');
    const etag = String(response.headers.etag);
    const again = await app.inject({ url: API.logo.path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the same logo as a WebP picture 96 pixels high, which the merchant shows', async () => {
    const response = await app.inject({ url: API.logoPicture.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      height: 96,
      width: Math.round(logoWidth('Kim Long') * 1.5),
    });
    const status = await app.inject({ url: API.status.path });
    expect(status.json()).toMatchObject({
      value: { info: { whitelabel: { logoUrl: API.logoPicture.path } } },
    });
    const again = await app.inject({
      url: API.logoPicture.path,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
