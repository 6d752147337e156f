import type { ReactElement, ReactNode } from 'react';

/**
 * What the symbol pictures share: their type, the shapes several of them stand on (a tile, an envelope, the
 * wild's banner), the word written on a picture, and the card letters of the machines that have them.
 */

/** The pictures of a set of symbols by code, each drawn in SymbolFace's 64×64 box. */
export type SymbolPictures = Readonly<Record<string, ReactElement>>;

/** A word or figure drawn on a picture, centred on `x`. */
export function Word({
  children,
  y,
  size,
  fill,
  x = 32,
  weight = 700,
}: {
  children: ReactNode;
  y: number;
  size: number;
  fill: string;
  x?: number;
  weight?: number;
}) {
  return (
    <text
      x={x}
      y={y}
      textAnchor="middle"
      fontSize={size}
      fontWeight={weight}
      fontFamily="system-ui, sans-serif"
      fill={fill}
    >
      {children}
    </text>
  );
}

/** The rounded square a picture stands on, `inset` from the edges of the box. */
export function Tile({
  fill,
  inset = 4,
  rx = 14,
  stroke,
  strokeWidth,
}: {
  fill: string;
  inset?: number;
  rx?: number;
  stroke?: string;
  strokeWidth?: number;
}) {
  const size = 64 - inset * 2;
  return (
    <rect
      x={inset}
      y={inset}
      width={size}
      height={size}
      rx={rx}
      fill={fill}
      stroke={stroke}
      strokeWidth={strokeWidth}
    />
  );
}

/** A red envelope (lì xì) standing upright, its flap drawn in `trim`: the scatters draw their seal on it. */
export function Envelope({ fill, trim }: { fill: string; trim: string }) {
  return (
    <>
      <rect x="12" y="6" width="40" height="52" rx="5" fill={fill} stroke={trim} strokeWidth="2" />
      <path d="M12 14 L32 30 L52 14" fill="none" stroke={trim} strokeWidth="2.5" />
    </>
  );
}

/** The band across a themed wild that says WILD, its top at `y`. */
export function WildBanner({ y, fill, text }: { y: number; fill: string; text: string }) {
  return (
    <>
      <rect x="10" y={y} width="44" height="15" rx="7.5" fill={fill} />
      <Word y={y + 11.5} size={12} weight={800} fill={text}>
        WILD
      </Word>
    </>
  );
}

function letterCard(fill: string, text: string, label: string) {
  return (
    <>
      <Tile fill={fill} inset={6} rx={12} />
      <Word y={43} size={label.length > 1 ? 26 : 32} fill={text}>
        {label}
      </Word>
    </>
  );
}

/** The card letters (A K Q J 10), the same on every machine that has them. */
export const LETTERS: SymbolPictures = {
  A: letterCard('#c62828', '#fff8e1', 'A'),
  K: letterCard('#1565c0', '#e3f2fd', 'K'),
  Q: letterCard('#6a1b9a', '#f3e5f5', 'Q'),
  J: letterCard('#2e7d32', '#e8f5e9', 'J'),
  TEN: letterCard('#00695c', '#e0f2f1', '10'),
};
