import type { AgentAnnouncement } from '@kl/contracts/agents';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../../shared/lib/date-format.ts';
import { sanitizeHtml } from '../../../../shared/lib/sanitize-html.ts';
import { useAgentAnnouncements } from '../../hooks/use-centre.ts';
import { PagedList } from './parts.tsx';

/** One announcement; its HTML, written by the merchant, made safe first (shared/lib/sanitize-html.ts). */
function AnnouncementItem({ item }: { item: AgentAnnouncement }) {
  const html = useMemo(() => sanitizeHtml(item.content), [item.content]);
  return (
    <li className="kl-centre__row" data-testid="agent-announcement">
      <article aria-labelledby={`kl-agent-announcement-${item.id}`}>
        <h3 id={`kl-agent-announcement-${item.id}`} className="kl-centre__subheading">
          {item.title}
        </h3>
        <p className="kl-centre__note">
          <time dateTime={item.date}>{formatSiteDateTime(item.date)}</time>
        </p>
        <div className="kl-centre__html" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </li>
  );
}

/** The agent announcements (content code A, AGEANNOUNCE3), newest first, page after page. */
export function AnnouncementsTab() {
  const { t } = useTranslation();
  const pages = useAgentAnnouncements();
  return (
    <section className="kl-centre__card" aria-labelledby="kl-agent-announcements-heading">
      <h2 id="kl-agent-announcements-heading" className="kl-centre__heading">
        {t('agentCentre.announcements.title')}
      </h2>
      <PagedList pages={pages} label={t('agentCentre.announcements.title')} empty={t('no_announcement')}>
        {(item) => <AnnouncementItem key={item.id} item={item} />}
      </PagedList>
    </section>
  );
}
