import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/** A decision's button (approve, refuse), asking to confirm first. */
export function ConfirmedButton(props: {
  title: string;
  label: string;
  kind: 'primary' | 'danger';
  disabled: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={props.title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onConfirm={props.onConfirm}
    >
      <Button
        size="small"
        type={props.kind === 'primary' ? 'primary' : 'default'}
        danger={props.kind === 'danger'}
        disabled={props.disabled}
      >
        {props.label}
      </Button>
    </Popconfirm>
  );
}
