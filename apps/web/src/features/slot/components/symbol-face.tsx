import { useTranslation } from 'react-i18next';

/**
 * The symbols of the in-house machine, drawn as inline SVG (nothing is downloaded). A symbol shown to the
 * member carries its name (role img); the blurred ones scrolling past during a spin are decoration.
 */

const LETTER_COLOURS: Record<string, { fill: string; text: string; label: string }> = {
  A: { fill: '#c62828', text: '#fff8e1', label: 'A' },
  K: { fill: '#1565c0', text: '#e3f2fd', label: 'K' },
  Q: { fill: '#6a1b9a', text: '#f3e5f5', label: 'Q' },
  J: { fill: '#2e7d32', text: '#e8f5e9', label: 'J' },
  TEN: { fill: '#00695c', text: '#e0f2f1', label: '10' },
};

function Picture({ code }: { code: string }) {
  const letter = LETTER_COLOURS[code];
  if (letter)
    return (
      <>
        <rect x="6" y="6" width="52" height="52" rx="12" fill={letter.fill} />
        <text
          x="32"
          y="43"
          textAnchor="middle"
          fontSize={letter.label.length > 1 ? 26 : 32}
          fontWeight="700"
          fontFamily="system-ui, sans-serif"
          fill={letter.text}
        >
          {letter.label}
        </text>
      </>
    );
  switch (code) {
    case 'WILD':
      return (
        <>
          <circle cx="32" cy="32" r="26" fill="#f2c14e" stroke="#8a5a00" strokeWidth="3" />
          <circle cx="24" cy="23" r="7" fill="#fff3c4" />
          <text
            x="32"
            y="42"
            textAnchor="middle"
            fontSize="13"
            fontWeight="800"
            fontFamily="system-ui, sans-serif"
            fill="#5a3b00"
          >
            WILD
          </text>
        </>
      );
    case 'SCATTER':
      return (
        <>
          <rect x="12" y="6" width="40" height="52" rx="5" fill="#d32f2f" stroke="#ffd54f" strokeWidth="2" />
          <path d="M12 14 L32 30 L52 14" fill="none" stroke="#ffd54f" strokeWidth="2.5" />
          <circle cx="32" cy="38" r="9" fill="#ffd54f" />
          <rect x="29" y="35" width="6" height="6" fill="#d32f2f" />
        </>
      );
    case 'DRAGON':
      return (
        <>
          <rect x="4" y="4" width="56" height="56" rx="14" fill="#1b5e20" />
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
      );
    case 'PHOENIX':
      return (
        <>
          <rect x="4" y="4" width="56" height="56" rx="14" fill="#bf360c" />
          <path d="M32 54 C18 44, 16 28, 26 12 C28 24, 34 24, 38 12 C48 28, 46 44, 32 54 Z" fill="#ffb74d" />
          <path d="M32 48 C26 42, 26 34, 32 26 C38 34, 38 42, 32 48 Z" fill="#fff3e0" />
        </>
      );
    case 'TIGER':
      return (
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
      );
    case 'KOI':
      return (
        <>
          <rect x="4" y="4" width="56" height="56" rx="14" fill="#0277bd" />
          <path d="M10 32 C20 16, 40 16, 48 32 C40 48, 20 48, 10 32 Z" fill="#ff7043" />
          <path d="M46 32 L58 22 L58 42 Z" fill="#ff7043" />
          <circle cx="20" cy="29" r="3" fill="#fff" />
          <path d="M26 26 C30 30, 30 34, 26 38" fill="none" stroke="#fff" strokeWidth="3" />
        </>
      );
    default:
      return <rect x="6" y="6" width="52" height="52" rx="12" fill="#757575" />;
  }
}

/** The accessible name of a symbol, in the member's language. */
export function useSymbolName() {
  const { t } = useTranslation();
  return (code: string) => t(`slot.symbol.${code}`, { defaultValue: code });
}

export function SymbolFace({ code, decorative = false }: { code: string; decorative?: boolean }) {
  const nameOf = useSymbolName();
  return (
    <svg
      className="kl-slot-symbol"
      viewBox="0 0 64 64"
      width="64"
      height="64"
      focusable="false"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': nameOf(code) })}
    >
      <Picture code={code} />
    </svg>
  );
}
