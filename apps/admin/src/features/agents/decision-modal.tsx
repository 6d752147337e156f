import type { AGENT_DECISIONS } from '@kl/contracts/admin/agents';
import { Button, Form, Input, Space, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';

export type AgentDecision = (typeof AGENT_DECISIONS)[number];

/** A decision waiting for its confirmation: what is decided on (id), approve or refuse, and its wording. */
export interface PendingDecision {
  id: string;
  decision: AgentDecision;
  title: string;
  summary: string;
}

/** What the dialog needs of the decision's mutation. */
export interface DecisionMutation {
  isPending: boolean;
  error: unknown;
  reset: () => void;
  mutate: (
    variables: { id: string; decision: AgentDecision; note?: string },
    options: { onSuccess: () => void },
  ) => void;
}

const NOTE_MAX = 500;

/**
 * The confirmation of an approve / refuse (an application, a settlement, a contract offer): what it does,
 * an optional note (at most 500 characters, kept with the decision; none without `noteHint`), and the
 * button of the decision.
 */
export function DecisionModal({
  pending,
  mutation,
  noteHint,
  onClose,
}: {
  pending: PendingDecision | null;
  mutation: DecisionMutation;
  /** What the note is for; the decision takes no note when absent. */
  noteHint?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <FormModal<{ note?: string }>
      open={pending !== null}
      title={pending?.title ?? ''}
      name="agentDecision"
      submitText={pending?.decision === 'refuse' ? t('agents.refuse') : t('agents.approve')}
      pending={mutation.isPending}
      error={mutation.error}
      onCancel={close}
      onSubmit={({ note }) => {
        if (!pending) return;
        const trimmed = note?.trim();
        mutation.mutate(
          { id: pending.id, decision: pending.decision, ...(trimmed ? { note: trimmed } : {}) },
          { onSuccess: close },
        );
      }}
    >
      <Typography.Paragraph>{pending?.summary}</Typography.Paragraph>
      {noteHint === undefined ? null : (
        <Form.Item
          name="note"
          label={t('agents.note')}
          extra={noteHint}
          rules={[{ max: NOTE_MAX, message: t('common.reasonTooLong', { max: NOTE_MAX }) }]}
        >
          <Input.TextArea rows={3} maxLength={NOTE_MAX} showCount />
        </Form.Item>
      )}
    </FormModal>
  );
}

/** A row that waits for a decision, and is decided once. */
interface Decidable {
  id: string;
  decidedAt: string | null;
  decidedBy: string | null;
  note: string | null;
}

/**
 * The last columns of a list of decisions (applications, settlements): when, by whom, the note, and to
 * an operator who may write, Approve and Refuse on the rows still waiting.
 */
export function useDecisionColumns<T extends Decidable>({
  canWrite,
  waiting,
  busyId,
  onDecide,
}: {
  canWrite: boolean;
  waiting: (row: T) => boolean;
  /** The row whose decision is being sent. */
  busyId: string | undefined;
  onDecide: (row: T, decision: AgentDecision) => void;
}): TableColumnsType<T> {
  const { t } = useTranslation();
  const orDash = (value: string | null) => value ?? '—';
  const columns: TableColumnsType<T> = [
    { title: t('agents.decidedAt'), dataIndex: 'decidedAt', render: formatDateTime },
    { title: t('agents.decidedBy'), dataIndex: 'decidedBy', render: orDash },
    { title: t('agents.note'), dataIndex: 'note', render: orDash },
  ];
  if (!canWrite) return columns;
  return [
    ...columns,
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) =>
        waiting(row) ? (
          <Space>
            <Button
              size="small"
              type="primary"
              disabled={busyId === row.id}
              onClick={() => onDecide(row, 'approve')}
            >
              {t('agents.approve')}
            </Button>
            <Button size="small" danger disabled={busyId === row.id} onClick={() => onDecide(row, 'refuse')}>
              {t('agents.refuse')}
            </Button>
          </Space>
        ) : null,
    },
  ];
}
