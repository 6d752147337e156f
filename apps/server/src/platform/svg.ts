/**
 * Helpers of the pictures the server draws as SVG from data (the merchant's logo, game and content
 * artwork): same input, same picture, nothing binary stored.
 */

import { createHash } from 'node:crypto';

/**
 * The revision of the drawings: part of every picture's version, so that a change to how pictures
 * are drawn gives them new addresses (they are cached for a year).
 */
const DRAWING_REVISION = '2';

/** A short digest of what a picture is drawn from: its address changes when the picture does. */
export function pictureVersion(...parts: string[]): string {
  return createHash('sha256')
    .update([DRAWING_REVISION, ...parts].join('\u0000'))
    .digest('base64url')
    .slice(0, 10);
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
/** The colour of a picture whose own colour is not a #rrggbb value. */
const FALLBACK_COLOUR = '#d4a017';

/** Characters XML 1.0 does not allow (control characters but tab and line ends, U+FFFE, U+FFFF). */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * Text for SVG, safe in an element and in a quoted attribute; a character XML cannot hold is left out,
 * so that a name typed with one still gives a picture that parses (and can be drawn as WebP).
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The colour when it is a #rrggbb value, the fallback colour otherwise. */
export function colourOr(hex: string): string {
  return HEX_COLOUR.test(hex) ? hex : FALLBACK_COLOUR;
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const colour = colourOr(hex);
  const channels = [1, 3, 5].map((start) => Number.parseInt(colour.slice(start, start + 2), 16));
  const target = amount > 0 ? 255 : 0;
  const mixed = channels.map((value) => Math.round(value + (target - value) * Math.abs(amount)));
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/** Splits a text at its spaces into lines of about `width` characters (a longer word keeps a line). */
export function wordLines(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The marks drawn as shapes rather than as characters, so that no font is needed for them. */
export type Mark = 'star' | 'diamond' | 'club' | 'heart' | 'spade';

/** Each mark on a grid of -1 to 1 around its centre. */
const MARK_SHAPES: Record<Mark, string> = {
  star: `<path d="M0 -1 L0.235 -0.324 L0.951 -0.309 L0.38 0.124 L0.588 0.809 L0 0.4 L-0.588 0.809 L-0.38 0.124 L-0.951 -0.309 L-0.235 -0.324 Z"/>`,
  diamond: '<path d="M0 -1 L0.72 0 L0 1 L-0.72 0 Z"/>',
  heart:
    '<path d="M0 0.9 C-0.9 0.25 -1 -0.25 -0.78 -0.6 C-0.55 -0.95 -0.12 -0.9 0 -0.5 C0.12 -0.9 0.55 -0.95 0.78 -0.6 C1 -0.25 0.9 0.25 0 0.9 Z"/>',
  spade:
    '<path d="M0 -0.95 C-0.9 -0.25 -1 0.2 -0.72 0.45 C-0.48 0.66 -0.18 0.58 -0.06 0.38 L-0.28 0.95 H0.28 L0.06 0.38 C0.18 0.58 0.48 0.66 0.72 0.45 C1 0.2 0.9 -0.25 0 -0.95 Z"/>',
  club: '<circle cx="0" cy="-0.5" r="0.4"/><circle cx="-0.47" cy="0.12" r="0.4"/><circle cx="0.47" cy="0.12" r="0.4"/><path d="M-0.1 0 L-0.3 0.95 H0.3 L0.1 0 Z"/>',
};

/** A mark centred at (cx, cy), `size` across, in `fill`. */
export function mark(kind: Mark, cx: number, cy: number, size: number, fill: string): string {
  const scale = (size / 2).toFixed(2);
  return `<g transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) scale(${scale})" fill="${fill}">${MARK_SHAPES[kind]}</g>`;
}
