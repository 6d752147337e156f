import { clientSeedSchema, type SlotRotateResult, type SlotSeedState } from '@kl/contracts/slot';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLOT_HISTORY_KEY, SLOT_KEY } from '../api/keys.ts';
import { rotateSeed, setClientSeed } from '../api/seeds.ts';
import { RoundsList } from './rounds-list.tsx';

/**
 * Provably fair: the hash of the active server seed (fixed before the rounds), the client seed (the
 * member's, editable) and the next nonce; rotating reveals the server seed, and every round played with a
 * revealed seed is recomputed here, in the browser, and marked ✓ or ✗.
 */
export function VerifyPanel({ seed }: { seed: SlotSeedState }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<SlotRotateResult['revealed'] | null>(null);
  const value = draft ?? seed.clientSeed;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [...SLOT_KEY, 'session'] });
    await queryClient.invalidateQueries({ queryKey: SLOT_HISTORY_KEY });
  };
  const save = useMutation({
    mutationFn: (clientSeed: string) => setClientSeed(clientSeed),
    onSuccess: async () => {
      setDraft(null);
      await refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: rotateSeed,
    onSuccess: async (answer) => {
      setRevealed(answer.revealed);
      await refresh();
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = clientSeedSchema.safeParse(value);
    if (!parsed.success) {
      setError(t('slot.verify.clientSeedInvalid'));
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <div className="kl-slot-verify" data-testid="slot-verify">
      <section className="kl-slot-card" aria-labelledby={`${id}-seeds`}>
        <h2 id={`${id}-seeds`} className="kl-slot-heading">
          {t('slot.verify.seedsTitle')}
        </h2>
        <p className="kl-slot-note">{t('slot.verify.explain')}</p>
        <dl className="kl-slot-round-seeds">
          <div>
            <dt>{t('slot.verify.serverSeedHash')}</dt>
            <dd className="kl-slot-mono" data-testid="slot-seed-hash">
              {seed.serverSeedHash}
            </dd>
          </div>
          <div>
            <dt>{t('slot.verify.nextNonce')}</dt>
            <dd data-testid="slot-nonce">{seed.nonce}</dd>
          </div>
        </dl>
        <form className="kl-slot-seed-form" onSubmit={submit} noValidate>
          <label className="kl-slot-field" htmlFor={`${id}-client`}>
            <span>{t('slot.verify.clientSeed')}</span>
          </label>
          <input
            id={`${id}-client`}
            value={value}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={`${id}-client-help${error ? ` ${id}-client-error` : ''}`}
            onChange={(event) => setDraft(event.target.value)}
          />
          <p id={`${id}-client-help`} className="kl-slot-note">
            {t('slot.verify.clientSeedHelp')}
          </p>
          {error && (
            <p id={`${id}-client-error`} className="kl-slot-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="kl-button kl-button--outline" disabled={save.isPending}>
            {t('slot.verify.saveClientSeed')}
          </button>
          {save.isSuccess && draft === null && <p role="status">{t('slot.verify.clientSeedSaved')}</p>}
        </form>
        <button
          type="button"
          className="kl-button kl-button--primary"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate()}
        >
          {t('slot.verify.rotate')}
        </button>
        {revealed && (
          <div className="kl-slot-revealed" role="status" data-testid="slot-revealed">
            <p>{t('slot.verify.revealed', { count: revealed.rounds })}</p>
            <p className="kl-slot-mono">{revealed.serverSeed}</p>
          </div>
        )}
      </section>
      <RoundsList verify title={t('slot.verify.roundsTitle')} />
    </div>
  );
}
