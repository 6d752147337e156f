import { HEAD_ICON_COUNT } from '@kl/contracts/content';
import type { BannerMotif } from '../../db/schema/index.ts';
import { colourOr, escapeXml, mark, pictureVersion, shade, wordLines } from '../../platform/svg.ts';

/**
 * Pictures of the content module drawn as SVG from their rows: banners (per group and language),
 * head icons (avatars) and the footer's partner logos and badges. Same input, same picture; a few
 * kilobytes each, nothing binary stored, no outside images or fonts.
 */

/** The phone's own sans-serif: no font is downloaded. */
const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"`;

/** Splits a text into lines of about `width` characters, at most `max` lines (the last one cut). */
export function wrapText(text: string, width: number, max: number): string[] {
  const lines = wordLines(text, width);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${(kept[max - 1] ?? '').slice(0, width - 1)}…`;
  return kept;
}

// ——— banners ———

/** Size of a banner picture per group: wide carousels, a square pop-up, a slim side-menu strip. */
const BANNER_SIZES = {
  m_home: { width: 750, height: 300 },
  m_live: { width: 750, height: 300 },
  m_newgame: { width: 750, height: 300 },
  m_popup: { width: 600, height: 600 },
  m_leftmenu: { width: 600, height: 200 },
} as const;
export type BannerSize = keyof typeof BANNER_SIZES;

/** The motif: a few white shapes on the right (or bottom) of the picture. */
function bannerMotif(motif: BannerMotif, cx: number, cy: number, r: number, accent: string): string {
  const n = (value: number) => value.toFixed(1);
  switch (motif) {
    case 'coins':
      return [0, 1, 2, 3]
        .map((index) => {
          const x = cx + (index - 1.5) * r * 0.55;
          const y = cy + (index % 2 === 0 ? -1 : 1) * r * 0.25;
          return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.38)}" fill="${accent}" stroke="#fff" stroke-width="4"/><text x="${n(x)}" y="${n(y + r * 0.14)}" font-size="${n(r * 0.4)}" font-weight="800" text-anchor="middle" fill="#fff">$</text>`;
        })
        .join('');
    case 'cards':
      return [-1, 0, 1]
        .map(
          (card) =>
            `<rect x="${n(cx - r * 0.35)}" y="${n(cy - r * 0.5)}" width="${n(r * 0.7)}" height="${n(r)}" rx="10" fill="#fff" fill-opacity="0.95" stroke="${accent}" stroke-width="3" transform="rotate(${card * 14} ${n(cx)} ${n(cy + r * 0.8)})"/>`,
        )
        .concat(mark('spade', cx, cy, r * 0.42, accent))
        .join('');
    case 'lottery':
      return [0, 1, 2, 3, 4]
        .map((ball) => {
          const x = cx + (ball - 2) * r * 0.42;
          const y = cy + (ball % 2) * r * 0.3 - r * 0.1;
          return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.2)}" fill="#fff"/><text x="${n(x)}" y="${n(y + r * 0.08)}" font-size="${n(r * 0.2)}" font-weight="700" text-anchor="middle" fill="${accent}">${(ball * 17 + 7) % 90}</text>`;
        })
        .join('');
    case 'live':
      return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.6)}" fill="#fff" fill-opacity="0.92"/><path d="M${n(cx - r * 0.15)} ${n(cy - r * 0.25)} v${n(r * 0.5)} l${n(r * 0.4)} -${n(r * 0.25)} z" fill="${accent}"/><circle cx="${n(cx + r * 0.6)}" cy="${n(cy - r * 0.6)}" r="${n(r * 0.12)}" fill="#ff3b30"/>`;
    case 'gift':
      return `<rect x="${n(cx - r * 0.5)}" y="${n(cy - r * 0.2)}" width="${n(r)}" height="${n(r * 0.7)}" rx="8" fill="#fff" fill-opacity="0.95"/><rect x="${n(cx - r * 0.58)}" y="${n(cy - r * 0.42)}" width="${n(r * 1.16)}" height="${n(r * 0.26)}" rx="6" fill="#fff"/><rect x="${n(cx - r * 0.08)}" y="${n(cy - r * 0.42)}" width="${n(r * 0.16)}" height="${n(r * 0.92)}" fill="${accent}"/><path d="M${n(cx)} ${n(cy - r * 0.42)} c-${n(r * 0.4)} -${n(r * 0.4)} -${n(r * 0.5)} 0 0 0 c${n(r * 0.5)} 0 ${n(r * 0.4)} -${n(r * 0.4)} 0 0" fill="none" stroke="${accent}" stroke-width="6"/>`;
    case 'trophy':
      return `<path d="M${n(cx - r * 0.45)} ${n(cy - r * 0.5)} h${n(r * 0.9)} v${n(r * 0.3)} a${n(r * 0.45)} ${n(r * 0.45)} 0 0 1 -${n(r * 0.9)} 0 z" fill="#fff"/><rect x="${n(cx - r * 0.08)}" y="${n(cy + r * 0.2)}" width="${n(r * 0.16)}" height="${n(r * 0.25)}" fill="#fff"/><rect x="${n(cx - r * 0.3)}" y="${n(cy + r * 0.45)}" width="${n(r * 0.6)}" height="${n(r * 0.14)}" rx="4" fill="#fff"/><text x="${n(cx)}" y="${n(cy - r * 0.08)}" font-size="${n(r * 0.32)}" font-weight="800" text-anchor="middle" fill="${accent}">1</text>`;
    case 'dragon':
      return `<path d="M${n(cx - r * 0.7)} ${n(cy + r * 0.3)} q${n(r * 0.3)} -${n(r * 0.9)} ${n(r * 0.7)} -${n(r * 0.4)} t${n(r * 0.7)} -${n(r * 0.2)}" fill="none" stroke="#fff" stroke-width="${n(r * 0.16)}" stroke-linecap="round"/><circle cx="${n(cx + r * 0.7)}" cy="${n(cy - r * 0.3)}" r="${n(r * 0.14)}" fill="#fff"/><circle cx="${n(cx + r * 0.74)}" cy="${n(cy - r * 0.33)}" r="${n(r * 0.04)}" fill="${accent}"/>`;
  }
}

export interface BannerArtInput {
  groupName: BannerSize;
  title: string;
  subtitle: string;
  motif: BannerMotif;
  colour: string;
  accent: string;
}

export const bannerArtVersion = (input: BannerArtInput) =>
  pictureVersion(input.groupName, input.title, input.subtitle, input.motif, input.colour, input.accent);

export function renderBannerArt(input: BannerArtInput): string {
  const { width, height } = BANNER_SIZES[input.groupName];
  const base = colourOr(input.colour);
  const accent = colourOr(input.accent);
  const square = width === height;
  const slim = height <= 200;
  const label = escapeXml(input.title);
  // Text on the left (wide banners) or on top (the square pop-up); the motif takes the rest.
  const layout = square
    ? { titleSize: 52, titleWidth: 16, subtitleSize: 26, subtitleWidth: 28, textWidth: 540 }
    : slim
      ? { titleSize: 30, titleWidth: 16, subtitleSize: 18, subtitleWidth: 30, textWidth: 340 }
      : { titleSize: 40, titleWidth: 15, subtitleSize: 22, subtitleWidth: 30, textWidth: 400 };
  const titleLines = wrapText(input.title, layout.titleWidth, 2);
  const subtitleLines = wrapText(input.subtitle, layout.subtitleWidth, square ? 3 : 2);
  const textX = square ? width / 2 : 40;
  const anchor = square ? 'middle' : 'start';
  const block =
    titleLines.length * (layout.titleSize + 6) + 6 + subtitleLines.length * (layout.subtitleSize + 8);
  const firstTitleY = square ? 110 : Math.round((height - block) / 2 + layout.titleSize * 0.8);
  /** A line longer than the text area (by a rough glyph width) is squeezed into it. */
  const fit = (line: string, size: number) =>
    [...line].length * size * 0.58 > layout.textWidth
      ? ` textLength="${layout.textWidth}" lengthAdjust="spacingAndGlyphs"`
      : '';
  const title = titleLines
    .map(
      (line, index) =>
        `<text x="${textX}" y="${firstTitleY + index * (layout.titleSize + 6)}" font-size="${layout.titleSize}" font-weight="800" text-anchor="${anchor}" fill="#fff"${fit(line, layout.titleSize)}>${escapeXml(line)}</text>`,
    )
    .join('');
  const subtitleTop = firstTitleY + titleLines.length * (layout.titleSize + 6) + 6;
  const subtitle = subtitleLines
    .map(
      (line, index) =>
        `<text x="${textX}" y="${subtitleTop + index * (layout.subtitleSize + 8)}" font-size="${layout.subtitleSize}" text-anchor="${anchor}" fill="#fff" fill-opacity="0.92"${fit(line, layout.subtitleSize)}>${escapeXml(line)}</text>`,
    )
    .join('');
  const motifX = width - height * 0.55;
  const motif = square
    ? bannerMotif(input.motif, width / 2, height - 150, 120, accent)
    : bannerMotif(input.motif, motifX, height / 2, height * 0.36, accent);
  const glow = square
    ? `<circle cx="${width / 2}" cy="${height - 150}" r="190" fill="url(#glow)"/>`
    : `<circle cx="${motifX.toFixed(0)}" cy="${height / 2}" r="${(height * 0.7).toFixed(0)}" fill="url(#glow)"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}" ${FONT}>`,
    `<title>${label}</title>`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(base, 0.15)}"/><stop offset="1" stop-color="${shade(base, -0.55)}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${shade(accent, 0.5)}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${width}" height="${height}" rx="${square ? 32 : 20}" fill="url(#bg)"/>`,
    glow,
    `<path d="M0 ${height * 0.78} Q${width * 0.35} ${height * 0.62} ${width} ${height * 0.86} V${height} H0 Z" fill="#000" fill-opacity="0.16"/>`,
    motif,
    title,
    subtitle,
    '</svg>',
  ].join('');
}

// ——— head icons (avatars) ———

/** Background, skin and hair of the avatars, one per head icon. */
const AVATAR_PALETTE: readonly { background: string; skin: string; hair: string }[] = [
  { background: '#d4a017', skin: '#f1c27d', hair: '#3b2314' },
  { background: '#1f7a8c', skin: '#e0ac69', hair: '#1b1b1b' },
  { background: '#c2185b', skin: '#ffdbac', hair: '#6d3b1f' },
  { background: '#2e7d32', skin: '#c68642', hair: '#2b1a10' },
  { background: '#5e35b1', skin: '#f1c27d', hair: '#a0522d' },
  { background: '#e65100', skin: '#ffdbac', hair: '#222222' },
  { background: '#0277bd', skin: '#e0ac69', hair: '#4a2c17' },
  { background: '#6a1b9a', skin: '#8d5524', hair: '#111111' },
  { background: '#b71c1c', skin: '#f1c27d', hair: '#5a3825' },
  { background: '#00838f', skin: '#ffdbac', hair: '#c49a6c' },
  { background: '#37474f', skin: '#c68642', hair: '#2d2d2d' },
  { background: '#ad1457', skin: '#e0ac69', hair: '#3e2723' },
];

/** Hair styles: short, long, bun, cap. */
function hair(style: number, colour: string, accent: string): string {
  switch (style % 4) {
    case 0:
      return `<path d="M26 46 q2 -24 30 -24 q28 0 30 24 q-8 -10 -30 -10 q-22 0 -30 10 z" fill="${colour}"/>`;
    case 1:
      return `<path d="M24 50 q0 -30 32 -30 q32 0 32 30 v30 q-6 -4 -8 -10 v-18 q-8 -10 -24 -10 q-16 0 -24 10 v18 q-2 6 -8 10 z" fill="${colour}"/>`;
    case 2:
      return `<circle cx="56" cy="16" r="10" fill="${colour}"/><path d="M27 46 q2 -22 29 -22 q27 0 29 22 q-10 -8 -29 -8 q-19 0 -29 8 z" fill="${colour}"/>`;
    default:
      return `<path d="M24 42 q4 -22 32 -22 q28 0 32 22 z" fill="${accent}"/><rect x="52" y="38" width="46" height="8" rx="4" fill="${accent}"/>`;
  }
}

export function renderAvatar(headIconId: number): string | undefined {
  if (!Number.isInteger(headIconId) || headIconId < 1 || headIconId > HEAD_ICON_COUNT) return undefined;
  const palette = AVATAR_PALETTE[(headIconId - 1) % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
  if (!palette) return undefined;
  const accent = shade(palette.background, -0.35);
  const smile = headIconId % 3 === 0 ? 'M46 66 q10 8 20 0' : 'M46 64 q10 10 20 0';
  const label = `Avatar ${headIconId}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="112" height="112" viewBox="0 0 112 112" role="img" aria-label="${label}" ${FONT}>`,
    `<title>${label}</title>`,
    `<circle cx="56" cy="56" r="56" fill="${palette.background}"/>`,
    `<circle cx="56" cy="56" r="50" fill="${shade(palette.background, 0.18)}"/>`,
    `<path d="M18 112 q4 -28 38 -28 q34 0 38 28 z" fill="${accent}"/>`,
    `<rect x="48" y="72" width="16" height="14" fill="${palette.skin}"/>`,
    `<circle cx="56" cy="52" r="26" fill="${palette.skin}"/>`,
    hair(headIconId - 1, palette.hair, accent),
    `<circle cx="46" cy="54" r="3.2" fill="#222"/><circle cx="66" cy="54" r="3.2" fill="#222"/>`,
    `<path d="${smile}" fill="none" stroke="#7a3b2e" stroke-width="3" stroke-linecap="round"/>`,
    `<circle cx="40" cy="62" r="4" fill="#ff8a80" fill-opacity="0.45"/><circle cx="72" cy="62" r="4" fill="#ff8a80" fill-opacity="0.45"/>`,
    '</svg>',
  ].join('');
}

// ——— partner logos and badges ———

export interface LogoArtInput {
  kind: 'partner' | 'badge';
  /** The text drawn (the English name: logos read the same in every language). */
  text: string;
  colour: string;
}

export const logoArtVersion = (input: LogoArtInput) => pictureVersion(input.kind, input.text, input.colour);

export function renderLogoArt(input: LogoArtInput): string {
  const colour = colourOr(input.colour);
  const label = escapeXml(input.text);
  if (input.kind === 'badge') {
    const lines = wrapText(input.text, 11, 2);
    const longest = Math.max(...lines.map((line) => line.length));
    const size = longest > 8 ? 12 : longest > 5 ? 15 : 22;
    const top = 50 - ((lines.length - 1) * (size + 3)) / 2 + size * 0.35;
    const text = lines
      .map(
        (line, index) =>
          `<text x="48" y="${(top + index * (size + 3)).toFixed(1)}" font-size="${size}" font-weight="800" text-anchor="middle" fill="#fff">${escapeXml(line)}</text>`,
      )
      .join('');
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${label}" ${FONT}>`,
      `<title>${label}</title>`,
      `<path d="M48 4 l38 14 v26 c0 24 -16 40 -38 48 c-22 -8 -38 -24 -38 -48 v-26 z" fill="${colour}"/>`,
      `<path d="M48 12 l30 11 v21 c0 19 -12 32 -30 39 c-18 -7 -30 -20 -30 -39 v-21 z" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="2"/>`,
      text,
      '</svg>',
    ].join('');
  }
  const text = input.text.length > 14 ? `${input.text.slice(0, 13)}…` : input.text;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="56" viewBox="0 0 160 56" role="img" aria-label="${label}" ${FONT}>`,
    `<title>${label}</title>`,
    `<rect width="160" height="56" rx="12" fill="${shade(colour, -0.2)}"/>`,
    `<circle cx="28" cy="28" r="16" fill="#fff" fill-opacity="0.9"/>`,
    `<text x="28" y="34" font-size="17" font-weight="800" text-anchor="middle" fill="${colour}">${escapeXml(input.text.slice(0, 1).toUpperCase())}</text>`,
    `<text x="52" y="34" font-size="${text.length > 10 ? 13 : 16}" font-weight="700" fill="#fff">${escapeXml(text)}</text>`,
    '</svg>',
  ].join('');
}
