import { Resvg } from '@resvg/resvg-js';

/**
 * The app icons, drawn here as SVG and turned into PNG at build time (no image files in the
 * repository): the site's gold "K" mark inside a gold ring, on the dark background of the default
 * theme; and the favicon, the mark alone on a rounded square.
 *
 * - `tile`: a rounded square with transparent corners, for the manifest's "any" icons;
 * - `square`: the same drawing filling the square, for "maskable" icons (the ring stays inside the
 *   safe circle of 40 % of the size that any mask keeps) and for iOS, which rounds the corners
 *   itself and shows transparency as black;
 * - `mark`: the favicon. A PNG rather than an SVG: the browser draws an SVG image as a document of
 *   its own on the page's main thread, a task of 8–22 ms in the middle of the page's start on the
 *   measuring machine, where a PNG is decoded off that thread (docs/performance.md).
 */
export type IconShape = 'tile' | 'square' | 'mark';
export type IconPurpose = 'any' | 'maskable' | 'apple-touch-icon' | 'favicon';

export interface IconFile {
  /** Path inside the build folder. */
  readonly path: string;
  /** Width and height in pixels. */
  readonly size: number;
  readonly purpose: IconPurpose;
}

/** What Android / Chrome, Edge and desktop installs ask of the manifest (192 and 512 are required). */
const ANY_SIZES = [48, 72, 96, 128, 144, 192, 256, 384, 512];
/** Android's adaptive icons. */
const MASKABLE_SIZES = [192, 512];
/** iOS home-screen icons: iPhone 180 and 120, iPad Pro 167, iPad 152. */
const APPLE_SIZES = [120, 152, 167, 180];
/** The tab's icon: 16 CSS pixels, 48 device pixels at a phone's 3× scale. */
export const FAVICON: IconFile = { path: 'icons/favicon-48.png', size: 48, purpose: 'favicon' };

export const ICON_FILES: readonly IconFile[] = [
  ...ANY_SIZES.map((size) => ({ path: `icons/icon-${size}.png`, size, purpose: 'any' as const })),
  ...MASKABLE_SIZES.map((size) => ({
    path: `icons/icon-maskable-${size}.png`,
    size,
    purpose: 'maskable' as const,
  })),
  ...APPLE_SIZES.map((size) => ({
    path: `icons/apple-touch-icon-${size}.png`,
    size,
    purpose: 'apple-touch-icon' as const,
  })),
  FAVICON,
];

/** Background of the icons, the splash screen and the browser's bars (the dark theme's --color-bg). */
export const ICON_BACKGROUND = '#101216';

/** The "K" mark, on a 32-unit grid (bounding box 9–24.5 × 7–25). */
const K_MARK = 'M9 7h4v7.5L19.5 7H24l-7 7.6L24.5 25H19.8l-5.3-7.6L13 19v6H9z';

export const shapeOf = (purpose: IconPurpose): IconShape =>
  purpose === 'favicon' ? 'mark' : purpose === 'any' ? 'tile' : 'square';

export function iconSvg(shape: IconShape): string {
  if (shape === 'mark') {
    return [
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">',
      `<rect width="32" height="32" rx="7" fill="${ICON_BACKGROUND}"/>`,
      `<path d="${K_MARK}" fill="#f2c14e"/>`,
      '</svg>',
    ].join('');
  }
  const background =
    shape === 'tile'
      ? '<rect width="512" height="512" rx="112" fill="url(#bg)"/>'
      : '<rect width="512" height="512" fill="url(#bg)"/>';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">',
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f232b"/><stop offset="1" stop-color="${ICON_BACKGROUND}"/></linearGradient>`,
    '<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f9dc86"/><stop offset="0.5" stop-color="#f2c14e"/><stop offset="1" stop-color="#c38f22"/></linearGradient>',
    '</defs>',
    background,
    '<circle cx="256" cy="256" r="172" fill="none" stroke="url(#gold)" stroke-width="14"/>',
    '<circle cx="256" cy="256" r="150" fill="none" stroke="#f2c14e" stroke-opacity="0.35" stroke-width="3" stroke-dasharray="10 8"/>',
    `<path transform="translate(256 256) scale(10.5) translate(-16.75 -16)" d="${K_MARK}" fill="url(#gold)"/>`,
    '</svg>',
  ].join('');
}

/** The icon as a PNG of `size` × `size` pixels. */
export function renderIcon(icon: Pick<IconFile, 'size' | 'purpose'>): Buffer {
  const svg = iconSvg(shapeOf(icon.purpose));
  const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: icon.size } }).render();
  return Buffer.from(rendered.asPng());
}
