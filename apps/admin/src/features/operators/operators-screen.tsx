import { PlusOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { Operator } from '@kl/contracts/admin/operators';
import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { dateColumn, yesNoColumn } from '../../shared/ui/columns.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { EnabledTag } from '../../shared/ui/status-tag.tsx';
import { EditOperatorModal } from './edit-operator-modal.tsx';
import { NewOperatorModal } from './new-operator-modal.tsx';
import { useUpdateOperator } from './use-update-operator.ts';

/** Operator accounts (owners): the list, a new operator, and each one's role, access and two-factor. */
export function OperatorsScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('operators');
  const list = usePagedList(adminCalls.adminOperators, 'operators', {});
  const update = useUpdateOperator();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Operator | null>(null);
  const busy = (operator: Operator) => update.isPending && update.variables.id === operator.id;

  const columns: TableColumnsType<Operator> = [
    { title: t('operators.username'), dataIndex: 'username' },
    { title: t('operators.role'), dataIndex: 'role', render: (_, row) => <Tag>{t(`role.${row.role}`)}</Tag> },
    yesNoColumn<Operator>(t('operators.readOnly'), 'readOnly'),
    yesNoColumn<Operator>(t('operators.enrolled'), 'enrolled'),
    {
      title: t('operators.status'),
      dataIndex: 'disabled',
      render: (disabled: boolean) => <EnabledTag disabled={disabled} />,
    },
    dateColumn<Operator>(t('operators.createdAt'), 'createdAt'),
    dateColumn<Operator>(t('operators.lastLoginAt'), 'lastLoginAt'),
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, operator) => (
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
          <Popconfirm
            title={t('operators.resetTwoFactorConfirm', { username: operator.username })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => update.mutate({ id: operator.id, change: { resetTwoFactor: true } })}
          >
            <Button size="small" disabled={busy(operator) || !operator.enrolled}>
              {t('operators.resetTwoFactor')}
            </Button>
          </Popconfirm>
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
      <PagedTable<Operator> label={t('operators.tableLabel')} rowKey="id" columns={columns} list={list} />
      <NewOperatorModal open={creating} onClose={() => setCreating(false)} />
      <EditOperatorModal operator={editing} onClose={() => setEditing(null)} />
    </Screen>
  );
}
