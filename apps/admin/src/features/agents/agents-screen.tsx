import { Badge, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../shared/session.ts';
import { Screen } from '../../shared/ui/screen.tsx';
import { AgentsPanel } from './agents-panel.tsx';
import { ApplicationsPanel } from './applications-panel.tsx';
import { SettlementsPanel, useSettlementsList } from './settlements-panel.tsx';

type AgentsTab = 'applications' | 'agents' | 'settlements';

/**
 * Agents (docs/back-office.md, "Agents"): applications to become one, the agents with their contract
 * offers, and the settlements of the contracts that pay, whose tab counts those awaiting approval.
 */
export function AgentsScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('agents');
  const [tab, setTab] = useState<AgentsTab>('applications');
  const settlements = useSettlementsList();
  const awaiting = settlements.page?.awaitingApproval ?? 0;
  return (
    <Screen title={t('agents.menu')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as AgentsTab)}
        items={[
          {
            key: 'applications',
            label: t('agents.tabs.applications'),
            children: (
              <Flex vertical gap="middle">
                <ApplicationsPanel canWrite={canWrite} />
              </Flex>
            ),
          },
          {
            key: 'agents',
            label: t('agents.tabs.agents'),
            children: (
              <Flex vertical gap="middle">
                <AgentsPanel canWrite={canWrite} />
              </Flex>
            ),
          },
          {
            key: 'settlements',
            label: (
              <Flex gap="small" align="center">
                {t('agents.tabs.settlements')}
                <Badge
                  count={awaiting}
                  overflowCount={999}
                  title={t('agents.settlements.awaiting', { n: awaiting })}
                />
              </Flex>
            ),
            children: (
              <Flex vertical gap="middle">
                <SettlementsPanel canWrite={canWrite} list={settlements} />
              </Flex>
            ),
          },
        ]}
      />
    </Screen>
  );
}
