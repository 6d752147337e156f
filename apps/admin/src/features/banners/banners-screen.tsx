import { PlusOutlined } from '@ant-design/icons';
import { BANNER_GROUPS, type BannerGroup } from '@kl/contracts/content';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../shared/session.ts';
import { Screen } from '../../shared/ui/screen.tsx';
import { BannerModal, type BannerEditing } from './banner-modal.tsx';
import { BannersTable } from './banners-table.tsx';

/** Banners of the player site, one tab per group: the list, a new one, and changes to each. */
export function BannersScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('content');
  const [group, setGroup] = useState<BannerGroup>('m_home');
  const [editing, setEditing] = useState<BannerEditing>(null);

  return (
    <Screen
      title={t('banners.menu')}
      extra={
        canWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => setEditing({ mode: 'new', groupName: group })}
          >
            {t('banners.new')}
          </Button>
        ) : null
      }
    >
      <Tabs
        activeKey={group}
        onChange={(key) => setGroup(key as BannerGroup)}
        items={BANNER_GROUPS.map((groupName) => ({
          key: groupName,
          label: t(`banners.groups.${groupName}`),
          children: (
            <BannersTable
              groupName={groupName}
              canWrite={canWrite}
              onEdit={(banner) => setEditing({ mode: 'edit', banner })}
            />
          ),
        }))}
      />
      {canWrite ? <BannerModal editing={editing} onClose={() => setEditing(null)} /> : null}
    </Screen>
  );
}
