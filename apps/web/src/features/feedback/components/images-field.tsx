import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_IMAGE_ACCEPT,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  feedbackTextLength,
} from '@kl/contracts/feedback';
import { useId, type ChangeEvent } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-field.tsx';
import type { FeedbackFormValues } from '../lib/form-schema.ts';
import { formText } from '../lib/form-text.ts';

export interface ImageTile {
  /** Stable key of the tile (the field array's id). */
  key: string;
  file: File;
  previewUrl: string;
  comment: string;
}

const PREVIEW_SIZE = 72;
const MEGABYTE = 1024 * 1024;

/**
 * Up to three PNG/JPG pictures (product.md §5 uploads), each shown as a preview with a remove button and its
 * own comment of at most 140 characters. Files that cannot be sent are refused at once, and `notices`
 * say why (also the server's refusals of a picture).
 */
export function ImagesField({
  control,
  tiles,
  notices,
  onPick,
  onRemove,
}: {
  control: Control<FeedbackFormValues>;
  /** The picked images, in the order of the form's `images`. */
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
                <FormField
                  control={control}
                  name={`images.${index}.comment`}
                  label={t('feedback.comment', { position })}
                  messageText={formText}
                  className="kl-field kl-feedback-tile__comment"
                  counter={
                    <span
                      className={
                        length > FEEDBACK_COMMENT_MAX
                          ? 'kl-feedback-counter kl-feedback-counter--over'
                          : 'kl-feedback-counter'
                      }
                    >
                      {t('feedback.counter', { length, max: FEEDBACK_COMMENT_MAX })}
                    </span>
                  }
                >
                  {(field, described) => (
                    <input
                      {...field}
                      {...described}
                      className={
                        described['aria-invalid']
                          ? 'kl-feedback-input kl-feedback-input--invalid'
                          : 'kl-feedback-input'
                      }
                      type="text"
                      autoComplete="off"
                      placeholder={t('feedback.commentPlaceholder')}
                    />
                  )}
                </FormField>
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
