import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** antd's status colours (the theme keeps their text readable), by what a status means. */
const COLORS: Readonly<Record<string, 'warning' | 'success' | 'error' | 'default'>> = {
  pending: 'warning',
  applied: 'success',
  paid: 'success',
  rejected: 'error',
  failed: 'error',
  expired: 'default',
  open: 'warning',
  settled: 'success',
  cancelled: 'default',
};

/** A status of a list (pending, paid, rejected…), coloured by what it means, labelled in the language. */
export function StatusTag({ status, label }: { status: string; label: string }) {
  return <Tag color={COLORS[status] ?? 'default'}>{label}</Tag>;
}

/** An account's state: active, or disabled. */
export function EnabledTag({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return disabled ? (
    <Tag color="error">{t('common.disabled')}</Tag>
  ) : (
    <Tag color="success">{t('common.enabled')}</Tag>
  );
}
