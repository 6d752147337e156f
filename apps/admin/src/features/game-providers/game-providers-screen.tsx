import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminProvider, IssuedProviderKey, ProviderProtocol } from '@kl/contracts/admin/game-providers';
import { useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { actionsColumn, switchColumn } from '../../shared/ui/columns.tsx';
import { ConfirmButton } from '../../shared/ui/confirm-button.tsx';
import { ListScreen } from '../../shared/ui/list-screen.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { useEditor } from '../../shared/use-editor.ts';
import { AllowedAddresses, CurrentKey, PreviousKey } from './key-cells.tsx';
import { IssuedKeyModal, RotateKeyModal } from './key-modals.tsx';
import { PROVIDERS_LIST, ProviderModal } from './provider-modal.tsx';

/**
 * The merchant's game providers (docs/back-office.md, "Game providers"): each with its API address, the
 * protocol it speaks and where it answers its daily report, what
 * becomes of its rounds left open and after how many hours, the addresses its calls may come from, on or
 * off, and its signing key by fingerprint — when it was set and by whom, and the previous key while a
 * rotation's overlap still accepts it. Owners add a provider, edit it, switch it, rotate its key (the new
 * key shown once) and end an overlap early; a read-only owner only reads.
 */
export function GameProvidersScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('operators');
  const editor = useEditor<AdminProvider>();
  const [rotating, setRotating] = useState<AdminProvider | null>(null);
  const [issued, setIssued] = useState<IssuedProviderKey | null>(null);
  const providers = useQuery({
    queryKey: listKey(PROVIDERS_LIST),
    queryFn: ({ signal }) => adminCall(adminCalls.adminProviderRegistry, { signal }),
  });
  const setEnabled = useAdminMutation(
    ({ code, enabled }: { code: string; enabled: boolean }) =>
      adminCall(adminCalls.adminSetProviderEnabled, { params: { code }, body: { enabled } }),
    { invalidates: [PROVIDERS_LIST] },
  );
  const endOverlap = useAdminMutation(
    (code: string) => adminCall(adminCalls.adminEndProviderKeyOverlap, { params: { code } }),
    { invalidates: [PROVIDERS_LIST], successText: () => t('gameProviders.overlapEnded') },
  );

  const columns: TableColumnsType<AdminProvider> = [
    { title: t('gameProviders.code'), dataIndex: 'code', render: (code: string) => <code>{code}</code> },
    { title: t('gameProviders.name'), dataIndex: 'name' },
    {
      title: t('gameProviders.endpoint'),
      dataIndex: 'endpoint',
      render: (endpoint: string | null) => endpoint ?? '—',
    },
    {
      title: t('gameProviders.protocol'),
      dataIndex: 'protocol',
      render: (protocol: ProviderProtocol) => t(`gameProviders.protocols.${protocol}`),
    },
    {
      title: t('gameProviders.reportUrl'),
      dataIndex: 'reportUrl',
      render: (reportUrl: string | null) => reportUrl ?? '—',
    },
    {
      title: t('gameProviders.openRoundPolicy'),
      key: 'openRound',
      render: (_, row) =>
        t(`gameProviders.openRoundPolicies.${row.openRoundAction}`, { hours: row.openRoundHours }),
    },
    {
      title: t('gameProviders.allowedAddresses'),
      key: 'allowedAddresses',
      render: (_, row) => <AllowedAddresses provider={row} />,
    },
    {
      title: t('gameProviders.key'),
      key: 'key',
      render: (_, row) => <CurrentKey provider={row} />,
    },
    {
      title: t('gameProviders.previousKey'),
      key: 'previousKey',
      render: (_, row) => <PreviousKey provider={row} />,
    },
    switchColumn(t('gameProviders.enabled'), {
      label: (row) => t('gameProviders.switch', { name: row.name }),
      disabled: !canWrite || setEnabled.isPending,
      onChange: (row, enabled) => setEnabled.mutate({ code: row.code, enabled }),
    }),
    ...actionsColumn<AdminProvider>(t('common.actions'), canWrite, (row) => (
      <>
        <Button
          size="small"
          onClick={() => editor.open(row)}
          aria-label={t('gameProviders.edit', { name: row.name })}
        >
          {t('common.edit')}
        </Button>
        <Button
          size="small"
          onClick={() => setRotating(row)}
          aria-label={t('gameProviders.rotateLabel', { name: row.name })}
        >
          {t('gameProviders.rotate')}
        </Button>
        {row.previousKeyUntil !== null ? (
          <ConfirmButton
            question={t('gameProviders.endOverlapConfirm', { name: row.name })}
            okText={t('gameProviders.endOverlap')}
            label={t('gameProviders.endOverlapLabel', { name: row.name })}
            onConfirm={() => endOverlap.mutate(row.code)}
          >
            {t('gameProviders.endOverlap')}
          </ConfirmButton>
        ) : null}
      </>
    )),
  ];

  return (
    <ListScreen<AdminProvider>
      title={t('gameProviders.menu')}
      newText={canWrite ? t('gameProviders.new') : undefined}
      onNew={editor.openNew}
      hint={t('gameProviders.hint')}
      query={providers}
      tableLabel={t('gameProviders.tableLabel')}
      rowKey="code"
      columns={columns}
    >
      <ProviderModal
        key={editor.key}
        open={editor.isOpen}
        provider={editor.row}
        onClose={editor.close}
        onIssued={setIssued}
      />
      <RotateKeyModal provider={rotating} onClose={() => setRotating(null)} onIssued={setIssued} />
      <IssuedKeyModal issued={issued} onClose={() => setIssued(null)} />
    </ListScreen>
  );
}
