import { adminCalls } from '@kl/contracts/admin/calls';
import {
  INBOX_AUDIENCES,
  INBOX_CONTENT_MAX,
  INBOX_TITLE_MAX,
  type InboxAudience,
  type SendInboxRequest,
} from '@kl/contracts/admin/inbox';
import { Button, Card, Flex, Form, Input, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** The send form's values. */
export interface InboxValues {
  title: { vi: string; en?: string };
  content: { vi: string; en?: string };
  audience: InboxAudience;
  vipLevel?: number | null;
  username?: string;
}

const localized = (text: { vi: string; en?: string }) => {
  const en = text.en?.trim();
  return { vi: text.vi.trim(), ...(en ? { en } : {}) };
};

/** What is sent: English left empty falls back to Vietnamese; the audience with what it needs. */
export function requestOf(values: InboxValues): SendInboxRequest {
  const audience: SendInboxRequest['audience'] =
    values.audience === 'vip'
      ? { kind: 'vip', vipLevel: values.vipLevel ?? 0 }
      : values.audience === 'member'
        ? { kind: 'member', username: (values.username ?? '').trim() }
        : { kind: 'all' };
  return { title: localized(values.title), content: localized(values.content), audience };
}

/** "Send a message": title and content in both languages, and who receives it. */
export function SendInboxForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<InboxValues>();
  const audience = Form.useWatch('audience', form);
  const send = useAdminMutation((body: SendInboxRequest) => adminCall(adminCalls.adminSendInbox, { body }), {
    invalidates: ['inboxSends'],
    errorMessage: false,
    successText: (sent) => t('inbox.sent', { count: sent.recipients }),
  });
  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {t('inbox.sendTitle')}
        </Typography.Title>
      }
    >
      <Form<InboxValues>
        form={form}
        name="inboxSend"
        aria-label={t('inbox.form')}
        layout="vertical"
        initialValues={{ audience: 'all' }}
        disabled={send.isPending}
        onFinish={(values) => send.mutate(requestOf(values), { onSuccess: () => form.resetFields() })}
      >
        <Flex gap="middle" wrap>
          <Form.Item
            name={['title', 'vi']}
            label={t('inbox.titleVi')}
            rules={required(t('inbox.titleRequired'))}
            style={{ flex: '1 1 280px' }}
          >
            <Input maxLength={INBOX_TITLE_MAX} />
          </Form.Item>
          <Form.Item name={['title', 'en']} label={t('inbox.titleEn')} style={{ flex: '1 1 280px' }}>
            <Input maxLength={INBOX_TITLE_MAX} />
          </Form.Item>
        </Flex>
        <Flex gap="middle" wrap>
          <Form.Item
            name={['content', 'vi']}
            label={t('inbox.contentVi')}
            rules={required(t('inbox.contentRequired'))}
            style={{ flex: '1 1 280px' }}
          >
            <Input.TextArea rows={4} maxLength={INBOX_CONTENT_MAX} />
          </Form.Item>
          <Form.Item name={['content', 'en']} label={t('inbox.contentEn')} style={{ flex: '1 1 280px' }}>
            <Input.TextArea rows={4} maxLength={INBOX_CONTENT_MAX} />
          </Form.Item>
        </Flex>
        <Form.Item name="audience" label={t('inbox.audience')} extra={t('inbox.trialHint')}>
          <Radio.Group
            aria-label={t('inbox.audience')}
            options={INBOX_AUDIENCES.map((value) => ({ value, label: t(`inbox.audiences.${value}`) }))}
          />
        </Form.Item>
        {audience === 'vip' ? (
          <Form.Item
            name="vipLevel"
            label={t('inbox.vipLevel')}
            rules={[{ required: true, message: t('inbox.vipLevelRequired') }]}
          >
            <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} />
          </Form.Item>
        ) : null}
        {audience === 'member' ? (
          <Form.Item
            name="username"
            label={t('inbox.username')}
            rules={required(t('inbox.usernameRequired'))}
          >
            <Input maxLength={64} autoComplete="off" style={{ maxWidth: 320 }} />
          </Form.Item>
        ) : null}
        {send.error ? (
          <div style={{ marginBottom: 16 }}>
            <ErrorAlert error={send.error} />
          </div>
        ) : null}
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {t('inbox.send')}
        </Button>
      </Form>
    </Card>
  );
}
