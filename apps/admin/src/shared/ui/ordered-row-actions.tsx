import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from './confirm-button.tsx';

/**
 * The actions of a row of a list players see in its order (deposit channels, footer links): edit, move
 * one up or down (each named after the row), and delete after a confirmation when the row may go.
 */
export function OrderedRowActions(props: {
  index: number;
  count: number;
  /** A change of the list is in flight: the moves (and delete) wait. */
  busy: boolean;
  labels: { edit: string; moveUp: string; moveDown: string };
  onEdit: () => void;
  onMove: (by: -1 | 1) => void;
  /** Offered when the row may be deleted: its button's name and text, and the question asked first. */
  remove?: { label: string; text: string; confirm: string; onConfirm: () => void } | undefined;
}) {
  const { t } = useTranslation();
  const { index, count, busy, labels, remove } = props;
  return (
    <Space size="small" wrap>
      <Button size="small" onClick={props.onEdit} aria-label={labels.edit}>
        {t('common.edit')}
      </Button>
      <Button
        size="small"
        icon={<ArrowUpOutlined aria-hidden="true" />}
        aria-label={labels.moveUp}
        disabled={index === 0 || busy}
        onClick={() => props.onMove(-1)}
      />
      <Button
        size="small"
        icon={<ArrowDownOutlined aria-hidden="true" />}
        aria-label={labels.moveDown}
        disabled={index === count - 1 || busy}
        onClick={() => props.onMove(1)}
      />
      {remove ? (
        <ConfirmButton
          question={remove.confirm}
          okText={remove.text}
          label={remove.label}
          disabled={busy}
          onConfirm={remove.onConfirm}
        >
          {remove.text}
        </ConfirmButton>
      ) : null}
    </Space>
  );
}
