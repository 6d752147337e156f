import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { ICON_FILES, renderIcon } from './icons.ts';
import { webAppManifest } from './manifest.ts';
import { headTags, precacheList } from './vite-plugin.ts';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('icons', () => {
  it('come in the sizes Android, desktop installs and iOS ask for', () => {
    const sizes = (purpose: string) =>
      ICON_FILES.filter((icon) => icon.purpose === purpose).map((icon) => icon.size);
    expect(sizes('any')).toEqual(expect.arrayContaining([48, 72, 96, 128, 144, 192, 256, 384, 512]));
    expect(sizes('maskable')).toEqual([192, 512]);
    expect(sizes('apple-touch-icon')).toEqual(expect.arrayContaining([120, 152, 167, 180]));
    expect(new Set(ICON_FILES.map((icon) => icon.path)).size).toBe(ICON_FILES.length);
  });

  it.each(ICON_FILES.map((icon) => [icon.path, icon] as const))('%s is a PNG of its size', (_path, icon) => {
    expect(pngSize(renderIcon(icon))).toEqual({ width: icon.size, height: icon.size });
  });
});

describe('the manifest', () => {
  const manifest = webAppManifest('/m/', ICON_FILES);

  it('opens the site at home, under /m/, in its own window', () => {
    expect(manifest).toMatchObject({
      name: 'Kim Long',
      short_name: 'Kim Long',
      start_url: '/m/home',
      scope: '/m/',
      display: 'standalone',
      lang: 'vi',
    });
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
  });

  it('lists every "any" and "maskable" icon as PNG under /m/icons (192 and 512 of each)', () => {
    for (const purpose of ['any', 'maskable'] as const) {
      const sizes = manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
      expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    }
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      expect(icon.src).toMatch(/^\/m\/icons\/[\w-]+\.png$/);
    }
    expect(manifest.icons.some((icon) => icon.src.includes('apple-touch-icon'))).toBe(false);
    expect(manifest.icons.some((icon) => icon.src.includes('favicon'))).toBe(false);
  });
});

describe('index.html tags', () => {
  it('link a PNG favicon: an SVG image would be drawn as a document on the main thread', () => {
    const icons = headTags('/m/').filter((tag) => tag.attrs?.rel === 'icon');
    expect(icons).toEqual([
      expect.objectContaining({
        attrs: { rel: 'icon', type: 'image/png', sizes: '48x48', href: '/m/icons/favicon-48.png' },
      }),
    ]);
  });

  it('link the manifest and the iOS icons', () => {
    const tags = headTags('/m/');
    expect(tags).toContainEqual(
      expect.objectContaining({ attrs: { rel: 'manifest', href: '/m/manifest.webmanifest' } }),
    );
    expect(tags).toContainEqual(
      expect.objectContaining({
        attrs: { rel: 'apple-touch-icon', sizes: '180x180', href: '/m/icons/apple-touch-icon-180.png' },
      }),
    );
  });
});

describe('the precache list', () => {
  const chunk = (fileName: string, moduleIds: string[]) =>
    ({ type: 'chunk', fileName, moduleIds }) as unknown as Rolldown.OutputChunk;
  const asset = (fileName: string) => ({ type: 'asset', fileName }) as unknown as Rolldown.OutputAsset;
  const bundle = Object.fromEntries(
    [
      chunk('assets/index-a1.js', ['/work/apps/web/src/main.tsx']),
      chunk('assets/framework-b2.js', ['/work/node_modules/react/index.js']),
      chunk('assets/firebase-popup-c3.js', [
        '/work/apps/web/src/features/auth/lib/firebase-popup.ts',
        '/work/node_modules/@firebase/auth/dist/index.js',
      ]),
      asset('assets/index-d4.css'),
      asset('assets/index-a1.js.map'),
      asset('index.html'),
      asset('manifest.webmanifest'),
      asset('icons/icon-192.png'),
      asset('.vite/manifest.json'),
    ].map((output) => [output.fileName, output]),
  ) as Rolldown.OutputBundle;

  it('holds index.html first, the app’s chunks and styles and the public files', () => {
    expect(precacheList(bundle, ['favicon.svg'])).toEqual([
      'index.html',
      'assets/framework-b2.js',
      'assets/index-a1.js',
      'assets/index-d4.css',
      'favicon.svg',
    ]);
  });

  it('leaves out what is useless offline or fetched by the browser itself', () => {
    const list = precacheList(bundle, ['favicon.svg', 'sw.js']);
    // The build manifest (.vite/) is read by the server and never served: precaching it would fail the install.
    for (const left of ['firebase-popup', '.map', 'manifest.webmanifest', 'icons/', 'sw.js', '.vite/']) {
      expect(
        list.some((file) => file.includes(left)),
        left,
      ).toBe(false);
    }
  });
});
