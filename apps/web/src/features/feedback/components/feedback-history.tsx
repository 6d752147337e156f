import type { FeedbackImage, FeedbackItem } from '@kl/contracts/feedback';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { useFeedbackPages } from '../api/get-feedback-list.ts';
import { thumbnailSize } from '../lib/thumbnail-size.ts';
import { feedbackTypeName } from '../lib/type-name.ts';

const THUMBNAIL_BOX = 96;

function Thumbnail({ image, position }: { image: FeedbackImage; position: number }) {
  const { t } = useTranslation();
  const size = thumbnailSize(image.width, image.height, THUMBNAIL_BOX);
  const alt = image.comment
    ? t('feedback.history.imageWithComment', { position, comment: image.comment })
    : t('feedback.history.image', { position });
  return (
    <li className="kl-feedback-item__image">
      <a href={image.url} target="_blank" rel="noopener noreferrer">
        <img
          src={image.url}
          alt={alt}
          width={size.width}
          height={size.height}
          loading="lazy"
          decoding="async"
        />
        <span className="kl-visually-hidden"> ({t('common.opensInNewTab')})</span>
      </a>
      {image.comment && <p className="kl-feedback-item__comment">{image.comment}</p>}
    </li>
  );
}

function FeedbackEntry({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  const date = formatSiteDateTime(item.createdAt);
  return (
    <li className="kl-feedback-item" data-testid="feedback-item">
      <p className="kl-feedback-item__head">
        <span className="kl-feedback-item__type">{t(`feedback.types.${feedbackTypeName(item.type)}`)}</span>
        {date && (
          <time className="kl-feedback-item__date" dateTime={item.createdAt}>
            {date}
          </time>
        )}
      </p>
      <p className="kl-feedback-item__content">{item.content}</p>
      <p className="kl-feedback-item__status">
        {t('feedback.history.statusLabel')}: {t(`feedback.history.status.${item.status}`)}
      </p>
      {item.images.length > 0 && (
        <ul className="kl-feedback-item__images" aria-label={t('feedback.history.images')}>
          {item.images.map((image, index) => (
            <Thumbnail key={image.id} image={image} position={index + 1} />
          ))}
        </ul>
      )}
      {item.reply !== null && <FeedbackReply reply={item.reply} repliedAt={item.repliedAt} />}
    </li>
  );
}

/** The operators' answer under a feedback (docs/back-office.md: written in the back office). */
function FeedbackReply({ reply, repliedAt }: { reply: string; repliedAt: string | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const date = repliedAt ? formatSiteDateTime(repliedAt) : '';
  return (
    <section className="kl-feedback-item__reply" aria-labelledby={titleId}>
      <p className="kl-feedback-item__head">
        <span id={titleId} className="kl-feedback-item__type">
          {t('feedback.history.reply')}
        </span>
        {repliedAt && date && (
          <time className="kl-feedback-item__date" dateTime={repliedAt}>
            {date}
          </time>
        )}
      </p>
      <p className="kl-feedback-item__content">{reply}</p>
    </section>
  );
}

/** The member's earlier feedback below the form (type, date, text, pictures), newest first. */
export function FeedbackHistory() {
  const { t } = useTranslation();
  const titleId = useId();
  const pages = useFeedbackPages();
  let body;
  if (pages.isPending) {
    body = (
      <p className="kl-feedback-history__status" role="status">
        {t('in_please_wait')}
      </p>
    );
  } else if (pages.isError && pages.items.length === 0) {
    body = (
      <div className="kl-feedback-history__status" role="alert">
        <p>{messageFor(pages.error)}</p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={() => void pages.refetch()}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (pages.items.length === 0) {
    body = <p className="kl-feedback-history__status">{t('feedback.history.empty')}</p>;
  } else {
    body = (
      <>
        <ul className="kl-feedback-history__list" aria-labelledby={titleId}>
          {pages.items.map((item) => (
            <FeedbackEntry key={item.id} item={item} />
          ))}
        </ul>
        {pages.hasNextPage && (
          <div className="kl-feedback-history__more">
            <button
              type="button"
              className="kl-button kl-button--outline kl-button--small"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {pages.isFetchingNextPage ? t('in_please_wait') : t('feedback.history.loadMore')}
            </button>
          </div>
        )}
      </>
    );
  }
  return (
    <section className="kl-feedback-history" aria-labelledby={titleId}>
      <h2 id={titleId} className="kl-feedback-section-title">
        {t('feedback.history.title')}
      </h2>
      {body}
    </section>
  );
}
