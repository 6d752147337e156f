import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type translation from '../../../locales/vi.json';

type BetKey = keyof (typeof translation)['providerGames']['bets'];

/** The localised name of a bet kind (nhà cái, chẵn, bầu, meron …), or the kind itself if unknown. */
export function useBetName(): (kind: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (kind: string) => {
      const key = `providerGames.bets.${kind}` as `providerGames.bets.${BetKey}`;
      return i18n.exists(key) ? String(t(key)) : kind;
    },
    [t, i18n],
  );
}
