import type { MemberDetail } from '@kl/contracts/admin/members';
import { isErrorCode } from '@kl/contracts/errors';
import { Card, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';
import { YesNo } from '../../shared/ui/yes-no.tsx';
import { useMemberLabels } from './member-labels.ts';

type LedgerLine = MemberDetail['ledger'][number];
type SessionRow = MemberDetail['sessions'][number];
type LoginRow = MemberDetail['logins'][number] & { key: number };

/** A country's name in the back office's language (the code when the browser cannot name it). */
function regionName(country: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** The member's recent ledger lines, sessions and logins; a login's region is its address's country, approximate. */
export function MemberActivity({ detail }: { detail: MemberDetail }) {
  const { t, i18n } = useTranslation();
  const { ledgerKind } = useMemberLabels();
  const money = (value: number) => formatMoney(value, detail.member.currency, i18n.language);

  const ledgerColumns: TableColumnsType<LedgerLine> = [
    { title: t('members.ledger.at'), dataIndex: 'at', render: formatDateTime },
    { title: t('members.ledger.kind'), dataIndex: 'kind', render: ledgerKind },
    { title: t('members.ledger.amount'), dataIndex: 'amount', align: 'right', render: money },
    { title: t('members.ledger.balanceAfter'), dataIndex: 'balanceAfter', align: 'right', render: money },
    {
      title: t('members.ledger.reference'),
      dataIndex: 'reference',
      render: (value: string | null) => value ?? '—',
    },
  ];
  const sessionColumns: TableColumnsType<SessionRow> = [
    { title: t('members.sessions.device'), dataIndex: 'device' },
    { title: t('members.sessions.ip'), dataIndex: 'ip' },
    { title: t('members.sessions.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    { title: t('members.sessions.expiresAt'), dataIndex: 'expiresAt', render: formatDateTime },
    {
      title: t('members.sessions.active'),
      dataIndex: 'active',
      render: (active: boolean) => <YesNo value={active} />,
    },
  ];
  const unknown = t('members.logins.unknown');
  const loginColumns: TableColumnsType<LoginRow> = [
    { title: t('members.logins.at'), dataIndex: 'at', render: formatDateTime },
    { title: t('members.logins.ip'), dataIndex: 'ip' },
    {
      title: t('members.logins.region'),
      dataIndex: 'country',
      render: (country: string | null) => (country ? regionName(country, i18n.language) : unknown),
    },
    {
      title: t('members.logins.method'),
      dataIndex: 'method',
      render: (method: LoginRow['method']) => (method ? t(`members.logins.methods.${method}`) : unknown),
    },
    {
      title: t('members.logins.device'),
      key: 'device',
      render: (_: unknown, login: LoginRow) =>
        t('members.logins.browserOn', { browser: login.browser ?? unknown, system: login.system ?? unknown }),
    },
    {
      title: t('members.logins.result'),
      dataIndex: 'succeeded',
      render: (succeeded: boolean, login: LoginRow) =>
        succeeded ? (
          <Tag color="success">{t('members.logins.succeeded')}</Tag>
        ) : (
          <>
            <Tag color="error">{t('members.logins.failed')}</Tag>
            {t(isErrorCode(login.reason) ? login.reason : 'UNKNOWN_ERROR', { ns: 'errors' })}
          </>
        ),
    },
  ];

  return (
    <>
      <ActivityTable
        title={t('members.ledger.title')}
        rowKey="transactionId"
        columns={ledgerColumns}
        rows={detail.ledger}
      />
      <ActivityTable
        title={t('members.sessions.title')}
        rowKey="id"
        columns={sessionColumns}
        rows={detail.sessions}
      />
      <ActivityTable
        title={t('members.logins.title')}
        rowKey="key"
        columns={loginColumns}
        rows={detail.logins.map((login, index) => ({ ...login, key: index }))}
      />
    </>
  );
}

/** One of the member's recent lists, whole (the server sends the newest few). */
function ActivityTable<T extends object>({
  title,
  rowKey,
  columns,
  rows,
}: {
  title: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  rows: T[];
}) {
  return (
    <Card title={title}>
      <Table<T>
        aria-label={title}
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
