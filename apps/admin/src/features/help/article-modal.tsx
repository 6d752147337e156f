import { adminCalls } from '@kl/contracts/admin/calls';
import {
  type AdminHelpItem,
  type AdminHelpTopic,
  HELP_CONTENT_MAX,
  HELP_SORT_MAX,
  HELP_TITLE_MAX,
  type SaveHelpItemRequest,
} from '@kl/contracts/admin/help';
import { HELP_DEVICES } from '@kl/contracts/content';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { atLeastOne } from '../../shared/ui/checkbox-rules.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { HtmlPreview } from '../../shared/ui/html-preview.tsx';
import { LocalizedTextFields } from '../../shared/ui/localized-text-fields.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { articleRequestOf, articleValuesOf, type ArticleValues, newArticleValues } from './help-form.ts';

export type ArticleEditing = { mode: 'new' } | { mode: 'edit'; item: AdminHelpItem } | null;

/**
 * "New article" and edit: topic, titles, the HTML content of each language beside its preview (what
 * players will see once sanitised), devices, order, active.
 */
export function ArticleModal({
  editing,
  topics,
  onClose,
}: {
  editing: ArticleEditing;
  topics: readonly AdminHelpTopic[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useAdminMutation(
    ({ id, body }: { id?: number; body: SaveHelpItemRequest }) =>
      id === undefined
        ? adminCall(adminCalls.adminCreateHelpItem, { body })
        : adminCall(adminCalls.adminUpdateHelpItem, { params: { itemId: id }, body }),
    { invalidates: ['help'], errorMessage: false, successText: () => t('help.articleSaved') },
  );
  const close = () => {
    save.reset();
    onClose();
  };
  const existing = editing?.mode === 'edit' ? editing.item : undefined;
  const nameOf = (topic: AdminHelpTopic) =>
    i18n.language === 'en' && topic.name.en ? topic.name.en : topic.name.vi;

  return (
    <FormModal<ArticleValues>
      open={editing !== null}
      title={existing ? t('help.editArticle') : t('help.newArticle')}
      name="helpArticle"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      width={1000}
      initialValues={existing ? articleValuesOf(existing) : newArticleValues(topics[0]?.tag)}
      onCancel={close}
      onSubmit={(values) =>
        save.mutate({ id: existing?.id, body: articleRequestOf(values) }, { onSuccess: close })
      }
    >
      <Form.Item name="tag" label={t('help.topic')} rules={[{ required: true }]}>
        <Select
          aria-label={t('help.topic')}
          options={topics.map((topic) => ({ value: topic.tag, label: `${nameOf(topic)} (${topic.tag})` }))}
        />
      </Form.Item>
      <LocalizedTextFields
        name="title"
        viLabel={t('help.titleVi')}
        enLabel={t('help.titleEn')}
        requiredMessage={t('help.titleRequired')}
        maxLength={HELP_TITLE_MAX}
      />
      <ContentWithPreview lang="vi" />
      <ContentWithPreview lang="en" />
      <Form.Item name="devices" label={t('help.devices')} rules={[atLeastOne(t('help.devicesRequired'))]}>
        <Checkbox.Group
          role="group"
          aria-label={t('help.devices')}
          options={HELP_DEVICES.map((device) => ({ value: device, label: t(`help.deviceNames.${device}`) }))}
        />
      </Form.Item>
      <Form.Item name="sortOrder" label={t('help.order')} rules={[{ required: true }]}>
        <InputNumber min={0} max={HELP_SORT_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="active" label={t('help.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

/** The HTML of one language and, beside it, what players will see of it. */
function ContentWithPreview({ lang }: { lang: 'vi' | 'en' }) {
  const { t } = useTranslation();
  const html = Form.useWatch<string | undefined>(['content', lang]);
  const label = lang === 'vi' ? t('help.contentVi') : t('help.contentEn');
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name={['content', lang]}
          label={label}
          extra={t('help.contentHint', { max: HELP_CONTENT_MAX })}
          rules={
            lang === 'vi' ? [{ required: true, whitespace: true, message: t('help.contentRequired') }] : []
          }
        >
          <Input.TextArea rows={8} maxLength={HELP_CONTENT_MAX} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <HtmlPreview label={t('help.preview', { label })} html={html} />
      </Col>
    </Row>
  );
}
