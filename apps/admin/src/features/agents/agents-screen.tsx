import { Badge, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../shared/session.ts';
import { Screen } from '../../shared/ui/screen.tsx';
import { AgentsPanel } from './agents-panel.tsx';
import { ApplicationsPanel } from './applications-panel.tsx';
import { ProposalsPanel, useProposalsList } from './proposals-panel.tsx';
import { SettlementsPanel, useSettlementsList } from './settlements-panel.tsx';

type AgentsTab = 'applications' | 'agents' | 'proposals' | 'settlements';

/** A tab's label with the count of what waits there. */
function Counted({ label, count, title }: { label: string; count: number; title: string }) {
  return (
    <Flex gap="small" align="center">
      {label}
      <Badge count={count} overflowCount={999} title={title} />
    </Flex>
  );
}

/**
 * Agents (docs/back-office.md, "Agents"): applications to become one, the agents with their contract
 * offers, the offers waiting for a second operator, and the settlements of the contracts that pay; the
 * last two tabs count what waits there.
 */
export function AgentsScreen() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('agents');
  const [tab, setTab] = useState<AgentsTab>('applications');
  const settlements = useSettlementsList();
  const awaiting = settlements.page?.awaitingApproval ?? 0;
  const proposals = useProposalsList();
  const proposed = proposals.page?.total ?? 0;
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
            key: 'proposals',
            label: (
              <Counted
                label={t('agents.tabs.proposals')}
                count={proposed}
                title={t('agents.proposals.waiting', { n: proposed })}
              />
            ),
            children: (
              <Flex vertical gap="middle">
                <ProposalsPanel canWrite={canWrite} list={proposals} />
              </Flex>
            ),
          },
          {
            key: 'settlements',
            label: (
              <Counted
                label={t('agents.tabs.settlements')}
                count={awaiting}
                title={t('agents.settlements.awaiting', { n: awaiting })}
              />
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
