import { createHash } from 'node:crypto';

/**
 * The avatar of a live host, drawn as SVG: the host's initials on a disc shaded from the host's colour,
 * with a soft highlight. Same name and colour, same picture.
 */

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const FALLBACK_COLOUR = '#c2185b';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function mix(hex: string, amount: number): string {
  const colour = HEX_COLOUR.test(hex) ? hex : FALLBACK_COLOUR;
  const target = amount > 0 ? 255 : 0;
  return `#${[1, 3, 5]
    .map((start) => Number.parseInt(colour.slice(start, start + 2), 16))
    .map((value) => Math.round(value + (target - value) * Math.abs(amount)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Initials of a name: the first letters of its last two words (Vietnamese names end with the given name). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(-2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toLocaleUpperCase('vi');
}

export function renderAvatar(host: { name: string; colour: string }): string {
  const base = HEX_COLOUR.test(host.colour) ? host.colour : FALLBACK_COLOUR;
  const light = mix(base, 0.35);
  const dark = mix(base, -0.3);
  const initials = escapeXml(initialsOf(host.name));
  const label = escapeXml(host.name);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img"',
    ` aria-label="${label}">`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>`,
    '<circle cx="64" cy="64" r="64" fill="url(#g)"/>',
    '<ellipse cx="46" cy="34" rx="34" ry="18" fill="#fff" fill-opacity="0.18"/>',
    '<text x="64" y="78" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700"',
    ` text-anchor="middle" fill="#fff">${initials}</text>`,
    '</svg>',
  ].join('');
}

/** A short version of the picture for its address, so that a changed host gets a fresh one. */
export function avatarVersion(host: { name: string; colour: string }): string {
  return createHash('sha256').update(`${host.name}\u0000${host.colour}`).digest('base64url').slice(0, 10);
}
