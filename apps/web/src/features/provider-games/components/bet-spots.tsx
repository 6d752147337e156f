import type { SandboxTableGame } from '@kl/contracts/sandbox-provider';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutOf } from '../lib/payouts.ts';
import { useBetName } from './names.ts';

/** The chips a stake is made of (minor units). */
export const TABLE_CHIPS = [1_000, 10_000, 50_000, 100_000, 500_000] as const;

/** The chip each tap on a spot adds. */
export function ChipPicker({
  chip,
  onChip,
  money,
}: {
  chip: number;
  onChip: (chip: number) => void;
  money: (amount: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="kl-provider-chips" role="group" aria-label={t('providerGames.table.chips')}>
      {TABLE_CHIPS.map((value) => (
        <button
          key={value}
          type="button"
          className="kl-provider-chip"
          aria-pressed={chip === value}
          onClick={() => onChip(value)}
        >
          {money(value)}
        </button>
      ))}
    </div>
  );
}

/** One button per bet kind of the table: its name, what it pays, and what the slip holds on it. */
export function BetSpots({
  game,
  kinds,
  params,
  lines,
  disabled,
  onSpot,
  money,
}: {
  game: SandboxTableGame;
  kinds: readonly string[];
  params: Record<string, number> | null;
  lines: Readonly<Record<string, number>>;
  disabled: boolean;
  onSpot: (kind: string) => void;
  money: (amount: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const betName = useBetName();
  const baseId = useId();
  const odds = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
  const paysText = (kind: string) => {
    const payout = payoutOf(game, kind, params);
    if (!payout) return '';
    if (payout.kind === 'perDie') return t('providerGames.table.paysPerDie');
    if (payout.kind === 'decimal')
      return t('providerGames.table.paysDecimal', {
        odds: new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2 }).format(payout.odds),
      });
    return t('providerGames.table.pays', { odds: odds(payout.odds) });
  };
  return (
    <div
      className="kl-provider-spots"
      role="group"
      aria-label={t('providerGames.table.spots')}
      data-game={game}
    >
      {kinds.map((kind) => {
        const staked = lines[kind] ?? 0;
        const describedBy = `${baseId}-${kind}`;
        return (
          <button
            key={kind}
            type="button"
            className="kl-provider-spot"
            data-kind={kind}
            data-staked={staked > 0 ? 'true' : undefined}
            aria-label={betName(kind)}
            aria-describedby={
              staked > 0 ? `${describedBy}-pays ${describedBy}-staked` : `${describedBy}-pays`
            }
            disabled={disabled}
            onClick={() => onSpot(kind)}
          >
            <span className="kl-provider-spot__name">{betName(kind)}</span>
            <span className="kl-provider-spot__detail">
              <span id={`${describedBy}-pays`} className="kl-provider-spot__pays">
                {paysText(kind)}
              </span>
              {staked > 0 && (
                <span id={`${describedBy}-staked`} className="kl-provider-spot__staked">
                  {t('providerGames.table.staked', { amount: money(staked) })}
                </span>
              )}
            </span>
          </button>
        );
      })}
    </div>
  );
}
