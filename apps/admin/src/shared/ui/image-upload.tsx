import { adminCalls } from '@kl/contracts/admin/calls';
import {
  IMAGE_FORM_FIELD,
  IMAGE_MAX_BYTES,
  IMAGE_PLACES,
  type ImagePlace,
  imageUrlOf,
} from '@kl/contracts/images';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../api.ts';
import { ErrorAlert } from './error-alert.tsx';

/**
 * A picture field of a form (its value the id of an uploaded picture, or null): the picture shown, a
 * button choosing a file (PNG, JPEG or WebP), which is uploaded at once and made the size of `place` by
 * the server, and one taking the picture away. The server's refusal (type, size, not a picture) shows
 * under it.
 */
export function ImageUpload({
  place,
  label,
  value,
  onChange,
  disabled,
}: {
  place: ImagePlace;
  /** What the picture is, for its alternative text and the buttons' names. */
  label: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(IMAGE_FORM_FIELD, file);
      return adminCall(adminCalls.adminUploadImage, { query: { place }, form });
    },
    onSuccess: (image) => onChange?.(image.id),
  });
  const size = IMAGE_PLACES[place];

  return (
    <Flex vertical gap="small">
      {value ? (
        <img
          src={imageUrlOf(value)}
          alt={t('images.current', { label })}
          width={size.width}
          height={size.height}
          style={{ maxWidth: '100%', height: 'auto', borderRadius: 6 }}
        />
      ) : (
        <Typography.Text type="secondary">{t('images.none')}</Typography.Text>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-label={t('images.choose', { label })}
        aria-describedby={hintId}
        // Reached through the button below; kept in the page (not `hidden`) so a file can be set on it.
        tabIndex={-1}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      <Flex gap="small" wrap>
        <Button onClick={() => input.current?.click()} loading={upload.isPending} disabled={disabled}>
          {value ? t('images.replace') : t('images.upload')}
        </Button>
        {value ? (
          <Button onClick={() => onChange?.(null)} disabled={disabled || upload.isPending}>
            {t('images.remove')}
          </Button>
        ) : null}
      </Flex>
      <Typography.Text id={hintId} type="secondary" style={{ fontSize: 12 }}>
        {t('images.hint', {
          width: size.width,
          height: size.height,
          maxMb: IMAGE_MAX_BYTES / (1024 * 1024),
        })}
      </Typography.Text>
      {upload.error ? <ErrorAlert error={upload.error} /> : null}
    </Flex>
  );
}
