import type { SandboxSlotFreeRounds } from '@kl/contracts/sandbox-provider';
import { useTranslation } from 'react-i18next';

interface FreeRoundsProps {
  freeRounds: SandboxSlotFreeRounds;
  lineCount: number;
  /** The amount in the session's currency, as the game writes it. */
  money: (amount: number) => string;
  spinning: boolean;
  onPlay: () => void;
}

/**
 * The free rounds the operator granted the player in this game (docs/decisions/065-provider-credits.md), in
 * place of the line bet and the spin while some are left: how many, the line bet they play at, and the
 * button that plays one. The count is a live region, so it is read out as it goes down.
 */
export function FreeRounds({ freeRounds, lineCount, money, spinning, onPlay }: FreeRoundsProps) {
  const { t } = useTranslation();
  return (
    <section
      className="kl-provider-slip kl-slot-free"
      aria-label={t('providerPlay.slot.freeRounds.title')}
      data-testid="slot-free-rounds"
    >
      <p className="kl-slot-free__left" role="status">
        {t('providerPlay.slot.freeRounds.left', { count: freeRounds.roundsLeft })}
      </p>
      <p className="kl-provider-slip__total">
        {t('providerPlay.slot.freeRounds.bet', { amount: money(freeRounds.lineBet), lines: lineCount })}
      </p>
      <button type="button" className="kl-button kl-button--primary" disabled={spinning} onClick={onPlay}>
        {spinning ? t('providerPlay.slot.spinning') : t('providerPlay.slot.freeRounds.play')}
      </button>
    </section>
  );
}
