import { type SymbolPictures, WildBanner } from './symbol-pictures-shared.tsx';

/**
 * Đá Quý Rơi (theme `gems`): a diamond wild and six stones, each in a cut of its own (heart, round, step,
 * trillion, pear, hexagon), edged in a pale tint so that they read on the dark velvet of the reels.
 */
export const GEMS: SymbolPictures = {
  WILD: (
    <>
      <path
        d="M18 12 H46 L58 26 L32 58 L6 26 Z"
        fill="#e1f5fe"
        stroke="#0277bd"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path
        d="M6 26 H58 M18 12 L24 26 L32 12 L40 26 L46 12 M24 26 L32 58 L40 26"
        fill="none"
        stroke="#4fc3f7"
        strokeWidth="1.5"
      />
      <WildBanner y={30} fill="#f2c14e" text="#3e2a00" />
    </>
  ),
  RUBY: (
    <>
      <path
        d="M32 56 L9 32 C3 25 6 12 18 11 C24 11 29 14 32 19 C35 14 40 11 46 11 C58 12 61 25 55 32 Z"
        fill="#d50032"
        stroke="#ffcdd2"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M32 46 L17 30 C14 26 16 20 21 20 C25 20 29 23 32 27 C35 23 39 20 43 20 C48 20 50 26 47 30 Z"
        fill="#ff4f7b"
      />
      <path
        d="M17 17 C14 19 13 22 14 25"
        fill="none"
        stroke="#ffe0e6"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </>
  ),
  SAPPHIRE: (
    <>
      <circle cx="32" cy="32" r="25" fill="#1565c0" stroke="#bbdefb" strokeWidth="2" />
      <path d="M32 18 L42 22 L46 32 L42 42 L32 46 L22 42 L18 32 L22 22 Z" fill="#42a5f5" />
      <path
        d="M32 7 V18 M49.7 14.3 L42 22 M57 32 H46 M49.7 49.7 L42 42 M32 57 V46 M14.3 49.7 L22 42 M7 32 H18 M14.3 14.3 L22 22"
        stroke="#90caf9"
        strokeWidth="1.5"
      />
      <circle cx="27" cy="25" r="2.5" fill="#e3f2fd" />
    </>
  ),
  EMERALD: (
    <>
      <path
        d="M19 6 H45 L54 15 V49 L45 58 H19 L10 49 V15 Z"
        fill="#2e7d32"
        stroke="#c8e6c9"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M23 15 H41 L45 19 V45 L41 49 H23 L19 45 V19 Z"
        fill="#66bb6a"
        stroke="#1b5e20"
        strokeWidth="1.5"
      />
      <path
        d="M19 6 L23 15 M45 6 L41 15 M54 15 L45 19 M54 49 L45 45 M45 58 L41 49 M19 58 L23 49 M10 49 L19 45 M10 15 L19 19"
        stroke="#a5d6a7"
        strokeWidth="1.5"
      />
    </>
  ),
  AMETHYST: (
    <>
      <path d="M32 5 L60 55 H4 Z" fill="#8e24aa" stroke="#e1bee7" strokeWidth="2" strokeLinejoin="round" />
      <path d="M32 22 L46 47 H18 Z" fill="#ba68c8" />
      <path d="M32 5 V22 M60 55 L46 47 M4 55 L18 47" stroke="#e1bee7" strokeWidth="1.5" />
    </>
  ),
  TOPAZ: (
    <>
      <path
        d="M32 4 C40 16 54 28 54 40 C54 52 44 60 32 60 C20 60 10 52 10 40 C10 28 24 16 32 4 Z"
        fill="#f9a825"
        stroke="#fff3c4"
        strokeWidth="2"
      />
      <path
        d="M32 22 C37 29 44 35 44 42 C44 48 39 52 32 52 C25 52 20 48 20 42 C20 35 27 29 32 22 Z"
        fill="#ffd54f"
      />
      <path d="M32 4 V22 M10 40 H20 M54 40 H44 M32 60 V52" stroke="#fff3c4" strokeWidth="1.5" />
    </>
  ),
  AMBER: (
    <>
      <path
        d="M32 5 L55 18 V46 L32 59 L9 46 V18 Z"
        fill="#c56a00"
        stroke="#ffe0b2"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M32 12 L49 22 V42 L32 52 L15 42 V22 Z" fill="#e68a00" />
      <g fill="#ffcc80">
        <ellipse cx="26" cy="28" rx="7" ry="3.5" transform="rotate(-30 26 28)" />
        <ellipse cx="38" cy="28" rx="7" ry="3.5" transform="rotate(30 38 28)" />
      </g>
      <path
        d="M31 23 L27 17 M33 23 L37 17 M30 32 L24 35 M34 32 L40 35 M30 37 L26 42 M34 37 L38 42"
        stroke="#4e2600"
        strokeWidth="1.3"
        strokeLinecap="round"
      />
      <circle cx="32" cy="24" r="2.5" fill="#4e2600" />
      <ellipse cx="32" cy="33" rx="3" ry="7" fill="#4e2600" />
      <path d="M17 24 L24 20" stroke="#ffe0b2" strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
};
