import { type SymbolPictures, Tile, Word } from './symbol-pictures-shared.tsx';

/** The cream reel card each fruit-machine symbol is painted on, edged in neon pink. */
const card = <Tile fill="#fff6e3" stroke="#ff2e97" strokeWidth={2} />;

/** Bảy May Mắn (theme `neon`): the classic fruit machine. */
export const NEON: SymbolPictures = {
  SEVEN: (
    <>
      {card}
      <path
        d="M14 10 H50 V19 L33 54 H21 L38 20 H14 Z"
        fill="#e53935"
        stroke="#7f0000"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M18 14 H46" stroke="#ffcdd2" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  TRIPLE_BAR: (
    <>
      {card}
      {[11, 26, 41].map((y) => (
        <g key={y}>
          <rect x="10" y={y} width="44" height="12" rx="3" fill="#212121" />
          <Word y={y + 9.5} size={9} weight={800} fill="#ffd54f">
            BAR
          </Word>
        </g>
      ))}
    </>
  ),
  BAR: (
    <>
      {card}
      <rect x="8" y="20" width="48" height="24" rx="4" fill="#212121" stroke="#ffd54f" strokeWidth="2" />
      <Word y={38} size={16} weight={800} fill="#ffffff">
        BAR
      </Word>
    </>
  ),
  BELL: (
    <>
      {card}
      <circle cx="32" cy="8" r="3" fill="#7a5200" />
      <path
        d="M32 10 C21 10 17 20 17 31 C17 40 13 44 10 49 H54 C51 44 47 40 47 31 C47 20 43 10 32 10 Z"
        fill="#fbc02d"
        stroke="#7a5200"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M12 45 H52" stroke="#7a5200" strokeWidth="2" />
      <circle cx="32" cy="53" r="5" fill="#7a5200" />
      <path
        d="M24 18 C21 24 21 32 22 40"
        fill="none"
        stroke="#fff3c4"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </>
  ),
  PLUM: (
    <>
      {card}
      <path d="M32 18 L33 9" stroke="#5d4037" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M33 11 C39 4 49 5 53 10 C47 15 39 15 33 11 Z"
        fill="#43a047"
        stroke="#1b5e20"
        strokeWidth="1.5"
      />
      <ellipse cx="32" cy="37" rx="19" ry="20" fill="#7b1fa2" stroke="#3c0d5c" strokeWidth="2.5" />
      <path d="M32 18 C27 28 27 46 32 56" fill="none" stroke="#4a148c" strokeWidth="2" />
      <ellipse cx="24" cy="30" rx="4" ry="7" fill="#ce93d8" />
    </>
  ),
  CHERRY: (
    <>
      {card}
      <path
        d="M21 38 C23 26 31 16 40 10 M43 40 C43 28 41 18 40 10"
        fill="none"
        stroke="#2e7d32"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M40 10 C44 5 51 6 54 9 C50 13 44 13 40 10 Z" fill="#43a047" />
      <circle cx="21" cy="44" r="11" fill="#d32f2f" stroke="#7f0000" strokeWidth="2" />
      <circle cx="43" cy="46" r="11" fill="#d32f2f" stroke="#7f0000" strokeWidth="2" />
      <circle cx="17" cy="40" r="3" fill="#ffcdd2" />
      <circle cx="39" cy="42" r="3" fill="#ffcdd2" />
    </>
  ),
};
