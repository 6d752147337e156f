import { colourOr, escapeXml, shade } from '../../platform/svg.ts';

/**
 * The merchant's logo, drawn in code from its white-label name and colour: a round emblem with the
 * initials of the site name and the name beside it. No binary files in the repository.
 */

export function initialsOf(siteName: string): string {
  const words = siteName.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? words.slice(0, 2).map((word) => word[0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/** Height of the logo's drawing; its width follows the site name. */
export const LOGO_HEIGHT = 64;
export const logoWidth = (siteName: string) => 76 + Math.ceil(siteName.length * 17);

export function renderLogoSvg(whitelabel: { siteName: string; themeColor: string }): string {
  const colour = colourOr(whitelabel.themeColor);
  const light = shade(colour, 0.45);
  const dark = shade(colour, -0.45);
  const name = escapeXml(whitelabel.siteName);
  const initials = escapeXml(initialsOf(whitelabel.siteName));
  const width = logoWidth(whitelabel.siteName);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LOGO_HEIGHT}" viewBox="0 0 ${width} ${LOGO_HEIGHT}" role="img" aria-label="${name}">`,
    `<title>${name}</title>`,
    '<defs>',
    `<linearGradient id="emblem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${colour}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`,
    `<linearGradient id="word" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${colour}"/></linearGradient>`,
    '</defs>',
    `<circle cx="32" cy="32" r="30" fill="url(#emblem)"/>`,
    `<circle cx="32" cy="32" r="24.5" fill="none" stroke="${light}" stroke-width="1.5" stroke-dasharray="3 2.2"/>`,
    `<path d="M32 9.5l2.2 4.4-2.2 1.6-2.2-1.6z M32 54.5l2.2-4.4-2.2-1.6-2.2 1.6z" fill="${dark}"/>`,
    `<text x="32" y="39.5" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="21" font-weight="700" fill="${dark}" letter-spacing="0.5">${initials}</text>`,
    `<text x="72" y="42" font-family="'Segoe UI', Roboto, Arial, sans-serif" font-size="28" font-weight="800" fill="url(#word)" letter-spacing="0.5">${name}</text>`,
    '</svg>',
  ].join('');
}
