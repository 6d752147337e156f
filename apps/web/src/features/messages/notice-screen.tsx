import type { Announcement } from '@kl/contracts/content';
import { fullPath } from '@kl/contracts/routes';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { messageFor } from '../../shared/lib/api-client.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useAnnouncements, useNoticePages } from './api/notice.ts';
import { useAnnouncementUnreadCount } from './api/unread-counts.ts';
import { HtmlContent } from './components/html-content.tsx';
import { ItemDate, LoadFailed, LoadMoreButton, Loading, UnreadSummary } from './components/list-parts.tsx';
import { useMarkAnnouncementRead } from './hooks/use-mark-announcement-read.ts';
import { OPENED_FROM_LIST, backToList } from './lib/back-to-list.ts';
import { itemIdOf } from './lib/item-id.ts';
import { useLocalReads } from './lib/local-reads.ts';
import './messages.css';

const NOTICE_PATH = fullPath('notice');

/** Whether the member has read an announcement: the server's flag or an opening during this visit. */
function useIsRead() {
  const { userName } = useSession();
  const localReads = useLocalReads();
  return (announcement: Announcement): boolean | undefined => {
    if (userName === null || announcement.read === undefined) return undefined;
    return announcement.read || localReads.has(userName, announcement.id);
  };
}

function NoticeList() {
  const { t } = useTranslation();
  const { userName } = useSession();
  const pages = useNoticePages();
  const { data: unreadCount } = useAnnouncementUnreadCount();
  const markRead = useMarkAnnouncementRead();
  const isRead = useIsRead();

  if (pages.isPending) return <Loading />;
  if (pages.isError && pages.announcements.length === 0) {
    return <LoadFailed message={messageFor(pages.error)} onRetry={() => void pages.refetch()} />;
  }
  if (pages.announcements.length === 0) return <EmptyState title={t('no_announcement')} />;
  return (
    <>
      {userName !== null && <UnreadSummary count={unreadCount} />}
      <ul className="kl-message-list" aria-label={t('route.notice')}>
        {pages.announcements.map((announcement) => {
          const read = isRead(announcement);
          return (
            <li key={announcement.id}>
              <Link
                className="kl-message-item"
                to={`${NOTICE_PATH}?id=${announcement.id}`}
                state={OPENED_FROM_LIST}
                data-read={read === undefined ? undefined : String(read)}
                onClick={() => markRead(announcement)}
              >
                <span className="kl-message-item__head">
                  {read === false && (
                    <span className="kl-message-item__dot" data-testid="unread-mark">
                      <span className="kl-visually-hidden">{t('messages.unread')}:</span>
                    </span>
                  )}{' '}
                  <span className="kl-message-item__title">{announcement.title}</span>
                </span>
                <ItemDate iso={announcement.date} />
                {announcement.summary && (
                  <span className="kl-message-item__summary">{announcement.summary}</span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
      {pages.hasNextPage && (
        <LoadMoreButton loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()} />
      )}
    </>
  );
}

function AnnouncementDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const pages = useNoticePages();
  const onPages = pages.announcements.find((item) => item.id === id);
  const all = useAnnouncements({ enabled: !onPages && !pages.isPending });
  const announcement = onPages ?? all.data?.find((item) => item.id === id);
  const markRead = useMarkAnnouncementRead();

  useEffect(() => {
    if (announcement) markRead(announcement);
  }, [announcement, markRead]);

  const back = (
    <button
      type="button"
      className="kl-button kl-button--outline kl-button--small"
      onClick={() => backToList(navigate, location, NOTICE_PATH)}
    >
      {t('messages.backToList')}
    </button>
  );

  if (!announcement) {
    if (pages.isPending || all.isPending) return <Loading />;
    if (all.isError) return <LoadFailed message={messageFor(all.error)} onRetry={() => void all.refetch()} />;
    return <EmptyState title={t('messages.notFound')}>{back}</EmptyState>;
  }
  return (
    <article className="kl-message-detail" aria-labelledby={titleId} data-testid="announcement-detail">
      <h2 id={titleId} className="kl-message-detail__title">
        {announcement.title}
      </h2>
      <ItemDate iso={announcement.date} />
      <HtmlContent html={announcement.content} className="kl-message-detail__content" />
      <div className="kl-message-detail__actions">{back}</div>
    </article>
  );
}

/**
 * /m/notice (product.md §2, §4 Announcement): the announcements, newest first, page by page; `?id=` opens
 * one (its HTML sanitised). A member's first opening marks it read at once, tells the server and
 * reloads the list and the unclaimed count.
 */
export default function NoticeScreen() {
  const [params] = useSearchParams();
  const id = itemIdOf(params.get('id'));
  return (
    <section className="kl-screen kl-messages-screen" data-page="notice">
      {id === null ? <NoticeList /> : <AnnouncementDetail key={id} id={id} />}
    </section>
  );
}
