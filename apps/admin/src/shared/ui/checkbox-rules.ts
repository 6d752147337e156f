import type { FormRule } from 'antd';

/**
 * "Choose at least one" for a group of checkboxes. A validator rather than `required`: antd sets
 * aria-required on the control of a required field, and a group of checkboxes may not carry it (axe's
 * aria-allowed-attr).
 */
export const atLeastOne = (message: string): FormRule => ({
  validator: (_rule, value: readonly unknown[] | undefined) =>
    value && value.length > 0 ? Promise.resolve() : Promise.reject(new Error(message)),
});
