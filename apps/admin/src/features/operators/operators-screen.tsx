import { PlusOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { Operator } from '@kl/contracts/admin/operators';
import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite, useOperator } from '../../shared/session.ts';
import { dateColumn, yesNoColumn } from '../../shared/ui/columns.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { EnabledTag } from '../../shared/ui/status-tag.tsx';
import { EditOperatorModal } from './edit-operator-modal.tsx';
import { InvitationLinkModal, type ShownInvitation } from './invitation-link-modal.tsx';
import { NewOperatorModal } from './new-operator-modal.tsx';
import { OperatorRequestsPanel } from './operator-requests-panel.tsx';
import { RequestResetModal } from './request-reset-modal.tsx';
import { useUpdateOperator } from './use-update-operator.ts';

/**
 * Operator accounts (owners): the requests waiting for a second owner, the list, a new operator (whose
 * invitation link is shown once), and each one's role, access, whether they are enabled, and a request to
 * reset their password or two-factor (docs/back-office.md, "Operators").
 */
export function OperatorsScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('operators');
  const me = useOperator();
  const list = usePagedList(adminCalls.adminOperators, 'operators', {});
  const update = useUpdateOperator();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Operator | null>(null);
  const [resetting, setResetting] = useState<Operator | null>(null);
  const [shown, setShown] = useState<ShownInvitation | null>(null);
  const busy = (operator: Operator) => update.isPending && update.variables.id === operator.id;

  const columns: TableColumnsType<Operator> = [
    { title: t('operators.username'), dataIndex: 'username' },
    { title: t('operators.role'), dataIndex: 'role', render: (_, row) => <Tag>{t(`role.${row.role}`)}</Tag> },
    yesNoColumn<Operator>(t('operators.readOnly'), 'readOnly'),
    yesNoColumn<Operator>(t('operators.enrolled'), 'enrolled'),
    {
      title: t('operators.status'),
      dataIndex: 'disabled',
      render: (disabled: boolean, row) => (
        <Space size={4} wrap>
          <EnabledTag disabled={disabled} />
          {row.awaitingInvitation ? <Tag color="warning">{t('operators.awaiting')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('operators.linkHeldBy'),
      key: 'credentialsIssuedBy',
      render: (_, row) => row.credentialsIssuedBy?.username ?? t('operators.commandLine'),
    },
    dateColumn<Operator>(t('operators.createdAt'), 'createdAt'),
    dateColumn<Operator>(t('operators.lastLoginAt'), 'lastLoginAt'),
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, operator) =>
        operator.id === me?.id ? null : (
          <Space wrap>
            <Button size="small" onClick={() => setEditing(operator)} disabled={busy(operator)}>
              {t('common.edit')}
            </Button>
            <Popconfirm
              title={t(operator.disabled ? 'operators.enableConfirm' : 'operators.disableConfirm', {
                username: operator.username,
              })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => update.mutate({ id: operator.id, change: { disabled: !operator.disabled } })}
            >
              <Button size="small" danger={!operator.disabled} disabled={busy(operator)}>
                {t(operator.disabled ? 'common.enable' : 'common.disable')}
              </Button>
            </Popconfirm>
            <Button size="small" onClick={() => setResetting(operator)}>
              {t('operators.requestReset')}
            </Button>
          </Space>
        ),
    });
  }

  return (
    <Screen
      title={t('menu.operators')}
      extra={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
            {t('operators.new')}
          </Button>
        ) : null
      }
    >
      <OperatorRequestsPanel onIssued={setShown} />
      <PagedTable<Operator> label={t('operators.tableLabel')} rowKey="id" columns={columns} list={list} />
      <NewOperatorModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(result) =>
          setShown({ username: result.operator.username, invitation: result.invitation })
        }
      />
      <EditOperatorModal operator={editing} onClose={() => setEditing(null)} />
      <RequestResetModal operator={resetting} onClose={() => setResetting(null)} />
      <InvitationLinkModal shown={shown} onClose={() => setShown(null)} />
    </Screen>
  );
}
