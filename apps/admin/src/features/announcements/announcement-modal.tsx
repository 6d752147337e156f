import { adminCalls } from '@kl/contracts/admin/calls';
import {
  ADMIN_ANNOUNCEMENT_TYPES,
  type AdminAnnouncement,
  type SaveAnnouncementRequest,
} from '@kl/contracts/admin/content';
import { Form, Radio, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { LocalizedTextFields } from '../../shared/ui/localized-text-fields.tsx';
import { MomentPicker } from '../../shared/ui/moment-picker.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { NEW_ANNOUNCEMENT, requestOf, valuesOf, type AnnouncementValues } from './announcement-form.ts';

/** What the modal edits: a new announcement, an existing one, or nothing (closed). */
export type AnnouncementEditing = { mode: 'new' } | { mode: 'edit'; announcement: AdminAnnouncement } | null;

/** "New announcement" and edit: type, titles and contents in both languages, marquee, active, times. */
export function AnnouncementModal({
  editing,
  onClose,
}: {
  editing: AnnouncementEditing;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useAdminMutation(
    ({ id, body }: { id?: number; body: SaveAnnouncementRequest }) =>
      id === undefined
        ? adminCall(adminCalls.adminCreateAnnouncement, { body })
        : adminCall(adminCalls.adminUpdateAnnouncement, { params: { announcementId: id }, body }),
    { invalidates: ['announcements'], errorMessage: false, successText: () => t('announcements.saved') },
  );
  const close = () => {
    save.reset();
    onClose();
  };
  const existing = editing?.mode === 'edit' ? editing.announcement : undefined;

  return (
    <FormModal<AnnouncementValues>
      open={editing !== null}
      title={existing ? t('announcements.editTitle') : t('announcements.new')}
      name="announcement"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      initialValues={existing ? valuesOf(existing) : NEW_ANNOUNCEMENT}
      onCancel={close}
      onSubmit={(values) =>
        save.mutate(
          { id: existing?.id, body: requestOf(values, existing !== undefined) },
          { onSuccess: close },
        )
      }
    >
      <Form.Item name="type" label={t('announcements.type')} rules={[{ required: true }]}>
        <Radio.Group
          aria-label={t('announcements.type')}
          optionType="button"
          options={ADMIN_ANNOUNCEMENT_TYPES.map((type) => ({
            value: type,
            label: t(`announcements.types.${type}`),
          }))}
        />
      </Form.Item>
      <LocalizedTextFields
        name="title"
        viLabel={t('announcements.titleVi')}
        enLabel={t('announcements.titleEn')}
        requiredMessage={t('announcements.titleRequired')}
        maxLength={200}
      />
      <LocalizedTextFields
        name="content"
        viLabel={t('announcements.contentVi')}
        enLabel={t('announcements.contentEn')}
        requiredMessage={t('announcements.contentRequired')}
        maxLength={5000}
        rows={4}
      />
      <Form.Item name="popular" label={t('announcements.popular')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="active" label={t('announcements.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="publishedAt"
        label={t('announcements.publishedAt')}
        extra={t('announcements.publishedAtHint')}
      >
        <MomentPicker />
      </Form.Item>
      <Form.Item
        name="expiresAt"
        label={t('announcements.expiresAt')}
        dependencies={['publishedAt']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, value: Dayjs | null | undefined) => {
              const published = getFieldValue('publishedAt') as Dayjs | null | undefined;
              return !value || !published || value.isAfter(published)
                ? Promise.resolve()
                : Promise.reject(new Error(t('announcements.expiresAfterPublished')));
            },
          }),
        ]}
      >
        <MomentPicker />
      </Form.Item>
    </FormModal>
  );
}
