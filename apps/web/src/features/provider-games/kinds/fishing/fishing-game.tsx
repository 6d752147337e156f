import { SANDBOX_FISHING_CANNONS, type SandboxFishingShotResult } from '@kl/contracts/sandbox-provider';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../../../../shared/hooks/use-reduced-motion.ts';
import { messageFor } from '../../../../shared/lib/api-client.ts';
import { formatMoney } from '@kl/contracts/money';
import type { ProviderGameProps } from '../../api/provider-call.ts';
import { PlaySeeds } from '../../components/fairness.tsx';
import { shoot } from './api.ts';
import { FishShape, SEA_FISH } from './sea.tsx';
import './fishing.css';

const KNOWN_FISH = new Set<string>(SEA_FISH.map((fish) => fish.id));

/**
 * Fishing at the sandbox provider (docs/decisions/026-sandbox-provider.md): a sea of fish, a cannon whose
 * cost is the stake of each shot, and a tap on the sea firing one shot (one call). The provider decides
 * the catch from the shot's seeds and pays it at once; the catch, the win and the shot's seeds are shown
 * and the balance moves with the answer. The fish swim only for a member who did not ask for less motion.
 */
export function FishingGame({ session, onBalance }: ProviderGameProps) {
  const { t, i18n } = useTranslation();
  const reduced = useReducedMotion();
  const money = (amount: number) => formatMoney(amount, session.currency, i18n.language);
  const [cannon, setCannon] = useState<number>(SANDBOX_FISHING_CANNONS[0]);
  const [last, setLast] = useState<SandboxFishingShotResult | null>(null);
  const firing = useRef(false);
  const fire = useMutation({
    mutationFn: (cost: number) => shoot(session.sessionId, cost),
    meta: { errorToast: false },
    onSuccess: (result) => {
      setLast(result);
      onBalance(result.balance);
    },
    onSettled: () => {
      firing.current = false;
    },
  });
  const trigger = () => {
    if (firing.current) return;
    firing.current = true;
    fire.mutate(cannon);
  };
  const fishName = (fish: string) =>
    KNOWN_FISH.has(fish)
      ? t(`providerPlay.fishing.fish.${fish as (typeof SEA_FISH)[number]['id']}`)
      : t('providerPlay.fishing.fish.other');

  return (
    <div className="kl-fishing" data-motion={reduced ? 'reduced' : 'full'}>
      <div className="kl-fishing-cannons" role="group" aria-label={t('providerPlay.fishing.cannon')}>
        {SANDBOX_FISHING_CANNONS.map((cost) => (
          <button
            key={cost}
            type="button"
            className="kl-provider-chip"
            aria-pressed={cannon === cost}
            onClick={() => setCannon(cost)}
          >
            {money(cost)}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="kl-fishing-sea"
        aria-label={t('providerPlay.fishing.shoot', { cost: money(cannon) })}
        aria-disabled={fire.isPending}
        onClick={trigger}
      >
        {SEA_FISH.map((fish, index) => (
          <span
            key={fish.id}
            className="kl-fishing-fish"
            data-fish={fish.id}
            data-caught={last?.fish === fish.id ? 'true' : undefined}
            style={{
              top: `${fish.depth}%`,
              left: `${(index * 13) % 80}%`,
              animationDuration: `${fish.speed}s`,
              animationDelay: `-${index * 1.7}s`,
            }}
          >
            <FishShape color={fish.color} size={fish.size} />
          </span>
        ))}
        <span className="kl-fishing-cannon" aria-hidden="true" />
      </button>
      <div className="kl-provider-card" aria-live="polite">
        {fire.isPending ? (
          <p className="kl-provider-note">{t('providerPlay.fishing.firing')}</p>
        ) : last ? (
          <p data-testid="fishing-result" className="kl-fishing-result">
            {last.fish
              ? t('providerPlay.fishing.caught', {
                  fish: fishName(last.fish),
                  multiplier: last.multiplier,
                  amount: money(last.returned),
                })
              : t('providerPlay.fishing.missed', { cost: money(last.cannonCost) })}
          </p>
        ) : (
          <p className="kl-provider-note">{t('providerPlay.fishing.hint')}</p>
        )}
      </div>
      {fire.isError && (
        <p className="kl-provider-error" role="alert">
          {messageFor(fire.error)}
        </p>
      )}
      {last && <PlaySeeds fairness={last.fairness} />}
    </div>
  );
}
