import type { LotteryBetTypeOffer } from '@kl/contracts/lottery';
import { useTranslation } from 'react-i18next';
import { padNumber } from '../lib/bet.ts';
import { optionLabel } from '../lib/option-label.ts';

type Rule = LotteryBetTypeOffer['pick'];

/**
 * The picker of a pick rule: a grid of 0–9 or 00–99 (one- and two-digit numbers), or the options
 * (tài/xỉu, chẵn/lẻ, sums) as toggle buttons. `limit` stops the picks at that many (xiên).
 */
export function PickGrid({
  rule,
  picked,
  onToggle,
  limit,
}: {
  rule: Rule;
  picked: readonly string[];
  onToggle: (value: string) => void;
  limit?: number;
}) {
  const { t } = useTranslation();
  const values =
    rule.kind === 'option'
      ? rule.options
      : Array.from({ length: 10 ** rule.digits }, (_, index) => padNumber(index, rule.digits));
  const full = limit !== undefined && picked.length >= limit;
  return (
    <div
      className={rule.kind === 'option' ? 'kl-lottery-options' : 'kl-lottery-grid'}
      role="group"
      aria-label={t('lottery.pickLabel')}
    >
      {values.map((value) => {
        const on = picked.includes(value);
        return (
          <button
            key={value}
            type="button"
            aria-pressed={on}
            disabled={!on && full}
            onClick={() => onToggle(value)}
          >
            {optionLabel(t, value)}
          </button>
        );
      })}
    </div>
  );
}
