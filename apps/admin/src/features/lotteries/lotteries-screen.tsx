import { PlusOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminLottery } from '@kl/contracts/admin/lotteries';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { useEditor } from '../../shared/use-editor.ts';
import { Screen } from '../../shared/ui/screen.tsx';
import { LotteriesTable } from './lotteries-table.tsx';
import { LOTTERIES_LIST, LotteryModal } from './lottery-modal.tsx';
import { OddsPanel } from './odds-panel.tsx';

/**
 * The in-house lottery set up (docs/back-office.md, "Lotteries"): the merchant's lotteries — added with the
 * catalogue game players open them by, edited, switched off — and, on the second tab, the odds of every
 * prize mode. Owners change them; finance and risk read them.
 */
export function LotteriesScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('lottery');
  const [tab, setTab] = useState<'lotteries' | 'odds'>('lotteries');
  const editing = useEditor<AdminLottery>();
  const lotteries = useQuery({
    queryKey: listKey(LOTTERIES_LIST),
    queryFn: ({ signal }) => adminCall(adminCalls.adminLotteries, { signal }),
  });
  const list = lotteries.data?.list ?? [];
  const nextSortOrder = list.reduce((last, lottery) => Math.max(last, lottery.sortOrder + 1), 0);

  return (
    <Screen
      title={t('lotteries.menu')}
      extra={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={editing.openNew}>
            {t('lotteries.new')}
          </Button>
        ) : null
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'odds' ? 'odds' : 'lotteries')}
        items={[
          {
            key: 'lotteries',
            label: t('lotteries.tabs.lotteries'),
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('lotteries.intro')}</Typography.Paragraph>
                {lotteries.data && !lotteries.data.hasOdds ? (
                  <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('lotteries.noOdds')} />
                ) : null}
                <LotteriesTable list={list} query={lotteries} canWrite={canWrite} onEdit={editing.open} />
              </>
            ),
          },
          { key: 'odds', label: t('lotteries.tabs.odds'), children: <OddsPanel canWrite={canWrite} /> },
        ]}
      />
      {canWrite ? (
        <LotteryModal
          key={editing.key}
          open={editing.isOpen}
          lottery={editing.row}
          sortOrder={nextSortOrder}
          onClose={editing.close}
        />
      ) : null}
    </Screen>
  );
}
