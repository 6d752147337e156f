import { fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { goBack } from '../../shared/lib/go-back.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { PageTitleBar } from '../../shared/ui/page-title-bar.tsx';
import { useServiceLinks } from './api/get-service-links.ts';
import { ServiceIcon } from './components/service-icons.tsx';
import { ServiceLinkList } from './components/service-link-list.tsx';
import { useLaunchLiveChat } from './hooks/use-launch-live-chat.ts';
import { linkTargetOf } from './lib/link-target.ts';
import './support.css';

const SERVICE_PATH = fullPath('service');

/**
 * /m/service (product.md §2, §4 Live chat): when the merchant offers live chat (CBS3), a button starts it
 * ('in_please_wait', then the chat page 500 ms after the server's answer; visitors log in first,
 * trial members get free_reject); below, the other customer-service links. Without CBS3 only the
 * links show. The page has no app header (product.md §2): it draws its own title bar.
 */
export default function ServiceScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useSession();
  const liveChat = useLaunchLiveChat();
  const { data, isError, isFetching, refetch } = useServiceLinks();
  // The live chat item is the button above; links back to this very page are left out.
  const others = (data?.customerService ?? []).filter((link) => {
    if (link.csType === 'LIVECHAT' && liveChat.available) return false;
    const target = linkTargetOf(link.path);
    return !(target?.kind === 'app' && target.path.split(/[?#]/)[0] === SERVICE_PATH);
  });

  return (
    <section className="kl-screen kl-service-screen" data-page="service">
      <PageTitleBar title={t('route.service')} onBack={() => goBack(navigate)} backTarget="history" />
      <p className="kl-service-screen__intro">{t('support.intro')}</p>
      {liveChat.available && (
        <section className="kl-service-card" aria-labelledby="kl-live-chat-heading">
          <ServiceIcon csType="LIVECHAT" />
          <div className="kl-service-card__text">
            <h2 id="kl-live-chat-heading" className="kl-service-card__title">
              {t('customerService.LIVECHAT')}
            </h2>
            <p className="kl-service-card__note">
              {role === 'visitor' ? t('support.liveChatLogin') : t('support.liveChatNote')}
            </p>
          </div>
          <button
            type="button"
            className="kl-button kl-button--primary"
            disabled={liveChat.pending}
            onClick={liveChat.launch}
          >
            {t('support.startLiveChat')}
          </button>
        </section>
      )}
      <section className="kl-service-screen__links" aria-labelledby="kl-service-links-heading">
        <h2 id="kl-service-links-heading" className="kl-service-screen__heading">
          {liveChat.available ? t('support.otherChannels') : t('customerService.title')}
        </h2>
        {data ? (
          <ServiceLinkList
            links={others}
            empty={<p className="kl-service-screen__status">{t('in_no_data')}</p>}
          />
        ) : isError ? (
          <button
            type="button"
            className="kl-button kl-button--outline kl-button--small"
            disabled={isFetching}
            onClick={() => void refetch()}
          >
            {t('common.retry')}
          </button>
        ) : (
          <p className="kl-service-screen__status" role="status">
            {t('in_please_wait')}
          </p>
        )}
      </section>
    </section>
  );
}
