import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Readonly<Record<string, string>> = {
  pending: 'gold',
  applied: 'green',
  paid: 'green',
  rejected: 'red',
  failed: 'red',
  expired: 'default',
};

/** A status of a list (pending, paid, rejected…), coloured by what it means, labelled in the language. */
export function StatusTag({ status, label }: { status: string; label: string }) {
  return <Tag color={COLORS[status] ?? 'default'}>{label}</Tag>;
}

/** An account's state: active, or disabled. */
export function EnabledTag({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return disabled ? (
    <Tag color="red">{t('common.disabled')}</Tag>
  ) : (
    <Tag color="green">{t('common.enabled')}</Tag>
  );
}
