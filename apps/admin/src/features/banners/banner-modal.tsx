import { adminCalls } from '@kl/contracts/admin/calls';
import {
  type AdminBanner,
  BANNER_IMAGE_PLACE,
  BANNER_SUBTITLE_MAX,
  BANNER_TITLE_MAX,
  isBannerLink,
  type SaveBannerRequest,
} from '@kl/contracts/admin/banners';
import { BANNER_GROUPS, BANNER_MOTIFS } from '@kl/contracts/content';
import { Form, Input, Radio, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ImageUpload } from '../../shared/ui/image-upload.tsx';
import { LocalizedTextFields } from '../../shared/ui/localized-text-fields.tsx';
import { MomentPicker } from '../../shared/ui/moment-picker.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { type BannerValues, newBannerValues, requestOf, valuesOf } from './banner-form.ts';

/** What the modal edits: a new banner of a group, an existing one, or nothing (closed). */
export type BannerEditing =
  { mode: 'new'; groupName: BannerValues['groupName'] } | { mode: 'edit'; banner: AdminBanner } | null;

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** "New banner" and edit: texts in both languages, the picture (drawn or uploaded), link, schedule. */
export function BannerModal({ editing, onClose }: { editing: BannerEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useAdminMutation(
    ({ id, body }: { id?: number; body: SaveBannerRequest }) =>
      id === undefined
        ? adminCall(adminCalls.adminCreateBanner, { body })
        : adminCall(adminCalls.adminUpdateBanner, { params: { bannerId: id }, body }),
    { invalidates: ['banners'], errorMessage: false, successText: () => t('banners.saved') },
  );
  const close = () => {
    save.reset();
    onClose();
  };
  const existing = editing?.mode === 'edit' ? editing.banner : undefined;

  return (
    <FormModal<BannerValues>
      open={editing !== null}
      title={existing ? t('banners.editTitle') : t('banners.new')}
      name="banner"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      width={720}
      initialValues={
        existing
          ? valuesOf(existing)
          : editing?.mode === 'new'
            ? newBannerValues(editing.groupName)
            : undefined
      }
      onCancel={close}
      onSubmit={(values) => save.mutate({ id: existing?.id, body: requestOf(values) }, { onSuccess: close })}
    >
      <BannerFields />
    </FormModal>
  );
}

/** The fields, inside the form: the upload shows when an uploaded picture is chosen, sized for the group. */
function BannerFields() {
  const { t } = useTranslation();
  const picture = Form.useWatch<BannerValues['picture'] | undefined>('picture');
  const groupName = Form.useWatch<BannerValues['groupName'] | undefined>('groupName');
  const colourRule = { pattern: COLOUR, message: t('banners.colourInvalid') };
  return (
    <>
      <Form.Item name="groupName" label={t('banners.group')} rules={[{ required: true }]}>
        <Select
          aria-label={t('banners.group')}
          options={BANNER_GROUPS.map((group) => ({ value: group, label: t(`banners.groups.${group}`) }))}
        />
      </Form.Item>
      <LocalizedTextFields
        name="title"
        viLabel={t('banners.titleVi')}
        enLabel={t('banners.titleEn')}
        requiredMessage={t('banners.titleRequired')}
        maxLength={BANNER_TITLE_MAX}
      />
      <Form.Item name={['subtitle', 'vi']} label={t('banners.subtitleVi')}>
        <Input maxLength={BANNER_SUBTITLE_MAX} />
      </Form.Item>
      <Form.Item name={['subtitle', 'en']} label={t('banners.subtitleEn')}>
        <Input maxLength={BANNER_SUBTITLE_MAX} />
      </Form.Item>
      <Form.Item name="picture" label={t('banners.picture')}>
        <Radio.Group
          aria-label={t('banners.picture')}
          optionType="button"
          options={[
            { value: 'drawn', label: t('banners.pictureDrawn') },
            { value: 'uploaded', label: t('banners.pictureUploaded') },
          ]}
        />
      </Form.Item>
      {picture === 'uploaded' ? (
        <Form.Item
          name="imageId"
          label={t('banners.uploaded')}
          rules={[{ required: true, message: t('banners.uploadRequired') }]}
        >
          <ImageUpload place={BANNER_IMAGE_PLACE[groupName ?? 'm_home']} label={t('banners.uploaded')} />
        </Form.Item>
      ) : null}
      <Form.Item name="motif" label={t('banners.motif')} extra={t('banners.drawingHint')}>
        <Select
          aria-label={t('banners.motif')}
          options={BANNER_MOTIFS.map((motif) => ({ value: motif, label: t(`banners.motifs.${motif}`) }))}
        />
      </Form.Item>
      <Form.Item name="colour" label={t('banners.colour')} rules={[{ required: true }, colourRule]}>
        <Input placeholder="#b71c1c" maxLength={7} />
      </Form.Item>
      <Form.Item name="accent" label={t('banners.accent')} rules={[{ required: true }, colourRule]}>
        <Input placeholder="#ffc107" maxLength={7} />
      </Form.Item>
      <Form.Item
        name="linkUrl"
        label={t('banners.link')}
        extra={t('banners.linkHint')}
        rules={[
          {
            validator: (_rule, value: string | undefined) =>
              !value?.trim() || isBannerLink(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('banners.linkInvalid'))),
          },
        ]}
      >
        <Input placeholder="/m/activity" />
      </Form.Item>
      <Form.Item name="active" label={t('banners.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="startsAt" label={t('banners.startsAt')} extra={t('banners.startsAtHint')}>
        <MomentPicker />
      </Form.Item>
      <Form.Item
        name="endsAt"
        label={t('banners.endsAt')}
        dependencies={['startsAt']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, value: Dayjs | null | undefined) => {
              const start = getFieldValue('startsAt') as Dayjs | null | undefined;
              return !value || !start || value.isAfter(start)
                ? Promise.resolve()
                : Promise.reject(new Error(t('banners.endsAfterStart')));
            },
          }),
        ]}
      >
        <MomentPicker />
      </Form.Item>
    </>
  );
}
