/**
 * Helpers of the pictures the server draws as SVG from data (the merchant's logo, game and content
 * artwork): same input, same picture, nothing binary stored.
 */

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
/** The colour of a picture whose own colour is not a #rrggbb value. */
const FALLBACK_COLOUR = '#d4a017';

/** Text for SVG, safe in an element and in a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
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
