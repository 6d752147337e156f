import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_MAX_CHARS,
  CATALOGUE_CSV_MAX_ROWS,
  CATALOGUE_CSV_REQUIRED,
  type CatalogueImportReport,
  type CatalogueRefusal,
} from '@kl/contracts/admin/catalogue';
import { formatCount } from '@kl/contracts/money';
import { Alert, Button, Descriptions, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { useImportGames } from './use-catalogue.ts';

/** The file chosen: its name and text, or why it cannot be sent. */
type Chosen = { name: string; text: string } | { name: string; tooLarge: true } | null;

/**
 * "Import CSV": a catalogue file checked ("Check": nothing written) or imported, and the report of the last
 * run: how many games were added, changed and found as they are, and every refused value by line, column
 * and reason (docs/back-office.md, "Game catalogue").
 */
export function ImportPanel({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const fileId = useId();
  const [chosen, setChosen] = useState<Chosen>(null);
  const [report, setReport] = useState<CatalogueImportReport | null>(null);
  const run = useImportGames();

  const choose = async (file: File | undefined) => {
    setReport(null);
    run.reset();
    if (!file) return setChosen(null);
    // A file of more bytes than the server takes characters is too large in any case.
    if (file.size > CATALOGUE_CSV_MAX_CHARS * 4) return setChosen({ name: file.name, tooLarge: true });
    const text = await file.text();
    setChosen(
      text.length > CATALOGUE_CSV_MAX_CHARS ? { name: file.name, tooLarge: true } : { name: file.name, text },
    );
  };
  const send = (dryRun: boolean) => {
    if (!chosen || !('text' in chosen)) return;
    run.mutate({ csv: chosen.text, dryRun }, { onSuccess: setReport });
  };
  const count = (value: number) => formatCount(value, i18n.language);

  const columns: TableColumnsType<CatalogueRefusal> = [
    { title: t('games.import.line'), dataIndex: 'line', width: 80 },
    {
      title: t('games.import.column'),
      dataIndex: 'column',
      render: (column: string | null) => (column ? <code>{column}</code> : t('games.import.wholeLine')),
    },
    {
      title: t('games.import.reason'),
      key: 'reason',
      render: (_, row) => t(`games.import.reasons.${row.reason}`, { value: row.value ?? '' }),
    },
    {
      title: t('games.import.value'),
      dataIndex: 'value',
      render: (value: string | null) => (value === null ? '' : <code>{value}</code>),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('games.import.intro', { max: count(CATALOGUE_CSV_MAX_ROWS) })}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('games.import.columnsRequired')} <code>{CATALOGUE_CSV_REQUIRED.join(',')}</code>
        <br />
        {t('games.import.columnsOptional')}{' '}
        <code>
          {CATALOGUE_CSV_COLUMNS.filter(
            (column) => !(CATALOGUE_CSV_REQUIRED as readonly string[]).includes(column),
          ).join(',')}
        </code>
        <br />
        {t('games.import.values')}
      </Typography.Paragraph>
      <Flex gap="small" align="center" wrap>
        <label htmlFor={fileId}>{t('games.import.file')}</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          disabled={run.isPending}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Button
          disabled={!chosen || !('text' in chosen) || !canWrite}
          loading={run.isPending}
          onClick={() => send(true)}
        >
          {t('games.import.check')}
        </Button>
        <Button
          type="primary"
          disabled={!chosen || !('text' in chosen) || !canWrite}
          loading={run.isPending}
          onClick={() => send(false)}
        >
          {t('games.import.run')}
        </Button>
      </Flex>
      {chosen && 'tooLarge' in chosen ? (
        <Alert type="error" showIcon message={t('games.import.tooLarge', { name: chosen.name })} />
      ) : null}
      {run.error ? <ErrorAlert error={run.error} /> : null}
      {report ? (
        <section aria-label={t('games.import.reportLabel')}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 5 }}
            title={report.dryRun ? t('games.import.checked') : t('games.import.imported')}
            items={[
              { key: 'rows', label: t('games.import.rows'), children: count(report.rows) },
              {
                key: 'created',
                label: report.dryRun ? t('games.import.wouldCreate') : t('games.import.created'),
                children: count(report.created),
              },
              {
                key: 'updated',
                label: report.dryRun ? t('games.import.wouldUpdate') : t('games.import.updated'),
                children: count(report.updated),
              },
              { key: 'unchanged', label: t('games.import.unchanged'), children: count(report.unchanged) },
              { key: 'refused', label: t('games.import.refusedRows'), children: count(report.refusedRows) },
            ]}
          />
          {report.refused.length > 0 ? (
            <Table<CatalogueRefusal>
              aria-label={t('games.import.refusedLabel')}
              size="small"
              rowKey={(row) => `${row.line}:${row.column ?? ''}:${row.reason}:${row.value ?? ''}`}
              columns={columns}
              dataSource={report.refused}
              pagination={report.refused.length > 50 ? { pageSize: 50 } : false}
              scroll={{ x: 'max-content' }}
            />
          ) : (
            <Alert type="success" showIcon message={t('games.import.noneRefused')} />
          )}
        </section>
      ) : null}
    </Flex>
  );
}
