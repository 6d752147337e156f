import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BauCuaFace, BauCuaOutcome } from '../../lib/outcomes.ts';
import { useBetName } from '../names.ts';

/** Each face drawn with a few shapes of inline SVG (no image files), in its colour. */
const FACE_ART: Record<BauCuaFace, ReactNode> = {
  // nai: a deer's head with antlers
  nai: (
    <>
      <ellipse cx="24" cy="30" rx="8" ry="10" />
      <path d="M18 22 L12 10 M14 14 L8 12 M30 22 L36 10 M34 14 L40 12" fill="none" strokeWidth="2.5" />
    </>
  ),
  // bầu: a gourd, two rounds and a stem
  bau: (
    <>
      <circle cx="24" cy="32" r="10" />
      <circle cx="24" cy="17" r="6.5" />
      <path d="M24 10 L27 5" fill="none" strokeWidth="2.5" />
    </>
  ),
  // gà: a rooster, body, head and comb
  ga: (
    <>
      <ellipse cx="22" cy="30" rx="11" ry="9" />
      <circle cx="32" cy="17" r="5.5" />
      <path d="M30 11 L32 7 L34 11 Z" />
      <path d="M37 17 L42 19 L37 20 Z" />
    </>
  ),
  // cá: a fish, body and tail
  ca: (
    <>
      <ellipse cx="20" cy="24" rx="13" ry="8" />
      <path d="M32 24 L42 16 L42 32 Z" />
    </>
  ),
  // cua: a crab, shell and claws
  cua: (
    <>
      <ellipse cx="24" cy="28" rx="12" ry="8" />
      <circle cx="10" cy="16" r="4.5" />
      <circle cx="38" cy="16" r="4.5" />
      <path d="M14 22 L10 18 M34 22 L38 18" fill="none" strokeWidth="2.5" />
    </>
  ),
  // tôm: a shrimp, a curled body and feelers
  tom: (
    <>
      <path d="M12 30 Q12 14 28 14 Q38 16 36 26 Q30 22 24 26 Q20 32 12 30 Z" />
      <path d="M28 14 L40 6 M30 15 L42 10" fill="none" strokeWidth="2" />
    </>
  ),
};

export function FaceArt({ face }: { face: BauCuaFace }) {
  return (
    <svg
      className="kl-provider-face"
      data-face={face}
      viewBox="0 0 48 48"
      width="40"
      height="40"
      aria-hidden="true"
    >
      {FACE_ART[face]}
    </svg>
  );
}

/** Bầu cua: three dice under the bowl until the close, then their faces (nai, bầu, gà, cá, cua, tôm). */
export function BauCuaBoard({ outcome }: { outcome: BauCuaOutcome | null }) {
  const { t } = useTranslation();
  const betName = useBetName();
  return (
    <div className="kl-provider-board kl-provider-bau-cua" data-testid="provider-board">
      <ul className="kl-provider-dice" aria-label={t('providerGames.bauCua.dice')}>
        {[0, 1, 2].map((index) => {
          const face = outcome?.dice[index];
          return (
            <li key={index} className="kl-provider-die" data-face={face ?? 'hidden'}>
              {face ? (
                <span role="img" aria-label={betName(face)} className="kl-provider-die__face">
                  <FaceArt face={face} />
                  <span aria-hidden="true">{betName(face)}</span>
                </span>
              ) : (
                <span
                  role="img"
                  aria-label={t('providerGames.bauCua.hidden')}
                  className="kl-provider-die__face"
                >
                  ?
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="kl-provider-board__status" role="status">
        {outcome ? outcome.dice.map(betName).join(', ') : t('providerGames.bauCua.covered')}
      </p>
    </div>
  );
}
