import { OPERATOR_PASSWORD_LENGTH } from '@kl/contracts/admin/auth';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** A new operator password: required, OPERATOR_PASSWORD_LENGTH long. */
export const newPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('password.required') },
  {
    min: OPERATOR_PASSWORD_LENGTH.min,
    max: OPERATOR_PASSWORD_LENGTH.max,
    message: t('password.length', OPERATOR_PASSWORD_LENGTH),
  },
];

/** The new password typed again: the same as the field `field`. */
export const confirmRules = (t: TFunction, field: string): FormRule[] => [
  { required: true, message: t('password.required') },
  ({ getFieldValue }) => ({
    validator: (_rule, value) =>
      value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
  }),
];
