import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnouncementsTab } from './announcements-tab.tsx';
import { ContractsTab } from './contracts-tab.tsx';
import { DownlineTab } from './downline-tab.tsx';
import { LinksTab } from './links-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';

const TABS = {
  overview: OverviewTab,
  downline: DownlineTab,
  reports: ReportsTab,
  links: LinksTab,
  announcements: AnnouncementsTab,
  contracts: ContractsTab,
} as const;
type Tab = keyof typeof TABS;
const TAB_NAMES = Object.keys(TABS) as Tab[];

/**
 * The agent's centre: six tabs (an ARIA tablist: arrows, Home and End move between them), one panel shown
 * at a time, each loading its own data when first opened.
 */
export function CentreTabs() {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<Tab>('overview');
  const buttons = useRef(new Map<Tab, HTMLButtonElement>());
  const move = (event: KeyboardEvent) => {
    const index = TAB_NAMES.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TAB_NAMES[(index + 1) % TAB_NAMES.length]
        : event.key === 'ArrowLeft'
          ? TAB_NAMES[(index - 1 + TAB_NAMES.length) % TAB_NAMES.length]
          : event.key === 'Home'
            ? TAB_NAMES[0]
            : event.key === 'End'
              ? TAB_NAMES.at(-1)
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    buttons.current.get(next)?.focus();
  };
  const Panel = TABS[tab];
  return (
    <div className="kl-centre__body">
      <div
        role="tablist"
        aria-label={t('agentCentre.tabs.label')}
        className="kl-centre__tabs"
        onKeyDown={move}
      >
        {TAB_NAMES.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) buttons.current.set(name, element);
            }}
            id={`${id}-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={name === tab}
            aria-controls={`${id}-panel`}
            tabIndex={name === tab ? 0 : -1}
            className={name === tab ? 'kl-centre__tab kl-centre__tab--on' : 'kl-centre__tab'}
            onClick={() => setTab(name)}
          >
            {t(`agentCentre.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        className="kl-centre__panel"
      >
        <Panel />
      </div>
    </div>
  );
}
