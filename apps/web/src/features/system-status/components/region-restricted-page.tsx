import type { SystemStatus } from '@kl/contracts/status';
import { useTranslation } from 'react-i18next';
import { CustomerServiceLinks } from './customer-service-links.tsx';
import { StatusPageLogo } from './status-page-logo.tsx';
import './status-page.css';

/** product.md §4 status 2: the caller's region (by IP) may not use the service. */
export default function RegionRestrictedPage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  return (
    <main className="kl-status-page" data-testid="region-restricted-page">
      <StatusPageLogo whitelabel={status.info.whitelabel} />
      <h1 className="kl-status-page__title">{t('region.title')}</h1>
      <p>{t('region.message')}</p>
      <p className="kl-status-page__emphasis">{t('region.yourIp', { ip: status.location.ip })}</p>
      <CustomerServiceLinks links={status.info.customerService} />
    </main>
  );
}
