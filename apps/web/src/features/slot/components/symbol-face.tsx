import { useTranslation } from 'react-i18next';
import { GARDEN } from './symbol-pictures-garden.tsx';
import { GEMS } from './symbol-pictures-gems.tsx';
import { JADE } from './symbol-pictures-jade.tsx';
import { NEON } from './symbol-pictures-neon.tsx';
import { OCEAN } from './symbol-pictures-ocean.tsx';
import { RIVER } from './symbol-pictures-river.tsx';
import { LETTERS, type SymbolPictures } from './symbol-pictures-shared.tsx';

/**
 * The symbols of the in-house machines, drawn as inline SVG (nothing is downloaded). A symbol shown to the
 * member carries its name (role img); the blurred ones scrolling past during a spin are decoration.
 * WILD and SCATTER take the look of the machine's theme; every other code is drawn the same everywhere.
 */

/** Each theme's own pictures (symbol-pictures-<theme>.tsx). */
const BY_THEME: Readonly<Record<string, SymbolPictures>> = {
  jade: JADE,
  neon: NEON,
  garden: GARDEN,
  gems: GEMS,
  river: RIVER,
  ocean: OCEAN,
};

/** A code the theme does not draw itself: the card letters, then Rồng Vàng's, then any theme's. */
const ANY_THEME: SymbolPictures = { ...OCEAN, ...RIVER, ...GEMS, ...GARDEN, ...NEON, ...JADE, ...LETTERS };

const UNKNOWN = <rect x="6" y="6" width="52" height="52" rx="12" fill="#757575" />;

function Picture({ code, theme }: { code: string; theme: string }) {
  return BY_THEME[theme]?.[code] ?? ANY_THEME[code] ?? UNKNOWN;
}

/**
 * The accessible name of a symbol of a machine in `theme`, in the member's language: the theme's own name
 * where its picture differs (a wild, a scatter), else the symbol's.
 */
export function useSymbolName(theme = 'jade') {
  const { t, i18n } = useTranslation();
  return (code: string) => {
    const themed = `slot.symbolIn.${theme}.${code}`;
    if (i18n.exists(themed)) return t(themed, { defaultValue: code });
    const shared = `slot.symbol.${code}`;
    return i18n.exists(shared) ? t(shared, { defaultValue: code }) : code;
  };
}

export function SymbolFace({
  code,
  decorative = false,
  theme = 'jade',
}: {
  code: string;
  decorative?: boolean;
  /** The machine's theme (`data-slot-theme` of the game): how WILD and SCATTER look. */
  theme?: string;
}) {
  const nameOf = useSymbolName(theme);
  return (
    <svg
      className="kl-slot-symbol"
      viewBox="0 0 64 64"
      width="64"
      height="64"
      focusable="false"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': nameOf(code) })}
    >
      <Picture code={code} theme={theme} />
    </svg>
  );
}
