import { LIVE_HOST_TOGGLE } from '@kl/contracts/status';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../system-status/index.ts';
import { liveHostsQueryOptions } from '../api/get-live-hosts.ts';

/**
 * The live category's hosts (product.md §2): with the merchant's live-host feature on, the hosts on duty,
 * those streaming now first with a "live" mark. Nothing while the feature is off or nobody is on duty.
 */
export function LiveHosts() {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: status } = useSystemStatus();
  const on = status?.info.toggles[LIVE_HOST_TOGGLE] === true;
  const { data: hosts } = useQuery({ ...liveHostsQueryOptions(), enabled: on });
  if (!on || !hosts || hosts.length === 0) return null;
  return (
    <section className="kl-live-hosts" aria-labelledby={headingId} data-testid="live-hosts">
      <h3 id={headingId} className="kl-live-hosts__heading">
        {t('games.liveHosts.title')}
      </h3>
      <ul className="kl-live-hosts__list">
        {hosts.map((host) => (
          <li key={host.id} className="kl-live-hosts__host" data-streaming={host.streaming}>
            <img src={host.avatar} alt="" width={56} height={56} loading="lazy" decoding="async" />
            <span className="kl-live-hosts__name">{host.name}</span>
            <span
              className={
                host.streaming ? 'kl-live-hosts__state kl-live-hosts__state--live' : 'kl-live-hosts__state'
              }
            >
              {t(host.streaming ? 'games.liveHosts.streaming' : 'games.liveHosts.onDuty')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
