import type { StatusInfo } from '@kl/contracts/status';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLinkUrl } from '../../../shared/lib/url.ts';

/** Customer-service contacts of the status info, each opening in a new tab. */
export function CustomerServiceLinks({ links }: { links: StatusInfo['customerService'] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const usable = links.flatMap((link) => {
    const href = safeLinkUrl(link.path);
    return href ? [{ csType: link.csType, href }] : [];
  });
  if (usable.length === 0) return null;
  return (
    <section className="kl-status-page__contacts" aria-labelledby={headingId}>
      <h2 id={headingId} className="kl-status-page__subtitle">
        {t('customerService.title')}
      </h2>
      <ul className="kl-status-page__links">
        {usable.map((link) => (
          <li key={`${link.csType}:${link.href}`}>
            <a
              className="kl-button kl-button--outline"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t(`customerService.${link.csType}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
