import { type SymbolPictures, Tile, WildBanner } from './symbol-pictures-shared.tsx';

/** Thuyền Kho Báu (theme `ocean`): the golden trident, the treasure chest (jackpot) and the ship's kit. */
export const OCEAN: SymbolPictures = {
  WILD: (
    <>
      <Tile fill="#0b3d6e" />
      <path
        d="M32 10 V44 M20 11 V20 Q20 27 32 27 Q44 27 44 20 V11"
        fill="none"
        stroke="#f2c14e"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="M16 13 L20 5 L24 13 Z M28 12 L32 4 L36 12 Z M40 13 L44 5 L48 13 Z" fill="#f2c14e" />
      <circle cx="32" cy="35" r="6" fill="#f5f1e6" stroke="#b8a98a" strokeWidth="1.5" />
      <WildBanner y={44} fill="#f2c14e" text="#0b3d6e" />
    </>
  ),
  JACKPOT: (
    <>
      <path
        d="M8 30 V22 C8 13 18 10 32 10 C46 10 56 13 56 22 V30 Z"
        fill="#a0522d"
        stroke="#4e2a0c"
        strokeWidth="2"
      />
      <rect x="8" y="30" width="48" height="26" rx="2" fill="#8b4513" stroke="#4e2a0c" strokeWidth="2" />
      <path d="M16 13 V55 M48 13 V55" stroke="#f2c14e" strokeWidth="5" />
      <path d="M9 30 H55" stroke="#f2c14e" strokeWidth="3" />
      <rect x="26" y="25" width="12" height="14" rx="2" fill="#f2c14e" stroke="#8a5a00" strokeWidth="1.5" />
      <circle cx="32" cy="31" r="2" fill="#4e2a0c" />
      <path d="M32 32 V36" stroke="#4e2a0c" strokeWidth="2" />
      <g fill="#fff59d" stroke="#c79100" strokeWidth="0.75">
        <path d="M55 2 L56.5 6.5 L61 8 L56.5 9.5 L55 14 L53.5 9.5 L49 8 L53.5 6.5 Z" />
        <path d="M8 2 L9 5 L12 6 L9 7 L8 10 L7 7 L4 6 L7 5 Z" />
      </g>
    </>
  ),
  SHIP: (
    <>
      <Tile fill="#b3e5fc" />
      <path d="M32 6 V42" stroke="#5d4037" strokeWidth="2.5" />
      <path d="M32 5 L42 8 L32 11 Z" fill="#d32f2f" />
      <g fill="#fafafa" stroke="#546e7a" strokeWidth="1.5" strokeLinejoin="round">
        <path d="M30 12 Q18 26 14 38 H30 Z" />
        <path d="M34 14 Q46 26 50 38 H34 Z" />
      </g>
      <path
        d="M8 42 H56 L49 53 H15 Z"
        fill="#6d4c41"
        stroke="#3e2723"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M7 57 Q12.5 53 18 57 T29 57 T40 57 T51 57" fill="none" stroke="#0277bd" strokeWidth="2.5" />
    </>
  ),
  COMPASS: (
    <>
      <circle cx="32" cy="32" r="27" fill="#b8860b" />
      <circle cx="32" cy="32" r="22" fill="#fff8e1" stroke="#6d4c41" strokeWidth="1.5" />
      <path d="M10 32 L32 28 L54 32 L32 36 Z" fill="#90a4ae" />
      <path d="M32 10 L37 32 H27 Z" fill="#d32f2f" />
      <path d="M27 32 H37 L32 54 Z" fill="#37474f" />
      <circle cx="32" cy="32" r="3" fill="#b8860b" />
    </>
  ),
  MAP: (
    <>
      <path
        d="M8 12 L22 8 L42 12 L56 8 V52 L42 56 L22 52 L8 56 Z"
        fill="#f3e0b0"
        stroke="#8d6e63"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M22 8 V52 M42 12 V56" stroke="#c9a66b" strokeWidth="1.5" />
      <path
        d="M14 46 Q20 34 28 38 T40 26"
        fill="none"
        stroke="#6d4c41"
        strokeWidth="2"
        strokeDasharray="3 3"
      />
      <path d="M40 16 L50 26 M50 16 L40 26" stroke="#c62828" strokeWidth="3.5" strokeLinecap="round" />
    </>
  ),
  ANCHOR: (
    <>
      <circle cx="32" cy="32" r="28" fill="#1565c0" />
      <circle cx="32" cy="13" r="4.5" fill="none" stroke="#eceff1" strokeWidth="3.5" />
      <path
        d="M32 17.5 V54 M21 24 H43 M12 38 Q14 53 32 54 Q50 53 52 38"
        fill="none"
        stroke="#eceff1"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="M7 42 L12 32 L17 41 Z M57 42 L52 32 L47 41 Z" fill="#eceff1" />
    </>
  ),
};
