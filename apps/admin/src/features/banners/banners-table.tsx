import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { AdminBanner, SaveBannerRequest } from '@kl/contracts/admin/banners';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { BannerGroup } from '@kl/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Switch, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { movedOne } from '../../shared/order.ts';
import { listKey } from '../../shared/paged-list.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { sameBannerWith } from './banner-form.ts';

/**
 * Every banner of a group in its order, shown now or not: its picture, title, link and dates, its
 * switch, and (for writers) moving it up or down and editing it.
 */
export function BannersTable({
  groupName,
  canWrite,
  onEdit,
}: {
  groupName: BannerGroup;
  canWrite: boolean;
  onEdit: (banner: AdminBanner) => void;
}) {
  const { t, i18n } = useTranslation();
  const banners = useQuery({
    queryKey: listKey('banners', { groupName }),
    queryFn: ({ signal }) => adminCall(adminCalls.adminBanners, { query: { groupName }, signal }),
  });
  const update = useAdminMutation(
    ({ id, body }: { id: number; body: SaveBannerRequest }) =>
      adminCall(adminCalls.adminUpdateBanner, { params: { bannerId: id }, body }),
    { invalidates: ['banners'], successText: () => t('banners.saved') },
  );
  const reorder = useAdminMutation(
    (ids: number[]) => adminCall(adminCalls.adminReorderBanners, { body: { groupName, ids } }),
    { invalidates: ['banners'], successText: () => t('banners.reordered') },
  );
  const list = banners.data?.list ?? [];
  const titleOf = (row: AdminBanner) =>
    i18n.language === 'en' && row.title.en ? row.title.en : row.title.vi;
  const move = (index: number, by: -1 | 1) =>
    reorder.mutate(
      movedOne(
        list.map((row) => row.id),
        index,
        by,
      ),
    );
  const busy = update.isPending || reorder.isPending;

  const columns: TableColumnsType<AdminBanner> = [
    {
      title: t('banners.picture'),
      key: 'picture',
      width: 180,
      render: (_, row) => (
        <img
          src={row.pictureUrl}
          alt={t('banners.pictureOf', { title: titleOf(row) })}
          style={{ width: 160, height: 'auto', borderRadius: 4 }}
        />
      ),
    },
    { title: t('banners.title'), key: 'title', render: (_, row) => titleOf(row) },
    { title: t('banners.link'), dataIndex: 'linkUrl', render: (value: string | null) => value ?? '—' },
    { title: t('banners.startsAt'), dataIndex: 'startsAt', render: formatDateTime },
    { title: t('banners.endsAt'), dataIndex: 'endsAt', render: formatDateTime },
    {
      title: t('banners.active'),
      dataIndex: 'active',
      render: (active: boolean, row) => (
        <Switch
          size="small"
          checked={active}
          aria-label={t('banners.activeSwitch', { title: titleOf(row) })}
          disabled={!canWrite || busy}
          onChange={(checked) =>
            update.mutate({ id: row.id, body: sameBannerWith(row, { active: checked }) })
          }
        />
      ),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, row, index) => (
        <Flex gap="small" wrap>
          <Button
            size="small"
            icon={<ArrowUpOutlined aria-hidden="true" />}
            aria-label={t('banners.moveUp', { title: titleOf(row) })}
            disabled={index === 0 || busy}
            onClick={() => move(index, -1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined aria-hidden="true" />}
            aria-label={t('banners.moveDown', { title: titleOf(row) })}
            disabled={index === list.length - 1 || busy}
            onClick={() => move(index, 1)}
          />
          <Button
            size="small"
            aria-label={t('banners.editOf', { title: titleOf(row) })}
            onClick={() => onEdit(row)}
          >
            {t('common.edit')}
          </Button>
        </Flex>
      ),
    });
  }

  return (
    <>
      {banners.error ? <ErrorAlert error={banners.error} onRetry={() => void banners.refetch()} /> : null}
      <Table<AdminBanner>
        aria-label={t('banners.tableLabel', { group: t(`banners.groups.${groupName}`) })}
        rowKey="id"
        columns={columns}
        dataSource={list}
        loading={banners.isLoading}
        pagination={false}
        size="small"
      />
    </>
  );
}
