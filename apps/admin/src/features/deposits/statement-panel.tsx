import { adminCalls } from '@kl/contracts/admin/calls';
import {
  STATEMENT_LINE_OUTCOMES,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_LINES,
  type StatementLineResult,
  type StatementUploadResult,
  type UnmatchedStatementLine,
} from '@kl/contracts/admin/payments';
import { formatMoney } from '@kl/contracts/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { Alert, Button, Flex, Form, Input, Table, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { ReasonField } from '../../shared/ui/reason-field.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { DEPOSIT_LISTS, decisionText } from './deposit-actions.tsx';

const UNMATCHED_LIST = 'statement-unmatched';

/** The columns a statement line shows wherever it is listed: date, amount, description, transaction id. */
function lineColumns<T extends { date: string | null; amount: number | null }>(
  t: TFunction,
  language: string,
): TableColumnsType<T> {
  const orDash = (value: string | null) => value ?? '—';
  return [
    { title: t('payments.date'), dataIndex: 'date', render: orDash },
    {
      title: t('deposits.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: number | null) =>
        value === null ? '—' : formatMoney(value, WALLET_CURRENCY, language),
    },
    { title: t('payments.description'), dataIndex: 'description', render: orDash },
    { title: t('payments.transactionId'), dataIndex: 'transactionId', render: orDash },
  ];
}

/** What became of each line of the file just uploaded. */
export function StatementResults({ result }: { result: StatementUploadResult }) {
  const { t, i18n } = useTranslation();
  const columns: TableColumnsType<StatementLineResult> = [
    { title: t('payments.lineNo'), dataIndex: 'lineNo', align: 'right' },
    ...lineColumns<StatementLineResult>(t, i18n.language),
    {
      title: t('payments.outcome'),
      dataIndex: 'outcome',
      render: (_, line) => (
        <StatusTag
          status={line.outcome}
          label={
            line.problem
              ? `${t(`payments.lineOutcomes.${line.outcome}`)}: ${t(`payments.problems.${line.problem}`)}`
              : t(`payments.lineOutcomes.${line.outcome}`)
          }
        />
      ),
    },
    {
      title: t('payments.referenceCode'),
      dataIndex: 'referenceCode',
      render: (value: string | null, line) =>
        value === null
          ? '—'
          : line.orderAmount === null
            ? value
            : `${value} (${t('payments.orderAmount', { amount: formatMoney(line.orderAmount, WALLET_CURRENCY, i18n.language) })})`,
    },
  ];
  const counts = STATEMENT_LINE_OUTCOMES.filter((outcome) => (result.counts[outcome] ?? 0) > 0)
    .map((outcome) => `${t(`payments.lineOutcomes.${outcome}`)}: ${result.counts[outcome] ?? 0}`)
    .join(' · ');
  return (
    <Flex vertical gap="small">
      <Alert
        type="info"
        showIcon
        title={t('payments.uploaded', { file: result.fileName })}
        description={counts}
      />
      <Table<StatementLineResult>
        aria-label={t('payments.resultsLabel')}
        size="small"
        rowKey="lineNo"
        columns={columns}
        dataSource={result.lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}

/** Confirms an order (by reference code or id) from a line no order took. */
function ConfirmFromLineModal({ line, onClose }: { line: UnmatchedStatementLine; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const confirm = useAdminMutation(
    (values: { order: string; reason: string }) =>
      adminCall(adminCalls.adminConfirmFromStatementLine, {
        params: { lineId: line.id },
        body: { order: values.order.trim(), reason: values.reason.trim() },
      }),
    { invalidates: DEPOSIT_LISTS, errorMessage: false, successText: (decision) => decisionText(t, decision) },
  );
  const close = () => {
    confirm.reset();
    onClose();
  };
  return (
    <FormModal<{ order: string; reason: string }>
      open
      title={t('payments.confirmFromLineTitle', { line: line.lineNo, file: line.fileName })}
      name="confirmFromLine"
      submitText={t('payments.confirmSubmit')}
      pending={confirm.isPending}
      error={confirm.error}
      onCancel={close}
      onSubmit={(values) => confirm.mutate(values, { onSuccess: close })}
    >
      <Typography.Paragraph>
        {t('payments.lineSummary', {
          amount: formatMoney(line.amount, WALLET_CURRENCY, i18n.language),
          description: line.description,
        })}
      </Typography.Paragraph>
      <Form.Item
        name="order"
        label={t('payments.orderToConfirm')}
        extra={t('payments.orderToConfirmHint')}
        rules={[{ required: true, whitespace: true, message: t('payments.required') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <ReasonField max={500} />
    </FormModal>
  );
}

/**
 * The bank statement tab (docs/back-office.md, "Bank statements"): upload a CSV, see what became of each
 * line, and the credit lines no order took, kept until an operator confirms an order from one.
 */
export function StatementPanel() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('deposits');
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [confirming, setConfirming] = useState<UnmatchedStatementLine | null>(null);
  const unmatched = usePagedList(adminCalls.adminUnmatchedStatementLines, UNMATCHED_LIST, {});
  const upload = useAdminMutation(
    async (chosen: File) =>
      adminCall(adminCalls.adminUploadStatement, {
        body: { fileName: chosen.name, content: await chosen.text() },
      }),
    { invalidates: DEPOSIT_LISTS, errorMessage: false },
  );

  const columns: TableColumnsType<UnmatchedStatementLine> = [
    ...lineColumns<UnmatchedStatementLine>(t, i18n.language),
    {
      title: t('payments.outcome'),
      dataIndex: 'outcome',
      render: (_, line) => (
        <StatusTag status={line.outcome} label={t(`payments.lineOutcomes.${line.outcome}`)} />
      ),
    },
    { title: t('payments.file'), key: 'file', render: (_, line) => `${line.fileName}:${line.lineNo}` },
    { title: t('payments.uploadedAt'), dataIndex: 'uploadedAt', render: formatDateTime },
    { title: t('payments.uploadedBy'), dataIndex: 'uploadedBy' },
    ...(canWrite
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, line: UnmatchedStatementLine) => (
              <Button
                size="small"
                aria-label={t('payments.confirmFromLine', { line: line.lineNo, file: line.fileName })}
                onClick={() => setConfirming(line)}
              >
                {t('payments.confirmOrderFromLine')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap="middle">
      {canWrite ? (
        <Flex vertical gap="small">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('payments.statementHint', { lines: STATEMENT_MAX_LINES, kb: STATEMENT_MAX_BYTES / 1024 })}
          </Typography.Paragraph>
          <Flex gap="small" align="center" wrap>
            <label htmlFor={fileId}>{t('payments.statementFile')}</label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setTooLarge(chosen !== null && chosen.size > STATEMENT_MAX_BYTES);
                setFile(chosen);
                upload.reset();
              }}
            />
            <Button
              type="primary"
              disabled={file === null || tooLarge}
              loading={upload.isPending}
              onClick={() => file && upload.mutate(file)}
            >
              {t('payments.uploadStatement')}
            </Button>
          </Flex>
          {tooLarge ? (
            <Alert
              type="error"
              showIcon
              title={t('payments.fileTooLarge', { kb: STATEMENT_MAX_BYTES / 1024 })}
            />
          ) : null}
          {upload.error ? <ErrorAlert error={upload.error} /> : null}
          {upload.data ? <StatementResults result={upload.data} /> : null}
        </Flex>
      ) : null}
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('payments.unmatchedTitle')}
      </Typography.Title>
      <PagedTable<UnmatchedStatementLine>
        label={t('payments.unmatchedLabel')}
        rowKey="id"
        columns={columns}
        list={unmatched}
      />
      {confirming ? <ConfirmFromLineModal line={confirming} onClose={() => setConfirming(null)} /> : null}
    </Flex>
  );
}
