import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The reason of a decision (kept by the audit log, sometimes shown to the member): required, at most `max`. */
export function ReasonField({ min = 1, max = 200 }: { min?: number; max?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('common.reason')}
      rules={[
        { required: true, whitespace: true, message: t('common.reasonRequired') },
        ...(min > 1 ? [{ min, message: t('adjustments.reasonMin', { min }) }] : []),
        { max, message: t('common.reasonTooLong', { max }) },
      ]}
    >
      <Input.TextArea rows={3} maxLength={max} showCount />
    </Form.Item>
  );
}
