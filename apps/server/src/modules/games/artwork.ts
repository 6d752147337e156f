import type { GameType } from '@kl/contracts/games';
import { colourOr, escapeXml, mark, shade, wordLines } from '../../platform/svg.ts';
import { randomFrom } from './catalogue-data.ts';

/**
 * Game and vendor artwork drawn as SVG from the catalogue row: the vendor's colour, a motif of the game
 * type placed by a random generator seeded with the game id, the name and the vendor. Same row, same
 * picture; a few kilobytes, no binary files.
 */

/**
 * Width of a game's picture as WebP: a card is about a hundred CSS pixels wide on a phone, and phones
 * draw two to three device pixels for each.
 */
export const GAME_ART_WIDTH = 320;

/** Splits a name into at most three lines of about `width` characters. */
export function wrapName(name: string, width = 12): string[] {
  const lines = wordLines(name, width);
  if (lines.length <= 3) return lines;
  return [
    ...lines.slice(0, 2),
    `${lines
      .slice(2)
      .join(' ')
      .slice(0, width - 1)}…`,
  ];
}

const f = (value: number) => value.toFixed(1);

/** The motif of a game type: a few shapes in light tints of the colour. */
function motif(gameType: GameType, random: ReturnType<typeof randomFrom>, light: string): string {
  const x = 120 + (random.next() - 0.5) * 40;
  const y = 96 + (random.next() - 0.5) * 20;
  switch (gameType) {
    case 'RNG': {
      // three reels with a symbol each: a character or a mark
      const symbols = ['7', 'star', 'diamond', 'club', '$', 'heart'] as const;
      return [0, 1, 2]
        .map((reel) => {
          const rx = 48 + reel * 52;
          const symbol = random.pick(symbols);
          const drawn =
            symbol === '7' || symbol === '$'
              ? `<text x="${rx + 22}" y="101" font-size="34" font-weight="700" text-anchor="middle" fill="${light}">${escapeXml(symbol)}</text>`
              : mark(symbol, rx + 22, 88, 30, light);
          return `<rect x="${rx}" y="56" width="44" height="64" rx="8" fill="#fff" fill-opacity="0.92"/>${drawn}`;
        })
        .join('');
    }
    case 'FISH':
      return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="46" ry="24" fill="#fff" fill-opacity="0.9"/><path d="M${f(x + 40)} ${f(y)} l30 -22 v44 z" fill="#fff" fill-opacity="0.9"/><circle cx="${f(x - 24)}" cy="${f(y - 6)}" r="6" fill="${light}"/>`;
    case 'PVP':
    case 'LIVE':
      return (
        [-1, 0, 1]
          .map(
            (card) =>
              `<rect x="${f(x - 22 + card * 30)}" y="${f(y - 40)}" width="46" height="66" rx="6" fill="#fff" fill-opacity="0.93" transform="rotate(${card * 12} ${f(x)} ${f(y + 40)})"/>`,
          )
          .join('') + mark(gameType === 'LIVE' ? 'spade' : 'heart', x, y - 7, 26, light)
      );
    case 'SPORTS':
    case 'ESPORTS':
      return `<circle cx="${f(x)}" cy="${f(y)}" r="40" fill="#fff" fill-opacity="0.92"/><path d="M${f(x)} ${f(y - 16)} l15 11 -6 18 h-18 l-6 -18 z" fill="${light}"/>`;
    case 'COCKFIGHT':
      return `<path d="M${f(x - 40)} ${f(y + 30)} q10 -60 40 -60 q30 0 40 30 q-30 -6 -40 30 z" fill="#fff" fill-opacity="0.92"/><circle cx="${f(x + 10)}" cy="${f(y - 18)}" r="5" fill="${light}"/>`;
    case 'LOTT':
    case 'ELOTT':
      return [0, 1, 2, 3]
        .map(
          (ball) =>
            `<circle cx="${54 + ball * 44}" cy="${f(y + (ball % 2) * 12)}" r="19" fill="#fff" fill-opacity="0.93"/><text x="${54 + ball * 44}" y="${f(y + (ball % 2) * 12 + 7)}" font-size="18" font-weight="700" text-anchor="middle" fill="${light}">${random.int(10)}${random.int(10)}</text>`,
        )
        .join('');
  }
}

export interface GameArtInput {
  gameId: string;
  gameName: string;
  gameType: GameType;
  vassalage: string;
  vendorName: string;
  colour: string;
}

export function renderGameArt(input: GameArtInput): string {
  const random = randomFrom(`art/${input.gameId}`);
  const base = colourOr(input.colour);
  const light = shade(base, 0.35);
  const dark = shade(base, -0.55);
  const angle = random.int(360);
  const name = escapeXml(input.gameName);
  const lines = wrapName(input.gameName);
  const firstLine = 178 - (lines.length - 1) * 12;
  const text = lines
    .map(
      (line, index) =>
        `<text x="120" y="${firstLine + index * 24}" font-size="21" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  const sparkles = Array.from({ length: 6 }, () => {
    const cx = random.int(240);
    const cy = random.int(140);
    return `<circle cx="${cx}" cy="${cy}" r="${1 + random.int(3)}" fill="#fff" fill-opacity="0.5"/>`;
  }).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${name}">`,
    `<title>${name}</title>`,
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>`,
    '<rect width="240" height="240" rx="24" fill="url(#g)"/>',
    sparkles,
    motif(input.gameType, random, base),
    '<rect x="0" y="138" width="240" height="102" fill="#000" fill-opacity="0.28"/>',
    text,
    `<text x="14" y="26" font-size="13" font-weight="700" fill="#fff" fill-opacity="0.9">${escapeXml(input.vendorName)}</text>`,
    '</svg>',
  ].join('');
}

export function renderVendorArt(vendor: { vassalage: string; displayName: string; colour: string }): string {
  const base = colourOr(vendor.colour);
  const name = escapeXml(vendor.displayName);
  const letters = escapeXml(vendor.vassalage.replace(/_/g, ' ').slice(0, 6));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${name}">`,
    `<title>${name}</title>`,
    `<defs><linearGradient id="v" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(base, 0.3)}"/><stop offset="1" stop-color="${shade(base, -0.4)}"/></linearGradient></defs>`,
    '<rect width="96" height="96" rx="20" fill="url(#v)"/>',
    '<circle cx="48" cy="40" r="22" fill="#fff" fill-opacity="0.18"/>',
    `<text x="48" y="${letters.length > 4 ? 47 : 50}" font-size="${letters.length > 4 ? 15 : 22}" font-weight="800" text-anchor="middle" fill="#fff">${letters}</text>`,
    `<text x="48" y="84" font-size="10" text-anchor="middle" fill="#fff" fill-opacity="0.9">${escapeXml(vendor.displayName.slice(0, 16))}</text>`,
    '</svg>',
  ].join('');
}
