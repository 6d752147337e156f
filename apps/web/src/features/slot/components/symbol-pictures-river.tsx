import { Envelope, type SymbolPictures, Tile, WildBanner } from './symbol-pictures-shared.tsx';

/** Cá Chép Hoá Rồng (theme `river`): the dragon gate, the envelope of the river and what the carp passes. */
export const RIVER: SymbolPictures = {
  WILD: (
    <>
      <Tile fill="#0d3b66" />
      <path d="M4 16 Q32 4 60 16 L57 22 Q32 12 7 22 Z" fill="#d32f2f" stroke="#7f0000" strokeWidth="1.5" />
      <g fill="#b71c1c">
        <rect x="12" y="24" width="40" height="5" />
        <rect x="14" y="20" width="6" height="38" />
        <rect x="44" y="20" width="6" height="38" />
      </g>
      <circle cx="32" cy="36" r="7" fill="#f2c14e" stroke="#8a5a00" strokeWidth="2" />
      <WildBanner y={44} fill="#f2c14e" text="#7f0000" />
    </>
  ),
  SCATTER: (
    <>
      <Envelope fill="#c62828" trim="#ffd54f" />
      <path d="M14 51 Q18.5 47 23 51 T33 51 T43 51 T51 51" fill="none" stroke="#ffd54f" strokeWidth="2" />
      <circle cx="32" cy="37" r="9" fill="#ffd54f" />
      <path d="M25 37 C28 33 33 33 36 37 C33 41 28 41 25 37 Z M36 37 L40 33.5 V40.5 Z" fill="#c62828" />
    </>
  ),
  CARP: (
    <>
      <path d="M4 54 Q11 47 18 54 T32 54 T46 54 T60 54 V60 H4 Z" fill="#0288d1" />
      <path d="M23 41 L9 40 L15 47 L14 57 Z" fill="#ff6f00" stroke="#8d4a00" strokeWidth="1.5" />
      <path d="M23 32 Q15 24 26 18 L30 25 Z" fill="#ff6f00" stroke="#8d4a00" strokeWidth="1.5" />
      <ellipse
        cx="33"
        cy="29"
        rx="19"
        ry="9"
        transform="rotate(-50 33 29)"
        fill="#ffa000"
        stroke="#8d4a00"
        strokeWidth="2"
      />
      <path
        d="M27 33 q3 -4 6 -1 M31 28 q3 -4 6 -1 M24 38 q3 -4 6 -1"
        fill="none"
        stroke="#ffe082"
        strokeWidth="1.5"
      />
      <circle cx="40" cy="18" r="2.2" fill="#fff" />
      <circle cx="40.5" cy="17.5" r="1" fill="#212121" />
      <path d="M44 16 Q50 18 50 24" fill="none" stroke="#8d4a00" strokeWidth="1.5" />
      <circle cx="51" cy="40" r="2" fill="#4fc3f7" />
      <circle cx="55" cy="34" r="1.5" fill="#4fc3f7" />
    </>
  ),
  LILY: (
    <>
      <path d="M32 40 L52.9 33.2 A22 22 0 1 0 50.4 52 Z" fill="#388e3c" stroke="#1b5e20" strokeWidth="2" />
      <path
        d="M30 14 L35 27 L47 22 L38 32 L48 42 L35 37 L30 50 L25 37 L12 42 L22 32 L13 22 L25 27 Z"
        fill="#fce4ec"
        stroke="#c2185b"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <circle cx="30" cy="32" r="5" fill="#fdd835" stroke="#f57f17" strokeWidth="1.5" />
    </>
  ),
  PAGODA: (
    <>
      <path d="M32 3 V12" stroke="#f2c14e" strokeWidth="2.5" strokeLinecap="round" />
      <g fill="#ffe0b2" stroke="#6d4c41" strokeWidth="1.5">
        <rect x="26" y="17" width="12" height="8" />
        <rect x="22" y="29" width="20" height="9" />
        <rect x="18" y="42" width="28" height="14" />
      </g>
      <g fill="#b71c1c" stroke="#6d2a1e" strokeWidth="1.5" strokeLinejoin="round">
        <path d="M17 19 L32 10 L47 19 Q32 15 17 19 Z" />
        <path d="M11 31 L32 21 L53 31 Q32 27 11 31 Z" />
        <path d="M5 44 L32 33 L59 44 Q32 40 5 44 Z" />
      </g>
      <rect x="28" y="47" width="8" height="9" fill="#4e342e" />
      <rect x="12" y="56" width="40" height="4" rx="1" fill="#8d6e63" />
    </>
  ),
  DRUM: (
    <>
      <path
        d="M8 22 V44 C8 50 19 54 32 54 C45 54 56 50 56 44 V22 Z"
        fill="#8d5a2b"
        stroke="#4e2f12"
        strokeWidth="2"
      />
      <path
        d="M8 33 C8 38 19 41 32 41 C45 41 56 38 56 33 M14 45 V51 M24 47 V53 M40 47 V53 M50 45 V51"
        fill="none"
        stroke="#d9a066"
        strokeWidth="2"
      />
      <ellipse cx="32" cy="22" rx="24" ry="9" fill="#c68a4a" stroke="#4e2f12" strokeWidth="2" />
      <ellipse cx="32" cy="22" rx="15" ry="5.5" fill="none" stroke="#8d5a2b" strokeWidth="1.5" />
      <path
        d="M32 17.5 L33.4 20.6 L37 22 L33.4 23.4 L32 26.5 L30.6 23.4 L27 22 L30.6 20.6 Z"
        fill="#ffe082"
        stroke="#8d5a2b"
        strokeWidth="0.75"
      />
    </>
  ),
};
