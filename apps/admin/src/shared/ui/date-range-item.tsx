import { DatePicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A filter's period: antd's RangePicker over whole days, under the form field `period` (turned into
 * `from` / `to` by `periodOf`). Both inputs are named for assistive technology.
 */
export function DateRangeItem({ formName }: { formName: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="period" label={t('common.period')} htmlFor={`${formName}_period`}>
      <DatePicker.RangePicker
        id={{ start: `${formName}_period`, end: `${formName}_period_end` }}
        placeholder={[t('common.periodStart'), t('common.periodEnd')]}
        aria-label={t('common.period')}
        allowEmpty={[true, true]}
      />
    </Form.Item>
  );
}
