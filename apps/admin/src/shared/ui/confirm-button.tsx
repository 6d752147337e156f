import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A small danger button of a table row that asks first (`question`, confirmed by `okText`), named by `label`. */
export function ConfirmButton({
  question,
  okText,
  label,
  onConfirm,
  disabled,
  children,
}: {
  question: string;
  okText: string;
  label: string;
  onConfirm: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm title={question} okText={okText} cancelText={t('common.cancel')} onConfirm={onConfirm}>
      <Button size="small" danger disabled={disabled} aria-label={label}>
        {children}
      </Button>
    </Popconfirm>
  );
}
