import type { InboxMessage } from '@kl/contracts/content';
import { fullPath } from '@kl/contracts/routes';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, messageFor } from '../../shared/lib/api-client.ts';
import { clearDialogs, confirmDialog } from '../../shared/ui/dialog.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useInboxPages } from './api/inbox.ts';
import { useInboxUnreadCount } from './api/unread-counts.ts';
import { HtmlContent } from './components/html-content.tsx';
import { DeleteIcon } from './components/icons.tsx';
import { ItemDate, LoadFailed, LoadMoreButton, Loading, UnreadSummary } from './components/list-parts.tsx';
import { useDeleteInboxMessage, useInboxMessage } from './hooks/use-inbox-actions.ts';
import { OPENED_FROM_LIST, backToList } from './lib/back-to-list.ts';
import { itemIdOf } from './lib/item-id.ts';
import './messages.css';

const INBOX_PATH = fullPath('webEmail');

/** Asks for confirmation (shared dialog), then deletes; answers whether the message was deleted. */
function useConfirmedDelete() {
  const { t } = useTranslation();
  const remove = useDeleteInboxMessage();
  useEffect(() => () => clearDialogs(), []);
  const confirmAndDelete = async (message: Pick<InboxMessage, 'id' | 'title'>): Promise<boolean> => {
    const confirmed = await confirmDialog({
      title: message.title,
      content: t('messages.deleteConfirm'),
      confirmText: t('messages.delete'),
      cancelText: t('messages.cancel'),
    });
    if (!confirmed) return false;
    try {
      await remove.mutateAsync(message.id);
    } catch {
      // The failure's message is shown by the query client.
      return false;
    }
    void toast.success(t('messages.deleted'));
    return true;
  };
  return { confirmAndDelete, deleting: remove.isPending };
}

function InboxList() {
  const { t } = useTranslation();
  const pages = useInboxPages();
  const { data: unread } = useInboxUnreadCount();
  const { confirmAndDelete, deleting } = useConfirmedDelete();

  if (pages.isPending) return <Loading />;
  if (pages.isError && pages.messages.length === 0) {
    return <LoadFailed message={messageFor(pages.error)} onRetry={() => void pages.refetch()} />;
  }
  if (pages.messages.length === 0) return <EmptyState title={t('messages.emptyInbox')} />;
  const unreadCount = unread?.unreadCount ?? pages.data?.pages.at(-1)?.unreadCount;
  return (
    <>
      <UnreadSummary count={unreadCount} />
      <ul className="kl-message-list" aria-label={t('route.webEmail')}>
        {pages.messages.map((message) => (
          <li key={message.id} className="kl-message-list__row">
            <Link
              className="kl-message-item"
              to={`${INBOX_PATH}?id=${message.id}`}
              state={OPENED_FROM_LIST}
              data-read={String(message.read)}
            >
              <span className="kl-message-item__head">
                {!message.read && (
                  <span className="kl-message-item__dot" data-testid="unread-mark">
                    <span className="kl-visually-hidden">{t('messages.unread')}:</span>
                  </span>
                )}{' '}
                <span className="kl-message-item__title">{message.title}</span>
              </span>
              <ItemDate iso={message.date} />
              {message.summary && <span className="kl-message-item__summary">{message.summary}</span>}
            </Link>
            <button
              type="button"
              className="kl-icon-button kl-message-list__delete"
              aria-label={t('messages.deleteItem', { title: message.title })}
              disabled={deleting}
              onClick={() => void confirmAndDelete(message)}
            >
              <DeleteIcon />
            </button>
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <LoadMoreButton loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()} />
      )}
    </>
  );
}

function InboxMessageDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const { data: message, isPending, isError, error, refetch } = useInboxMessage(id);
  const { confirmAndDelete, deleting } = useConfirmedDelete();
  const back = () => backToList(navigate, location, INBOX_PATH);

  if (isPending) return <Loading />;
  if (isError) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') {
      return (
        <EmptyState title={t('messages.notFound')}>
          <button type="button" className="kl-button kl-button--outline kl-button--small" onClick={back}>
            {t('messages.backToList')}
          </button>
        </EmptyState>
      );
    }
    return <LoadFailed message={messageFor(error)} onRetry={() => void refetch()} />;
  }
  return (
    <article className="kl-message-detail" aria-labelledby={titleId} data-testid="inbox-message">
      <h2 id={titleId} className="kl-message-detail__title">
        {message.title}
      </h2>
      <ItemDate iso={message.date} />
      <HtmlContent html={message.content} className="kl-message-detail__content" />
      <div className="kl-message-detail__actions">
        <button type="button" className="kl-button kl-button--outline kl-button--small" onClick={back}>
          {t('messages.backToList')}
        </button>
        <button
          type="button"
          className="kl-button kl-button--primary kl-button--small"
          disabled={deleting}
          onClick={() =>
            void confirmAndDelete(message).then((deleted) => {
              if (deleted) back();
            })
          }
        >
          {t('messages.delete')}
        </button>
      </div>
    </article>
  );
}

/**
 * /m/webEmail (product.md §2; members only, trial members are refused with free_reject by the route): the
 * inbox, newest first, page by page, unread messages marked; `?id=` opens one (the server marks it
 * read, its mark and one unread clear at once). A message is deleted after a confirmation.
 */
export default function InboxScreen() {
  const [params] = useSearchParams();
  const id = itemIdOf(params.get('id'));
  return (
    <section className="kl-screen kl-messages-screen" data-page="webEmail">
      {id === null ? <InboxList /> : <InboxMessageDetail key={id} id={id} />}
    </section>
  );
}
