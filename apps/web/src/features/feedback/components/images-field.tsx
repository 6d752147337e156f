import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_IMAGE_ACCEPT,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  feedbackTextLength,
} from '@kl/contracts/feedback';
import { useId, type ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formText } from '../lib/form-text.ts';

export interface ImageTile {
  /** Stable key of the tile (the field array's id). */
  key: string;
  file: File;
  previewUrl: string;
  comment: string;
  commentRegistration: UseFormRegisterReturn;
  commentError?: string;
}

const PREVIEW_SIZE = 72;
const MEGABYTE = 1024 * 1024;

/**
 * Up to three PNG/JPG pictures (product.md §5 uploads), each shown as a preview with a remove button and its
 * own comment of at most 140 characters. Files that cannot be sent are refused at once, and `notices`
 * say why (also the server's refusals of a picture).
 */
export function ImagesField({
  tiles,
  notices,
  onPick,
  onRemove,
}: {
  tiles: readonly ImageTile[];
  notices: readonly string[];
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be picked again after a removal.
    event.target.value = '';
    if (files.length > 0) onPick(files);
  };
  return (
    <fieldset className="kl-feedback-images" aria-describedby={`${id}-hint`}>
      <legend className="kl-feedback-label">
        {t('feedback.images')}{' '}
        <span className="kl-feedback-images__count">
          {t('feedback.imageCount', { added: tiles.length, max: FEEDBACK_MAX_IMAGES })}
        </span>
      </legend>
      <p id={`${id}-hint`} className="kl-feedback-hint">
        {t('feedback.imagesHint', { max: FEEDBACK_MAX_IMAGES, size: FEEDBACK_IMAGE_MAX_BYTES / MEGABYTE })}
      </p>
      {tiles.length > 0 && (
        <ul className="kl-feedback-images__list">
          {tiles.map((tile, index) => {
            const position = index + 1;
            const commentId = `${id}-comment-${tile.key}`;
            const message = formText(tile.commentError);
            const length = feedbackTextLength(tile.comment);
            return (
              <li key={tile.key} className="kl-feedback-tile" data-testid="image-tile">
                <div className="kl-feedback-tile__picture">
                  <img
                    className="kl-feedback-tile__image"
                    src={tile.previewUrl}
                    alt={t('feedback.imageAlt', { position, name: tile.file.name })}
                    width={PREVIEW_SIZE}
                    height={PREVIEW_SIZE}
                  />
                  <button
                    type="button"
                    className="kl-feedback-tile__remove"
                    aria-label={t('feedback.removeImage', { position })}
                    onClick={() => onRemove(index)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
                <div className="kl-feedback-tile__comment">
                  <label className="kl-feedback-label kl-feedback-label--small" htmlFor={commentId}>
                    {t('feedback.comment', { position })}
                  </label>
                  <input
                    id={commentId}
                    className={message ? 'kl-feedback-input kl-feedback-input--invalid' : 'kl-feedback-input'}
                    type="text"
                    autoComplete="off"
                    placeholder={t('feedback.commentPlaceholder')}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={[`${commentId}-counter`, message ? `${commentId}-error` : null]
                      .filter(Boolean)
                      .join(' ')}
                    {...tile.commentRegistration}
                  />
                  <p className="kl-feedback-field__below">
                    {message ? (
                      <span id={`${commentId}-error`} className="kl-feedback-error" role="alert">
                        {message}
                      </span>
                    ) : (
                      <span />
                    )}
                    <span
                      id={`${commentId}-counter`}
                      className={
                        length > FEEDBACK_COMMENT_MAX
                          ? 'kl-feedback-counter kl-feedback-counter--over'
                          : 'kl-feedback-counter'
                      }
                    >
                      {t('feedback.counter', { length, max: FEEDBACK_COMMENT_MAX })}
                    </span>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <input
        id={`${id}-file`}
        className="kl-visually-hidden kl-feedback-images__input"
        type="file"
        accept={FEEDBACK_IMAGE_ACCEPT}
        multiple
        onChange={pick}
      />
      <label
        htmlFor={`${id}-file`}
        className="kl-button kl-button--outline kl-button--small kl-feedback-images__add"
      >
        {t('feedback.addImages')}
      </label>
      <div role="alert" className="kl-feedback-images__notices" data-testid="image-notices">
        {notices.map((notice, index) => (
          <p key={`${index}-${notice}`} className="kl-feedback-error">
            {notice}
          </p>
        ))}
      </div>
    </fieldset>
  );
}
