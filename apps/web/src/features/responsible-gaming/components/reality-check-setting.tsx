import {
  REALITY_CHECK_INTERVALS,
  type RealityCheckInterval,
  type ResponsibleGamingSettings,
} from '@kl/contracts/responsible-gaming';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CallFailure } from '../../../shared/ui/call-failure.tsx';
import { MEMBER_INFO_QUERY_KEY } from '../../auth/index.ts';
import { RESPONSIBLE_GAMING_KEY } from '../api/keys.ts';
import { setRealityCheck } from '../api/set-reality-check.ts';

/** How often the reminder of the time played shows: off, 15, 30 or 60 minutes. */
export function RealityCheckSetting({ settings }: { settings: ResponsibleGamingSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<RealityCheckInterval>(settings.realityCheckMinutes);
  const [saved, setSaved] = useState('');
  const ids = { heading: useId(), name: useId() };
  const save = useMutation({
    mutationFn: setRealityCheck,
    onMutate: () => setSaved(''),
    meta: { errorToast: false },
    onSuccess: (next) => {
      queryClient.setQueryData(RESPONSIBLE_GAMING_KEY, next);
      // The member's info says the interval to the reminder every page mounts.
      void queryClient.invalidateQueries({ queryKey: MEMBER_INFO_QUERY_KEY });
      setSaved(
        next.realityCheckMinutes === 0
          ? t('responsibleGaming.realityCheck.savedOff')
          : t('responsibleGaming.realityCheck.saved', { minutes: next.realityCheckMinutes }),
      );
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) save.mutate({ intervalMinutes: chosen });
  };
  const labelOf = (minutes: RealityCheckInterval) =>
    minutes === 0
      ? t('responsibleGaming.realityCheck.off')
      : t('responsibleGaming.realityCheck.every', { minutes });

  return (
    <section className="kl-rg-section" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="kl-rg-heading">
        {t('responsibleGaming.realityCheck.heading')}
      </h2>
      <p className="kl-rg-note">{t('responsibleGaming.realityCheck.intro')}</p>
      <form className="kl-rg-form" noValidate onSubmit={submit}>
        <fieldset className="kl-rg-fieldset">
          <legend className="kl-rg-label">{t('responsibleGaming.realityCheck.interval')}</legend>
          <div className="kl-rg-choices">
            {REALITY_CHECK_INTERVALS.map((minutes) => (
              <label key={minutes} className="kl-rg-choice">
                <input
                  type="radio"
                  name={ids.name}
                  value={minutes}
                  checked={minutes === chosen}
                  onChange={() => setChosen(minutes)}
                />
                <span>{labelOf(minutes)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <CallFailure call={save} className="kl-rg-error" />
        <div className="kl-rg-actions">
          <button
            type="submit"
            className="kl-button kl-button--primary kl-button--small"
            disabled={save.isPending}
          >
            {t('responsibleGaming.realityCheck.save')}
          </button>
        </div>
        <p className="kl-rg-outcome" role="status">
          {saved}
        </p>
      </form>
    </section>
  );
}
