import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../shared/lib/api-client.ts';
import { responsibleGamingQuery } from './api/get-settings.ts';
import { DepositLimits } from './components/deposit-limits.tsx';
import { RealityCheckSetting } from './components/reality-check-setting.tsx';
import { SelfExclusionForm, TimeOutForm } from './components/take-a-break.tsx';
import { formatDateTime } from './lib/dates.ts';
import './responsible-gaming.css';

/**
 * /m/member/responsibleGaming: the member's deposit limits (used amounts, pending raises and when they
 * apply) with a form for each, the reality-check interval, a time-out and a self-exclusion.
 */
export default function ResponsibleGamingScreen() {
  const { t, i18n } = useTranslation();
  const settings = useQuery(responsibleGamingQuery);

  let body;
  if (settings.isPending) body = <p role="status">{t('responsibleGaming.loading')}</p>;
  else if (settings.isError)
    body = (
      <div className="kl-rg-section" role="alert">
        <p>{messageFor(settings.error)}</p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={() => void settings.refetch()}
        >
          {t('responsibleGaming.retry')}
        </button>
      </div>
    );
  else {
    const { exclusion } = settings.data;
    body = (
      <>
        {exclusion && (
          <p className="kl-rg-note kl-rg-exclusion" role="status">
            {t(`responsibleGaming.inForce.${exclusion.kind}`, {
              date: formatDateTime(exclusion.endsAt, i18n.language) ?? '',
            })}
          </p>
        )}
        <DepositLimits settings={settings.data} />
        <RealityCheckSetting settings={settings.data} />
        <TimeOutForm />
        <SelfExclusionForm />
      </>
    );
  }

  return (
    <section
      className="kl-screen kl-rg"
      data-page="member"
      data-testid="responsible-gaming"
      aria-label={t('route.memberResponsibleGaming')}
    >
      <p className="kl-rg-lead">{t('responsibleGaming.lead')}</p>
      {body}
    </section>
  );
}
