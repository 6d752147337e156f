import { CloseOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import {
  MEMBER_RESTRICTION_KINDS,
  type MemberRestrictionKind,
  type MemberRisk,
  NOTE_MAX,
  TAG_NAME_MAX,
} from '@kl/contracts/admin/risk';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Card, Descriptions, Flex, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ReasonField } from '../../shared/ui/reason-field.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { useMemberTags } from './use-member-tags.ts';

/**
 * A member's notes (newest first; never changed, a correction is a new note), tags and restrictions
 * (docs/back-office.md, "Risk queue, notes, tags and restrictions"). Risk and owners write them.
 */
export const MemberRiskCard = memo(function MemberRiskCard({
  memberId,
  username,
}: {
  memberId: string;
  username: string;
}) {
  const { t } = useTranslation();
  const risk = useQuery({
    queryKey: listKey('memberRisk', { memberId }),
    queryFn: ({ signal }) => adminCall(adminCalls.adminMemberRisk, { params: { memberId }, signal }),
  });
  return (
    <Card title={t('risk.card.title')}>
      {risk.error ? <ErrorAlert error={risk.error} onRetry={() => void risk.refetch()} /> : null}
      {risk.data ? (
        <MemberRiskView memberId={memberId} username={username} risk={risk.data} />
      ) : risk.error ? null : (
        <Skeleton active title={false} />
      )}
    </Card>
  );
});

function MemberRiskView({
  memberId,
  username,
  risk,
}: {
  memberId: string;
  username: string;
  risk: MemberRisk;
}) {
  const { t } = useTranslation();
  const canWrite = useCanWrite('members');
  const [restricting, setRestricting] = useState<{ kind: MemberRestrictionKind; restrict: boolean } | null>(
    null,
  );
  const invalidates = ['memberRisk', 'memberTags', 'riskSignals'] as const;
  const removeTag = useAdminMutation(
    (tagId: number) => adminCall(adminCalls.adminRemoveMemberTag, { params: { memberId, tagId } }),
    { invalidates },
  );
  const restrictionOf = (kind: MemberRestrictionKind) => risk.restrictions.find((row) => row.kind === kind);

  return (
    <Flex vertical gap="large">
      <section aria-label={t('risk.card.tags')}>
        <Typography.Title level={2} style={{ fontSize: 14 }}>
          {t('risk.card.tags')}
        </Typography.Title>
        <Flex wrap gap="small" style={{ marginBottom: 8 }}>
          {risk.tags.length === 0 ? (
            <Typography.Text type="secondary">{t('risk.card.noTags')}</Typography.Text>
          ) : null}
          {risk.tags.map((tag) => (
            <Tag key={tag.id} style={{ marginInlineEnd: 0 }}>
              {tag.name}
              {canWrite ? (
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined aria-hidden="true" />}
                  aria-label={t('risk.card.removeTag', { tag: tag.name })}
                  loading={removeTag.isPending && removeTag.variables === tag.id}
                  onClick={() => removeTag.mutate(tag.id)}
                />
              ) : null}
            </Tag>
          ))}
        </Flex>
        {canWrite ? <AddTagForm memberId={memberId} /> : null}
      </section>

      <section aria-label={t('risk.card.restrictions')}>
        <Typography.Title level={2} style={{ fontSize: 14 }}>
          {t('risk.card.restrictions')}
        </Typography.Title>
        <Descriptions
          column={1}
          size="small"
          items={MEMBER_RESTRICTION_KINDS.map((kind) => {
            const row = restrictionOf(kind);
            return {
              key: kind,
              label: t(`risk.restriction.${kind}`),
              children: (
                <Flex wrap gap="small" align="center">
                  {row ? (
                    <Typography.Text>
                      {t('risk.card.restrictedBy', {
                        operator: row.operator,
                        time: formatDateTime(row.restrictedAt),
                        reason: row.reason,
                      })}
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">{t('risk.card.notRestricted')}</Typography.Text>
                  )}
                  {canWrite ? (
                    <Button
                      size="small"
                      danger={!row}
                      onClick={() => setRestricting({ kind, restrict: !row })}
                    >
                      {t(row ? `risk.lift.${kind}` : `risk.restrict.${kind}`)}
                    </Button>
                  ) : null}
                </Flex>
              ),
            };
          })}
        />
      </section>

      <section aria-label={t('risk.card.notes')}>
        <Typography.Title level={2} style={{ fontSize: 14 }}>
          {t('risk.card.notes')}
        </Typography.Title>
        {canWrite ? <AddNoteForm memberId={memberId} /> : null}
        {risk.notes.length === 0 ? (
          <Typography.Text type="secondary">{t('risk.card.noNotes')}</Typography.Text>
        ) : (
          <ol style={{ listStyle: 'none', padding: 0, margin: '16px 0 0' }}>
            {risk.notes.map((note) => (
              <li key={note.id} style={{ marginBottom: 12 }}>
                <Typography.Text type="secondary">
                  {t('risk.card.noteBy', { operator: note.operator, time: formatDateTime(note.createdAt) })}
                </Typography.Text>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {note.text}
                </Typography.Paragraph>
              </li>
            ))}
          </ol>
        )}
      </section>

      {canWrite ? (
        <RestrictionModal
          memberId={memberId}
          username={username}
          change={restricting}
          onClose={() => setRestricting(null)}
        />
      ) : null}
    </Flex>
  );
}

function AddNoteForm({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text: string }>();
  const add = useAdminMutation(
    (text: string) => adminCall(adminCalls.adminAddMemberNote, { params: { memberId }, body: { text } }),
    { invalidates: ['memberRisk'], successText: () => t('risk.card.noteAdded') },
  );
  return (
    <Form<{ text: string }>
      form={form}
      name="memberNote"
      layout="vertical"
      disabled={add.isPending}
      onFinish={({ text }) => add.mutate(text.trim(), { onSuccess: () => form.resetFields() })}
    >
      <Form.Item
        name="text"
        label={t('risk.card.note')}
        rules={[
          { required: true, whitespace: true, message: t('risk.card.noteRequired') },
          { max: NOTE_MAX, message: t('common.reasonTooLong', { max: NOTE_MAX }) },
        ]}
      >
        <Input.TextArea rows={2} maxLength={NOTE_MAX} />
      </Form.Item>
      <Button htmlType="submit" loading={add.isPending}>
        {t('risk.card.addNote')}
      </Button>
    </Form>
  );
}

function AddTagForm({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const vocabulary = useMemberTags();
  const add = useAdminMutation(
    (name: string) => adminCall(adminCalls.adminAddMemberTag, { params: { memberId }, body: { name } }),
    { invalidates: ['memberRisk', 'memberTags'] },
  );
  return (
    <Form<{ name: string }>
      form={form}
      name="memberTag"
      layout="inline"
      disabled={add.isPending}
      onFinish={({ name }) => add.mutate(name.trim(), { onSuccess: () => form.resetFields() })}
    >
      <Form.Item
        name="name"
        label={t('risk.card.tag')}
        htmlFor="memberTag_name"
        rules={[
          { required: true, whitespace: true, message: t('risk.card.tagRequired') },
          { max: TAG_NAME_MAX, message: t('common.reasonTooLong', { max: TAG_NAME_MAX }) },
        ]}
      >
        <AutoComplete
          id="memberTag_name"
          style={{ width: 220 }}
          placeholder={t('risk.card.tagHint')}
          options={(vocabulary.data?.list ?? []).map((tag) => ({ value: tag.name }))}
          filterOption={(input, option) =>
            String(option?.value ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
        />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit" loading={add.isPending}>
          {t('risk.card.addTag')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function RestrictionModal({
  memberId,
  username,
  change,
  onClose,
}: {
  memberId: string;
  username: string;
  change: { kind: MemberRestrictionKind; restrict: boolean } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const set = useAdminMutation(
    ({ kind, restricted, reason }: { kind: MemberRestrictionKind; restricted: boolean; reason: string }) =>
      adminCall(adminCalls.adminSetMemberRestriction, {
        params: { memberId, kind },
        body: { restricted, reason },
      }),
    {
      invalidates: ['memberRisk'],
      errorMessage: false,
      successText: (_, variables) =>
        t(variables.restricted ? 'risk.card.restrictedDone' : 'risk.card.liftedDone', { username }),
    },
  );
  const close = () => {
    set.reset();
    onClose();
  };
  const kind = change?.kind ?? 'bonus';
  const restrict = change?.restrict ?? true;
  return (
    <FormModal<{ reason: string }>
      open={change !== null}
      title={t(restrict ? `risk.restrictTitle.${kind}` : `risk.liftTitle.${kind}`, { username })}
      name="memberRestriction"
      submitText={t(restrict ? `risk.restrict.${kind}` : `risk.lift.${kind}`)}
      pending={set.isPending}
      error={set.error}
      onCancel={close}
      onSubmit={({ reason }) =>
        set.mutate({ kind, restricted: restrict, reason: reason.trim() }, { onSuccess: close })
      }
    >
      <ReasonField />
    </FormModal>
  );
}
