import { adminCalls } from '@kl/contracts/admin/calls';
import {
  type AdminVipLevel,
  VIP_MAX_DAILY_WITHDRAWALS,
  VIP_MAX_REBATE_BASIS_POINTS,
  VIP_NAME_MAX,
} from '@kl/contracts/admin/vip';
import { formatMoney } from '@kl/contracts/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { GROUPED } from '../../shared/grouped-number.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { LocalizedTextFields } from '../../shared/ui/localized-text-fields.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { VIP_LEVELS_LIST } from './use-vip-levels.ts';
import {
  newLevelValues,
  percentOf,
  requestOf,
  thresholdBounds,
  type VipLevelValues,
  valuesOf,
} from './vip-level-form.ts';

/** What the modal edits: a level, the next level (its number), or nothing (closed). */
export type VipLevelEditing = { mode: 'edit'; level: AdminVipLevel } | { mode: 'new'; level: number } | null;

type MoneyField =
  'depositThreshold' | 'upgradeBonus' | 'birthdayBonus' | 'monthlyBonus' | 'dailyWithdrawalLimit';

/**
 * Edits a level or adds the next one: its name in Vietnamese and English side by side, the deposit
 * threshold (between the levels' around it, as the server checks), the bonuses and the withdrawal limit in
 * grouped đồng, the withdrawals a day, the rebate in percent, and why. A change of the threshold, a bonus
 * or the rebate waits for another operator: the form says so beside those fields and after saving.
 */
export function VipLevelModal({
  editing,
  levels,
  onClose,
}: {
  editing: VipLevelEditing;
  levels: readonly AdminVipLevel[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const existing = editing?.mode === 'edit' ? editing.level : undefined;
  const number = editing === null ? 0 : editing.mode === 'edit' ? editing.level.level : editing.level;
  const save = useAdminMutation(
    (values: VipLevelValues) =>
      existing
        ? adminCall(adminCalls.adminUpdateVipLevel, {
            params: { level: existing.level },
            body: requestOf(values),
          })
        : adminCall(adminCalls.adminAddVipLevel, { body: requestOf(values) }),
    {
      invalidates: [VIP_LEVELS_LIST, 'operator-requests'],
      errorMessage: false,
      successText: (result) => t(result.applied ? 'vipLevels.applied' : 'vipLevels.waiting'),
    },
  );
  const close = () => {
    save.reset();
    onClose();
  };
  const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);
  const { below, above } = thresholdBounds(levels, number);
  const required = { required: true, message: t('vipLevels.required') };
  const waitsHint = t('vipLevels.waitsHint');

  const thresholdRule = {
    validator: (_rule: unknown, value: number | null | undefined) => {
      if (typeof value !== 'number') return Promise.resolve();
      if (number === 0 && value !== 0) return Promise.reject(new Error(t('vipLevels.thresholdZero')));
      if (below && value <= below.depositThreshold)
        return Promise.reject(
          new Error(
            t('vipLevels.thresholdAbove', { level: below.level, amount: money(below.depositThreshold) }),
          ),
        );
      if (above && value >= above.depositThreshold)
        return Promise.reject(
          new Error(
            t('vipLevels.thresholdBelow', { level: above.level, amount: money(above.depositThreshold) }),
          ),
        );
      return Promise.resolve();
    },
  };
  const moneyItem = (name: MoneyField, extra?: string) => (
    <Form.Item
      name={name}
      label={t(`vipLevels.fields.${name}`)}
      extra={extra}
      rules={[required, ...(name === 'depositThreshold' ? [thresholdRule] : [])]}
    >
      <InputNumber<number> {...GROUPED} min={0} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <FormModal<VipLevelValues>
      open={editing !== null}
      title={t(existing ? 'vipLevels.editTitle' : 'vipLevels.addTitle', { level: number })}
      name="vipLevel"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      width={640}
      initialValues={existing ? valuesOf(existing) : newLevelValues(levels.at(-1))}
      onCancel={close}
      onSubmit={(values) => save.mutate(values, { onSuccess: close })}
    >
      <LocalizedTextFields
        name="name"
        viLabel={t('vipLevels.nameVi')}
        enLabel={t('vipLevels.nameEn')}
        requiredMessage={t('vipLevels.nameRequired')}
        maxLength={VIP_NAME_MAX}
        sideBySide
      />
      {moneyItem(
        'depositThreshold',
        number === 0 ? t('vipLevels.thresholdZero') : `${t('vipLevels.thresholdHint')} ${waitsHint}`,
      )}
      {moneyItem('upgradeBonus', waitsHint)}
      {moneyItem('birthdayBonus', waitsHint)}
      {moneyItem('monthlyBonus', waitsHint)}
      <Form.Item
        name="dailyWithdrawalCount"
        label={t('vipLevels.fields.dailyWithdrawalCount')}
        rules={[required]}
      >
        <InputNumber<number>
          min={0}
          max={VIP_MAX_DAILY_WITHDRAWALS}
          precision={0}
          style={{ width: '100%' }}
        />
      </Form.Item>
      {moneyItem('dailyWithdrawalLimit')}
      <Form.Item
        name="rebatePercent"
        label={t('vipLevels.fields.rebatePercent')}
        extra={waitsHint}
        rules={[required]}
      >
        <InputNumber<number>
          min={0}
          max={percentOf(VIP_MAX_REBATE_BASIS_POINTS)}
          step={0.1}
          precision={2}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        name="note"
        label={t('vipLevels.note')}
        rules={[{ required: true, whitespace: true, message: t('vipLevels.noteRequired') }]}
      >
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
