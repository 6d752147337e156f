import type { AdminGameVendor } from '@kl/contracts/admin/games';
import { Button, Switch, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@kl/contracts/money';
import { ListTable } from '../../shared/ui/list-table.tsx';
import { YesNo } from '../../shared/ui/yes-no.tsx';
import { useGameVendors, useUpdateVendor, vendorKey } from './use-game-updates.ts';

/**
 * Every vendor per category with its switch: off, the vendor and its games leave the player site (the
 * games keep their own switches for when it comes back). The whole list, a few dozen rows.
 */
export function VendorsTable({
  canWrite,
  onEdit,
}: {
  canWrite: boolean;
  /** Opens the vendor's form. */
  onEdit: (vendor: AdminGameVendor) => void;
}) {
  const { t, i18n } = useTranslation();
  const vendors = useGameVendors();
  const update = useUpdateVendor();

  const columns: TableColumnsType<AdminGameVendor> = [
    {
      title: t('games.category'),
      dataIndex: 'gameCategory',
      render: (_, row) => t(`games.categories.${row.gameCategory}`),
    },
    { title: t('games.vendor'), dataIndex: 'displayName' },
    { title: t('games.code'), dataIndex: 'vassalage', render: (code: string) => <code>{code}</code> },
    {
      title: t('games.gameCount'),
      key: 'games',
      align: 'right',
      render: (_, row) =>
        t('games.enabledOfTotal', {
          enabled: formatCount(row.enabledGames, i18n.language),
          total: formatCount(row.games, i18n.language),
        }),
    },
    {
      title: t('games.provider'),
      dataIndex: 'providerCode',
      render: (code: string | null) => (code ? <code>{code}</code> : t('games.inHouse')),
    },
    {
      title: t('games.configured'),
      dataIndex: 'configured',
      render: (value: boolean) => <YesNo value={value} />,
    },
    {
      title: t('games.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, row) => (
        <Switch
          size="small"
          checked={enabled}
          aria-label={t('games.vendorSwitch', { name: row.displayName, category: row.gameCategory })}
          disabled={!canWrite || update.isUpdating(row)}
          loading={update.isUpdating(row)}
          onChange={(checked) => update.setEnabled(row, checked)}
        />
      ),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button
          size="small"
          aria-label={t('games.editVendorOf', { name: row.displayName, category: row.gameCategory })}
          onClick={() => onEdit(row)}
        >
          {t('common.edit')}
        </Button>
      ),
    });
  }

  return (
    <ListTable<AdminGameVendor>
      label={t('games.vendorsLabel')}
      query={vendors}
      rowKey={vendorKey}
      columns={columns}
      dataSource={vendors.data?.list ?? []}
    />
  );
}
