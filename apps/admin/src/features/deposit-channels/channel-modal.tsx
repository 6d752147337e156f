import { adminCalls } from '@kl/contracts/admin/calls';
import {
  ACCOUNT_NUMBER_PATTERN,
  type AdminDepositChannel,
  BANK_BIN_PATTERN,
  MAX_EXPIRY_MINUTES,
  MAX_QUICK_AMOUNTS,
} from '@kl/contracts/admin/payments';
import { DEPOSIT_CHANNEL_KINDS } from '@kl/contracts/deposit';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { GROUPED } from '../../shared/grouped-number.ts';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { type ChannelFormValues, formValuesOf, parseQuickAmounts, requestOf } from './channel-form.ts';

/** The list a change of a channel refreshes. */
export const CHANNELS_LIST = 'deposit-channels';

/**
 * Adds a channel (`channel` null) or edits one: kind, name in Vietnamese and English, the bank account
 * (bank transfer, VietQR) or e-wallet account, min and max, quick amounts within them, expiry. The checks
 * are the server's (admin/payments.ts), so what it refuses is said under the field before sending.
 */
export function ChannelModal({
  open,
  channel,
  onClose,
}: {
  open: boolean;
  channel: AdminDepositChannel | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChannelFormValues>();
  const kind = Form.useWatch('kind', form);
  const save = useAdminMutation(
    (values: ChannelFormValues) => {
      const { code, ...body } = requestOf(values);
      return channel
        ? adminCall(adminCalls.adminUpdateDepositChannel, { params: { code: channel.code }, body })
        : adminCall(adminCalls.adminCreateDepositChannel, { body: { code, ...body } });
    },
    {
      invalidates: [CHANNELS_LIST],
      errorMessage: false,
      successText: () => t(channel ? 'payments.channelSaved' : 'payments.channelCreated'),
    },
  );
  const close = () => {
    save.reset();
    onClose();
  };
  const required = { required: true, whitespace: true, message: t('payments.required') };
  const money = (name: 'minAmount' | 'maxAmount', label: string) => (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, message: t('payments.required') },
        { type: 'number', min: 1, message: t('payments.positive') },
        ...(name === 'maxAmount'
          ? [
              ({ getFieldValue }: { getFieldValue: (field: string) => unknown }) => ({
                validator: (_: unknown, value: number | undefined) => {
                  const min = getFieldValue('minAmount');
                  return typeof min === 'number' && typeof value === 'number' && value < min
                    ? Promise.reject(new Error(t('payments.maxBelowMin')))
                    : Promise.resolve();
                },
              }),
            ]
          : []),
      ]}
    >
      <InputNumber<number> {...GROUPED} min={1} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <FormModal<ChannelFormValues>
      open={open}
      form={form}
      title={channel ? t('payments.editChannelTitle', { code: channel.code }) : t('payments.newChannel')}
      name="depositChannel"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      initialValues={formValuesOf(channel)}
      onCancel={close}
      onSubmit={(values) => save.mutate(values, { onSuccess: close })}
    >
      <Form.Item
        name="code"
        label={t('payments.code')}
        extra={t('payments.codeHint')}
        rules={[required, { pattern: /^[a-z0-9][a-z0-9_-]{0,31}$/, message: t('payments.codeFormat') }]}
      >
        <Input disabled={channel !== null} maxLength={32} />
      </Form.Item>
      <Form.Item name="kind" label={t('payments.kind')} rules={[required]}>
        <Select
          options={DEPOSIT_CHANNEL_KINDS.map((value) => ({ value, label: t(`payments.kinds.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="nameVi" label={t('payments.nameVi')} rules={[required]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="nameEn" label={t('payments.nameEn')} rules={[required]}>
        <Input maxLength={60} />
      </Form.Item>
      {kind === 'ewallet' ? (
        <>
          <Form.Item name="provider" label={t('payments.provider')} rules={[required]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item
            name="walletAccount"
            label={t('payments.walletAccount')}
            rules={[required, { pattern: /^[0-9A-Za-z]{4,32}$/, message: t('payments.walletAccountFormat') }]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="walletName" label={t('payments.accountName')} rules={[required]}>
            <Input maxLength={80} />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="bankName" label={t('payments.bankName')} rules={[required]}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item
            name="bankBin"
            label={t('payments.bankBin')}
            rules={[required, { pattern: BANK_BIN_PATTERN, message: t('payments.bankBinFormat') }]}
          >
            <Input maxLength={6} inputMode="numeric" />
          </Form.Item>
          <Form.Item
            name="accountNumber"
            label={t('payments.accountNumber')}
            rules={[
              required,
              { pattern: ACCOUNT_NUMBER_PATTERN, message: t('payments.accountNumberFormat') },
            ]}
          >
            <Input maxLength={19} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="accountName" label={t('payments.accountName')} rules={[required]}>
            <Input maxLength={80} />
          </Form.Item>
        </>
      )}
      {money('minAmount', t('payments.minAmount'))}
      {money('maxAmount', t('payments.maxAmount'))}
      <Form.Item
        name="quickAmounts"
        label={t('payments.quickAmounts')}
        extra={t('payments.quickAmountsHint', { max: MAX_QUICK_AMOUNTS })}
        dependencies={['minAmount', 'maxAmount']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              const amounts = parseQuickAmounts(value ?? '');
              const min = Number(getFieldValue('minAmount'));
              const max = Number(getFieldValue('maxAmount'));
              if (amounts === null || amounts.length > MAX_QUICK_AMOUNTS)
                return Promise.reject(
                  new Error(t('payments.quickAmountsFormat', { max: MAX_QUICK_AMOUNTS })),
                );
              if (amounts.some((amount) => amount < min || amount > max))
                return Promise.reject(new Error(t('payments.quickAmountsOutside')));
              return Promise.resolve();
            },
          }),
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="expiryMinutes"
        label={t('payments.expiryMinutes')}
        rules={[{ required: true, message: t('payments.required') }]}
      >
        <InputNumber<number> min={1} max={MAX_EXPIRY_MINUTES} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('payments.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
