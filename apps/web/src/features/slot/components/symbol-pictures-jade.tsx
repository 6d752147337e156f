import { Envelope, type SymbolPictures, Tile, Word } from './symbol-pictures-shared.tsx';

/** Rồng Vàng (theme `jade`): the golden pearl, the red envelope and the four beasts. */
export const JADE: SymbolPictures = {
  WILD: (
    <>
      <circle cx="32" cy="32" r="26" fill="#f2c14e" stroke="#8a5a00" strokeWidth="3" />
      <circle cx="24" cy="23" r="7" fill="#fff3c4" />
      <Word y={42} size={13} weight={800} fill="#5a3b00">
        WILD
      </Word>
    </>
  ),
  SCATTER: (
    <>
      <Envelope fill="#d32f2f" trim="#ffd54f" />
      <circle cx="32" cy="38" r="9" fill="#ffd54f" />
      <rect x="29" y="35" width="6" height="6" fill="#d32f2f" />
    </>
  ),
  DRAGON: (
    <>
      <Tile fill="#1b5e20" />
      <path
        d="M10 40 C18 20, 26 52, 34 32 S48 18, 54 26"
        fill="none"
        stroke="#f2c14e"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="52" cy="24" r="5" fill="#f2c14e" />
      <circle cx="53" cy="23" r="1.6" fill="#1b5e20" />
    </>
  ),
  PHOENIX: (
    <>
      <Tile fill="#bf360c" />
      <path d="M32 54 C18 44, 16 28, 26 12 C28 24, 34 24, 38 12 C48 28, 46 44, 32 54 Z" fill="#ffb74d" />
      <path d="M32 48 C26 42, 26 34, 32 26 C38 34, 38 42, 32 48 Z" fill="#fff3e0" />
    </>
  ),
  TIGER: (
    <>
      <circle cx="32" cy="34" r="24" fill="#ef6c00" />
      <circle cx="14" cy="14" r="7" fill="#ef6c00" />
      <circle cx="50" cy="14" r="7" fill="#ef6c00" />
      <path
        d="M32 12 V22 M20 18 L24 26 M44 18 L40 26"
        stroke="#212121"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="24" cy="34" r="3.5" fill="#212121" />
      <circle cx="40" cy="34" r="3.5" fill="#212121" />
      <path d="M26 46 Q32 51 38 46" fill="none" stroke="#212121" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  KOI: (
    <>
      <Tile fill="#0277bd" />
      <path d="M10 32 C20 16, 40 16, 48 32 C40 48, 20 48, 10 32 Z" fill="#ff7043" />
      <path d="M46 32 L58 22 L58 42 Z" fill="#ff7043" />
      <circle cx="20" cy="29" r="3" fill="#fff" />
      <path d="M26 26 C30 30, 30 34, 26 38" fill="none" stroke="#fff" strokeWidth="3" />
    </>
  ),
};
