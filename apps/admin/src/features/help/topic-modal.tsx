import { adminCalls } from '@kl/contracts/admin/calls';
import {
  type AdminHelpTopic,
  type CreateHelpTopicRequest,
  HELP_SORT_MAX,
  HELP_TOPIC_NAME_MAX,
} from '@kl/contracts/admin/help';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { LocalizedTextFields } from '../../shared/ui/localized-text-fields.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { topicRequestOf, topicValuesOf, type TopicValues } from './help-form.ts';

export type TopicEditing = { mode: 'new' } | { mode: 'edit'; topic: AdminHelpTopic } | null;

const TAG = /^[a-z0-9_-]{1,32}$/;

/** "New topic" and edit: the tag (once), the name in both languages, the order. */
export function TopicModal({ editing, onClose }: { editing: TopicEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useAdminMutation(
    ({ tag, body, isNew }: { tag: string; body: CreateHelpTopicRequest; isNew: boolean }) =>
      isNew
        ? adminCall(adminCalls.adminCreateHelpTopic, { body })
        : adminCall(adminCalls.adminUpdateHelpTopic, {
            params: { tag },
            body: { name: body.name, sortOrder: body.sortOrder },
          }),
    { invalidates: ['help'], errorMessage: false, successText: () => t('help.topicSaved') },
  );
  const close = () => {
    save.reset();
    onClose();
  };
  const existing = editing?.mode === 'edit' ? editing.topic : undefined;

  return (
    <FormModal<TopicValues>
      open={editing !== null}
      title={existing ? t('help.editTopic') : t('help.newTopic')}
      name="helpTopic"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      initialValues={existing ? topicValuesOf(existing) : { sortOrder: 10 }}
      onCancel={close}
      onSubmit={(values) =>
        save.mutate(
          {
            tag: existing?.tag ?? values.tag,
            body: topicRequestOf({ ...values, tag: existing?.tag ?? values.tag }),
            isNew: !existing,
          },
          { onSuccess: close },
        )
      }
    >
      <Form.Item
        name="tag"
        label={t('help.tag')}
        extra={t('help.tagHint')}
        rules={[{ required: true, pattern: TAG, message: t('help.tagInvalid') }]}
      >
        <Input disabled={existing !== undefined} maxLength={32} />
      </Form.Item>
      <LocalizedTextFields
        name="name"
        viLabel={t('help.nameVi')}
        enLabel={t('help.nameEn')}
        requiredMessage={t('help.nameRequired')}
        maxLength={HELP_TOPIC_NAME_MAX}
      />
      <Form.Item name="sortOrder" label={t('help.order')} rules={[{ required: true }]}>
        <InputNumber min={0} max={HELP_SORT_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
