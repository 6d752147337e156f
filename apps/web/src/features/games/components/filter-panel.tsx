import { MIN_BET_FILTERS } from '@kl/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type MinBetFilter = (typeof MIN_BET_FILTERS)[number];

/** The filter panel of a game list (product.md §2): minimum bet and slot class, each "all" or one value. */
export function FilterPanel({
  minBet,
  gameClass,
  classes,
  onMinBet,
  onClass,
}: {
  minBet: MinBetFilter;
  gameClass: string;
  /** The classes offered ('all' first). */
  classes: readonly string[];
  onMinBet: (value: MinBetFilter) => void;
  onClass: (value: string) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="kl-filter-panel" id={`${name}-panel`}>
      <fieldset className="kl-filter-panel__group">
        <legend>{t('games.minBet')}</legend>
        {MIN_BET_FILTERS.map((value) => (
          <label key={value} className="kl-chip">
            <input
              type="radio"
              name={`${name}-min-bet`}
              value={value}
              checked={minBet === value}
              onChange={() => onMinBet(value)}
            />
            {value === 'all' ? t('games.all') : value}
          </label>
        ))}
      </fieldset>
      {classes.length > 1 && (
        <fieldset className="kl-filter-panel__group">
          <legend>{t('games.gameClass')}</legend>
          {classes.map((value) => (
            <label key={value} className="kl-chip">
              <input
                type="radio"
                name={`${name}-class`}
                value={value}
                checked={gameClass === value}
                onChange={() => onClass(value)}
              />
              {value === 'all' ? t('games.all') : t(`games.classes.${value as 'JP'}`)}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
