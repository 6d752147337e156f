import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A screen the operator's role does not open. */
export function NoPermission() {
  const { t } = useTranslation();
  return <Result status="403" title="403" subTitle={t('common.noPermission')} />;
}
