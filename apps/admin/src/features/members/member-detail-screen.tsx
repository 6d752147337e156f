import { ArrowLeftOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { MemberDetail } from '@kl/contracts/admin/members';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Popconfirm, Row, Skeleton, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AdjustBalanceModal } from '../adjustments/index.ts';
import { MemberRiskCard } from '../risk/index.ts';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { EnabledTag } from '../../shared/ui/status-tag.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { MemberActivity } from './member-activity.tsx';
import { useMemberLabels } from './member-labels.ts';
import { MemberStatusModal } from './member-status-modal.tsx';

/** One member: profile, balances and VIP level, recent ledger lines, sessions and logins, and the actions. */
export function MemberDetailScreen() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const detail = useQuery({
    queryKey: listKey('member', { memberId }),
    queryFn: ({ signal }) => adminCall(adminCalls.adminMember, { params: { memberId }, signal }),
  });
  const back = (
    <Link to="/members">
      <ArrowLeftOutlined aria-hidden="true" /> {t('members.back')}
    </Link>
  );

  if (detail.error) {
    return (
      <Screen title={t('members.detailTitle')} extra={back}>
        <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
      </Screen>
    );
  }
  if (!detail.data) {
    return (
      <Screen title={t('members.detailTitle')} extra={back}>
        <Skeleton active title={false} />
      </Screen>
    );
  }
  return <MemberDetailView detail={detail.data} back={back} />;
}

function MemberDetailView({ detail, back }: { detail: MemberDetail; back: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const { memberType } = useMemberLabels();
  const { member } = detail;
  const canWriteMembers = useCanWrite('members');
  const canAdjust = useCanWrite('adjustments');
  const [statusOpen, setStatusOpen] = useState(false);
  // The adjustment form's idempotency key, drawn when it opens (null: closed).
  const [adjustKey, setAdjustKey] = useState<string | null>(null);
  const endSessions = useAdminMutation(
    () => adminCall(adminCalls.adminEndMemberSessions, { params: { memberId: member.id } }),
    {
      invalidates: ['member'],
      successText: (result) => t('members.sessionsEnded', { count: result.sessionsEnded }),
    },
  );
  const sendPasswordReset = useAdminMutation(
    () => adminCall(adminCalls.adminSendMemberPasswordReset, { params: { memberId: member.id } }),
    {
      invalidates: [],
      successText: (result) => t('members.passwordResetSent', { email: result.sentTo }),
    },
  );
  const money = (value: number) => formatMoney(value, member.currency, i18n.language);
  const none = (value: string | null) => value ?? '—';

  const actions = (
    <Space wrap>
      {back}
      {canWriteMembers ? (
        <>
          <Button danger={!member.disabled} onClick={() => setStatusOpen(true)}>
            {t(member.disabled ? 'members.enable' : 'members.disable')}
          </Button>
          <Popconfirm
            title={t('members.endSessionsConfirm', { username: member.username })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => endSessions.mutate()}
          >
            <Button loading={endSessions.isPending}>{t('members.endSessions')}</Button>
          </Popconfirm>
          {/* The link goes to the member's e-mail address: without one there is nowhere to send it. */}
          {member.email ? (
            <Popconfirm
              title={t('members.sendPasswordResetConfirm', {
                username: member.username,
                email: member.email,
              })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => sendPasswordReset.mutate()}
            >
              <Button loading={sendPasswordReset.isPending}>{t('members.sendPasswordReset')}</Button>
            </Popconfirm>
          ) : null}
        </>
      ) : null}
      {canAdjust ? (
        <Button type="primary" onClick={() => setAdjustKey(crypto.randomUUID())}>
          {t('members.adjustBalance')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <Screen title={t('members.detailOf', { username: member.username })} extra={actions}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Card>
            <Statistic title={t('members.available')} value={money(member.available)} />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card>
            <Statistic title={t('members.held')} value={money(member.held)} />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card>
            <Statistic title={t('members.vipLevel')} value={member.vipLevel} />
          </Card>
        </Col>
      </Row>
      <Card title={t('members.profile')}>
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'username', label: t('members.username'), children: member.username },
            {
              key: 'status',
              label: t('members.status'),
              children: <EnabledTag disabled={member.disabled} />,
            },
            { key: 'nickname', label: t('members.nickname'), children: none(member.nickname) },
            { key: 'payeeName', label: t('members.payeeName'), children: none(member.payeeName) },
            { key: 'mobile', label: t('members.mobile'), children: none(member.mobile) },
            { key: 'email', label: t('members.email'), children: none(member.email) },
            { key: 'type', label: t('members.type'), children: memberType(member.type) },
            { key: 'affiliateCode', label: t('members.affiliateCode'), children: none(member.affiliateCode) },
            {
              key: 'registeredAt',
              label: t('members.registeredAt'),
              children: formatDateTime(member.registeredAt),
            },
            { key: 'registerIp', label: t('members.registerIp'), children: none(member.registerIp) },
            {
              key: 'lastLoginAt',
              label: t('members.lastLoginAt'),
              children: formatDateTime(member.lastLoginAt),
            },
          ]}
        />
      </Card>
      <MemberActivity detail={detail} />
      <MemberRiskCard memberId={member.id} username={member.username} />
      {canWriteMembers ? (
        <MemberStatusModal
          memberId={member.id}
          disable={!member.disabled}
          open={statusOpen}
          onClose={() => setStatusOpen(false)}
        />
      ) : null}
      {canAdjust ? (
        <AdjustBalanceModal member={member} idempotencyKey={adjustKey} onClose={() => setAdjustKey(null)} />
      ) : null}
    </Screen>
  );
}
