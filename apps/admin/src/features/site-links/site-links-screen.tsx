import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminSiteLink } from '@kl/contracts/admin/site-links';
import { SITE_LINK_KINDS, type SiteLinkKind } from '@kl/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { movedOne } from '../../shared/order.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { OrderedRowActions } from '../../shared/ui/ordered-row-actions.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { nameIn } from './site-link-form.ts';
import { SITE_LINKS_LIST, type SiteLinkEditing, SiteLinkModal } from './site-link-modal.tsx';

/** One kind's links in their order: what players see of each, and (for writers) edit, move, delete. */
function KindSection({
  kind,
  links,
  loading,
  canWrite,
  onEdit,
  onAdd,
}: {
  kind: SiteLinkKind;
  links: AdminSiteLink[];
  loading: boolean;
  canWrite: boolean;
  onEdit: (link: AdminSiteLink) => void;
  onAdd: () => void;
}) {
  const { t, i18n } = useTranslation();
  const reorder = useAdminMutation(
    (ids: number[]) => adminCall(adminCalls.adminReorderSiteLinks, { body: { kind, ids } }),
    { invalidates: [SITE_LINKS_LIST], successText: () => t('siteLinks.reordered') },
  );
  const remove = useAdminMutation(
    (linkId: number) => adminCall(adminCalls.adminDeleteSiteLink, { params: { linkId } }),
    { invalidates: [SITE_LINKS_LIST], successText: () => t('siteLinks.deleted') },
  );
  const nameOf = (link: AdminSiteLink) => nameIn(link, i18n.language);
  const move = (index: number, by: -1 | 1) =>
    reorder.mutate(
      movedOne(
        links.map((link) => link.id),
        index,
        by,
      ),
    );
  const busy = reorder.isPending || remove.isPending;
  const headingId = `site-links-${kind}`;

  const columns: TableColumnsType<AdminSiteLink> = [
    kind === 'social'
      ? {
          title: t('siteLinks.socialType'),
          dataIndex: 'socialType',
          render: (type: AdminSiteLink['socialType']) => (type ? t(`siteLinks.socialTypes.${type}`) : '—'),
        }
      : {
          title: t('siteLinks.picture'),
          key: 'picture',
          width: 140,
          render: (_, link) =>
            link.pictureUrl ? (
              <img
                src={link.pictureUrl}
                alt={t('siteLinks.pictureOf', { name: nameOf(link) })}
                style={{ height: 32, width: 'auto' }}
              />
            ) : null,
        },
    { title: t('siteLinks.name'), key: 'name', render: (_, link) => nameOf(link) },
    { title: t('siteLinks.url'), dataIndex: 'url', render: (url: string | null) => url ?? '—' },
    { title: t('siteLinks.colour'), dataIndex: 'colour', render: (colour: string) => <code>{colour}</code> },
    ...(canWrite
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, link: AdminSiteLink, index: number) => (
              <OrderedRowActions
                index={index}
                count={links.length}
                busy={busy}
                labels={{
                  edit: t('siteLinks.edit', { name: nameOf(link) }),
                  moveUp: t('siteLinks.moveUp', { name: nameOf(link) }),
                  moveDown: t('siteLinks.moveDown', { name: nameOf(link) }),
                }}
                onEdit={() => onEdit(link)}
                onMove={(by) => move(index, by)}
                remove={{
                  label: t('siteLinks.delete', { name: nameOf(link) }),
                  text: t('siteLinks.deleteText'),
                  confirm: t('siteLinks.deleteConfirm', { name: nameOf(link) }),
                  onConfirm: () => remove.mutate(link.id),
                }}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby={headingId}>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 8 }}>
        <Typography.Title level={2} id={headingId} style={{ margin: 0, fontSize: 18 }}>
          {t(`siteLinks.kinds.${kind}`)}
        </Typography.Title>
        {canWrite ? <Button onClick={onAdd}>{t(`siteLinks.newOf.${kind}`)}</Button> : null}
      </Flex>
      <Table<AdminSiteLink>
        aria-labelledby={headingId}
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={links}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </section>
  );
}

/**
 * The footer's partner logos and badges and the social links of the footer and the side menu
 * (docs/back-office.md, "Footer and social links"): each kind in the order players see it. Content
 * operators (and owners) add, edit, move and delete them; support reads them. Players see a change at once.
 */
export function SiteLinksScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('content');
  const [editing, setEditing] = useState<SiteLinkEditing>(null);
  const links = useQuery({
    queryKey: listKey(SITE_LINKS_LIST),
    queryFn: ({ signal }) => adminCall(adminCalls.adminSiteLinks, { signal }),
  });
  const list = links.data?.list ?? [];

  return (
    <Screen title={t('siteLinks.menu')}>
      <Typography.Paragraph type="secondary">{t('siteLinks.hint')}</Typography.Paragraph>
      {links.error ? <ErrorAlert error={links.error} onRetry={() => void links.refetch()} /> : null}
      {SITE_LINK_KINDS.map((kind) => (
        <KindSection
          key={kind}
          kind={kind}
          links={list.filter((link) => link.kind === kind)}
          loading={links.isFetching}
          canWrite={canWrite}
          onEdit={(link) => setEditing({ mode: 'edit', link })}
          onAdd={() => setEditing({ mode: 'new', kind })}
        />
      ))}
      <SiteLinkModal
        key={editing === null ? 'closed' : editing.mode === 'new' ? `new-${editing.kind}` : editing.link.id}
        editing={editing}
        onClose={() => setEditing(null)}
      />
    </Screen>
  );
}
