import { OPERATOR_ROLES } from '@kl/contracts/admin/access';
import { Form, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** Role (one button per role) and read-only: asked when an operator is made, and when an owner changes them. */
export function RoleFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="role"
        label={t('operators.role')}
        rules={[{ required: true, message: t('operators.roleRequired') }]}
      >
        <Radio.Group
          aria-label={t('operators.role')}
          optionType="button"
          options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="readOnly"
        label={t('operators.readOnly')}
        valuePropName="checked"
        extra={t('operators.readOnlyHint')}
      >
        <Switch />
      </Form.Item>
    </>
  );
}
