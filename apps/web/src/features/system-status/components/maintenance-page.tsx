import type { SystemStatus } from '@kl/contracts/status';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { CustomerServiceLinks } from './customer-service-links.tsx';
import { StatusPageLogo } from './status-page-logo.tsx';
import './status-page.css';

/** product.md §4 status 1: the service is unavailable (also when the region is restricted too). */
export default function MaintenancePage({
  status,
  onRetry,
  retrying,
}: {
  status: SystemStatus;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const resumeAt = status.info.maintenanceUntil ? formatSiteDateTime(status.info.maintenanceUntil) : null;
  return (
    <main className="kl-status-page" data-testid="maintenance-page">
      <StatusPageLogo whitelabel={status.info.whitelabel} />
      <h1 className="kl-status-page__title">{t('maintenance.title')}</h1>
      <p>{t('maintenance.message')}</p>
      {resumeAt && (
        <p className="kl-status-page__emphasis">{t('maintenance.resumeAt', { time: resumeAt })}</p>
      )}
      <button
        type="button"
        className="kl-button kl-button--primary kl-status-page__retry"
        onClick={onRetry}
        disabled={retrying}
        aria-busy={retrying}
      >
        {t('maintenance.retry')}
      </button>
      <CustomerServiceLinks links={status.info.customerService} />
    </main>
  );
}
