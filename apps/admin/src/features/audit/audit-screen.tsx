import { adminCalls } from '@kl/contracts/admin/calls';
import type { AuditEntry } from '@kl/contracts/admin/operators';
import { Flex, Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, periodOf, type DayRange } from '../../shared/dates.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { DateRangeItem } from '../../shared/ui/date-range-item.tsx';
import { ExportButton } from '../../shared/ui/export-button.tsx';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { JsonView } from '../../shared/ui/json-view.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { VisuallyHidden } from '../../shared/ui/visually-hidden.tsx';

interface AuditFilters {
  operator?: string;
  action?: string;
  target?: string;
  period?: DayRange;
}

const text = (value: string | undefined) => value?.trim() || undefined;

/** The audit log: who did what, when, from where, with the before and after of each change; as CSV too. */
export function AuditScreen() {
  const { t } = useTranslation();
  const list = usePagedList(adminCalls.adminAudit, 'audit', {});

  const columns: TableColumnsType<AuditEntry> = [
    { title: t('audit.at'), dataIndex: 'at', render: formatDateTime },
    { title: t('audit.operator'), dataIndex: 'operatorUsername' },
    { title: t('audit.ip'), dataIndex: 'ip' },
    { title: t('audit.action'), dataIndex: 'action', render: (action: string) => <code>{action}</code> },
    {
      title: t('audit.target'),
      key: 'target',
      render: (_, entry) =>
        entry.targetType ? `${entry.targetType}${entry.targetId ? ` ${entry.targetId}` : ''}` : '—',
    },
  ];

  return (
    <Screen
      title={t('menu.audit')}
      extra={<ExportButton entry={adminCalls.adminAuditCsv} query={list.filters} />}
    >
      <FilterBar<AuditFilters>
        name="auditFilters"
        label={t('common.filters')}
        onSearch={(values) =>
          list.setFilters({
            operator: text(values.operator),
            action: text(values.action),
            target: text(values.target),
            ...periodOf(values.period),
          })
        }
      >
        <Form.Item name="operator" label={t('audit.operator')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input allowClear placeholder="withdrawal.approve" />
        </Form.Item>
        <Form.Item name="target" label={t('audit.target')}>
          <Input allowClear />
        </Form.Item>
        <DateRangeItem formName="auditFilters" />
      </FilterBar>
      <PagedTable<AuditEntry>
        label={t('audit.tableLabel')}
        rowKey="id"
        columns={columns}
        list={list}
        expandable={{
          columnTitle: <VisuallyHidden>{t('audit.details')}</VisuallyHidden>,
          rowExpandable: (entry) => entry.before !== null || entry.after !== null,
          expandedRowRender: (entry) => (
            <Flex gap="large" wrap>
              <JsonView label={t('audit.before')} value={entry.before} />
              <JsonView label={t('audit.after')} value={entry.after} />
            </Flex>
          ),
        }}
      />
    </Screen>
  );
}
