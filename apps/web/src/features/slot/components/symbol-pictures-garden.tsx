import { Envelope, type SymbolPictures, Tile, WildBanner } from './symbol-pictures-shared.tsx';

/** Vườn Ngọc (theme `garden`): the golden lotus, the lotus-sealed envelope and the garden's treasures. */
export const GARDEN: SymbolPictures = {
  WILD: (
    <>
      <Tile fill="#1b5e3a" />
      <g fill="#f2c14e" stroke="#8a5a00" strokeWidth="2">
        <path d="M32 40 C20 39 11 30 9 18 C21 19 29 27 32 40 Z" />
        <path d="M32 40 C44 39 53 30 55 18 C43 19 35 27 32 40 Z" />
        <path d="M32 8 C41 18 41 30 32 40 C23 30 23 18 32 8 Z" />
      </g>
      <circle cx="32" cy="27" r="4.5" fill="#fff8e1" />
      <WildBanner y={42} fill="#8a5a00" text="#fff3c4" />
    </>
  ),
  SCATTER: (
    <>
      <Envelope fill="#c2185b" trim="#ffd54f" />
      <circle cx="32" cy="40" r="10" fill="#ffd54f" />
      <path
        d="M32 32 C36 36 36 41 32 46 C28 41 28 36 32 32 Z M32 46 C27 46 24 43 23 39 C27 39 30 42 32 46 Z M32 46 C37 46 40 43 41 39 C37 39 34 42 32 46 Z"
        fill="#c2185b"
      />
    </>
  ),
  LOTUS: (
    <>
      <ellipse cx="32" cy="53" rx="25" ry="7" fill="#2e7d32" stroke="#1b5e20" strokeWidth="1.5" />
      <g stroke="#ad1457" strokeWidth="2" strokeLinejoin="round">
        <path d="M32 50 C18 50 8 40 6 28 C18 30 28 38 32 50 Z" fill="#f48fb1" />
        <path d="M32 50 C46 50 56 40 58 28 C46 30 36 38 32 50 Z" fill="#f48fb1" />
        <path d="M32 50 C22 44 18 30 22 16 C28 24 32 36 32 50 Z" fill="#f06292" />
        <path d="M32 50 C42 44 46 30 42 16 C36 24 32 36 32 50 Z" fill="#f06292" />
        <path d="M32 48 C26 40 26 24 32 8 C38 24 38 40 32 48 Z" fill="#f8bbd0" />
      </g>
    </>
  ),
  JADE: (
    <>
      <path d="M32 2 V10" stroke="#c62828" strokeWidth="3" />
      <circle cx="32" cy="30" r="15" fill="none" stroke="#2e9e6b" strokeWidth="12" />
      <circle cx="32" cy="30" r="21" fill="none" stroke="#145c3a" strokeWidth="1.5" />
      <circle cx="32" cy="30" r="9" fill="none" stroke="#145c3a" strokeWidth="1.5" />
      <path
        d="M22 22 A13 13 0 0 1 36 17"
        fill="none"
        stroke="#b9f0d3"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M32 45 V50 L26 62 M32 50 V62 M32 50 L38 62"
        fill="none"
        stroke="#c62828"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <circle cx="32" cy="50" r="3" fill="#c62828" />
    </>
  ),
  LANTERN: (
    <>
      <path d="M32 2 V9 M32 56 V63 M28 58 V63 M36 58 V63" stroke="#ffb300" strokeWidth="2" />
      <ellipse cx="32" cy="32" rx="20" ry="19" fill="#d32f2f" stroke="#7f0000" strokeWidth="2" />
      <ellipse cx="32" cy="32" rx="10" ry="19" fill="none" stroke="#7f0000" strokeWidth="1.5" />
      <path d="M32 13 V51" stroke="#7f0000" strokeWidth="1.5" />
      <ellipse cx="24" cy="27" rx="3" ry="6" fill="#ff8a80" />
      <g fill="#ffc107" stroke="#8a5a00" strokeWidth="1.5">
        <rect x="23" y="8" width="18" height="6" rx="2" />
        <rect x="23" y="50" width="18" height="6" rx="2" />
      </g>
    </>
  ),
  FAN: (
    <>
      <path
        d="M32 56 L2.9 31.6 A38 38 0 0 1 61.1 31.6 Z"
        fill="#ffe0b2"
        stroke="#6d4c41"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M32 56 L13 23.1 M32 56 L25.4 18.6 M32 56 L38.6 18.6 M32 56 L51 23.1"
        stroke="#6d4c41"
        strokeWidth="1.5"
      />
      <circle cx="44" cy="31" r="5" fill="#e53935" />
      <path d="M14 36 Q20 30 26 34" fill="none" stroke="#2e7d32" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M32 56 L21.3 47 A14 14 0 0 1 42.7 47 Z" fill="#8d6e63" stroke="#4e342e" strokeWidth="1.5" />
      <circle cx="32" cy="54" r="2.5" fill="#ffc107" />
    </>
  ),
};
