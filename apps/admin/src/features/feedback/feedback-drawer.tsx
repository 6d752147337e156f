import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminFeedbackDetail } from '@kl/contracts/admin/feedback';
import { FEEDBACK_REPLY_MAX, FEEDBACK_STATUSES, type FeedbackStatus } from '@kl/contracts/feedback';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, Form, Image, Input, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { FeedbackStatusTag } from './feedback-status-tag.tsx';

/** The answer part of the drawer: the status and a reply (operators who may write feedback). */
function FeedbackAnswer({ feedback }: { feedback: AdminFeedbackDetail }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FeedbackStatus>(feedback.status);
  const [form] = Form.useForm<{ reply: string }>();
  const params = { feedbackId: feedback.id };
  const saveStatus = useAdminMutation(
    (next: FeedbackStatus) =>
      adminCall(adminCalls.adminSetFeedbackStatus, { params, body: { status: next } }),
    { invalidates: ['feedback'], successText: () => t('feedback.statusSaved') },
  );
  const reply = useAdminMutation(
    (text: string) => adminCall(adminCalls.adminReplyFeedback, { params, body: { reply: text } }),
    { invalidates: ['feedback'], errorMessage: false, successText: () => t('feedback.replied') },
  );
  const busy = saveStatus.isPending || reply.isPending;

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" align="center" wrap>
        <label htmlFor="feedback-status">{t('feedback.status')}</label>
        <Select<FeedbackStatus>
          id="feedback-status"
          style={{ width: 180 }}
          value={status}
          onChange={setStatus}
          disabled={busy}
          options={FEEDBACK_STATUSES.map((value) => ({ value, label: t(`feedback.statuses.${value}`) }))}
        />
        <Button
          onClick={() => saveStatus.mutate(status)}
          disabled={busy || status === feedback.status}
          loading={saveStatus.isPending}
        >
          {t('feedback.saveStatus')}
        </Button>
      </Flex>
      <Form<{ reply: string }>
        form={form}
        name="feedbackReply"
        layout="vertical"
        disabled={busy}
        onFinish={(values) =>
          reply.mutate(values.reply.trim(), {
            onSuccess: (answered) => {
              form.resetFields();
              setStatus(answered.status);
            },
          })
        }
      >
        <Form.Item
          name="reply"
          label={t('feedback.reply')}
          extra={t('feedback.replyHint')}
          rules={[{ required: true, whitespace: true, message: t('feedback.replyRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={FEEDBACK_REPLY_MAX} showCount />
        </Form.Item>
        {reply.error ? (
          <div style={{ marginBottom: 16 }}>
            <ErrorAlert error={reply.error} />
          </div>
        ) : null}
        <Button type="primary" htmlType="submit" loading={reply.isPending}>
          {t('feedback.sendReply')}
        </Button>
      </Form>
    </Flex>
  );
}

/** One feedback: what the member wrote, their pictures, the reply they see, and the answer form. */
function FeedbackDetail({ feedback }: { feedback: AdminFeedbackDetail }) {
  const { t } = useTranslation();
  const canWrite = useCanWrite('feedback');
  return (
    <Flex vertical gap="large">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'member', label: t('feedback.member'), children: feedback.memberUsername },
          { key: 'createdAt', label: t('feedback.createdAt'), children: formatDateTime(feedback.createdAt) },
          { key: 'type', label: t('feedback.type'), children: t(`feedback.types.${feedback.type}`) },
          {
            key: 'status',
            label: t('feedback.status'),
            children: <FeedbackStatusTag status={feedback.status} />,
          },
          {
            key: 'content',
            label: t('feedback.content'),
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{feedback.content}</span>,
          },
        ]}
      />
      <section aria-label={t('feedback.images')}>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('feedback.images')}
        </Typography.Title>
        {feedback.images.length === 0 ? (
          <Typography.Text type="secondary">{t('feedback.noImages')}</Typography.Text>
        ) : (
          <Flex gap="middle" wrap>
            {feedback.images.map((image, index) => (
              <figure key={image.id} style={{ margin: 0, maxWidth: 160 }}>
                <Image
                  src={image.url}
                  width={160}
                  alt={
                    image.comment
                      ? t('feedback.imageWithComment', { position: index + 1, comment: image.comment })
                      : t('feedback.image', { position: index + 1 })
                  }
                />
                {image.comment ? <figcaption>{image.comment}</figcaption> : null}
              </figure>
            ))}
          </Flex>
        )}
      </section>
      <section aria-label={t('feedback.currentReply')}>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('feedback.currentReply')}
        </Typography.Title>
        {feedback.reply === null ? (
          <Typography.Text type="secondary">{t('feedback.noReply')}</Typography.Text>
        ) : (
          <>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{feedback.reply}</Typography.Paragraph>
            <Typography.Text type="secondary">{formatDateTime(feedback.repliedAt)}</Typography.Text>
          </>
        )}
      </section>
      {canWrite ? <FeedbackAnswer key={`${feedback.id}:${feedback.status}`} feedback={feedback} /> : null}
    </Flex>
  );
}

/** The drawer of one feedback, named after its sender; loads it when opened. */
export function FeedbackDrawer({ feedbackId, onClose }: { feedbackId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...listKey('feedback'), 'detail', feedbackId],
    queryFn: ({ signal }) =>
      adminCall(adminCalls.adminFeedback, { params: { feedbackId: feedbackId ?? '' }, signal }),
    enabled: feedbackId !== null,
  });
  const feedback = detail.data;
  return (
    <Drawer
      open={feedbackId !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
      title={feedback ? t('feedback.drawerTitle', { username: feedback.memberUsername }) : t('feedback.menu')}
    >
      {detail.error ? <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} /> : null}
      {feedback ? <FeedbackDetail feedback={feedback} /> : detail.isPending ? <Spin /> : null}
    </Drawer>
  );
}
