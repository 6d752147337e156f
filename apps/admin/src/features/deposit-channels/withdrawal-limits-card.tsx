import { adminCalls } from '@kl/contracts/admin/calls';
import type { WithdrawalLimits } from '@kl/contracts/admin/payments';
import { formatMoney } from '@kl/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Descriptions, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { GROUPED } from '../../shared/grouped-number.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

const LIMITS = 'withdrawal-limits';
type LimitsValues = Omit<WithdrawalLimits, 'currency'>;

/** Changes the limits; the form is made anew from each answer, so it shows what the server keeps. */
function LimitsForm({ limits }: { limits: WithdrawalLimits }) {
  const { t } = useTranslation();
  const save = useAdminMutation(
    (body: LimitsValues) => adminCall(adminCalls.adminSetWithdrawalLimits, { body }),
    { invalidates: [LIMITS], errorMessage: false, successText: () => t('payments.limitsSaved') },
  );
  const amount = (name: 'minAmount' | 'maxAmount') => (
    <Form.Item
      name={name}
      label={t(`payments.withdrawal.${name}`)}
      rules={[
        { required: true, message: t('payments.required') },
        ...(name === 'maxAmount'
          ? [
              ({ getFieldValue }: { getFieldValue: (field: string) => unknown }) => ({
                validator: (_: unknown, value: number | undefined) =>
                  typeof value === 'number' && value < Number(getFieldValue('minAmount'))
                    ? Promise.reject(new Error(t('payments.maxBelowMin')))
                    : Promise.resolve(),
              }),
            ]
          : []),
      ]}
    >
      <InputNumber<number> {...GROUPED} min={1} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
  // An amount above which a request needs more of the member; empty is none (null).
  const threshold = (name: 'kycAbove' | 'twoFactorAbove') => (
    <Form.Item
      name={name}
      label={t(`payments.withdrawal.${name}`)}
      extra={t('payments.withdrawal.emptyIsNone')}
      rules={[
        {
          validator: (_: unknown, value: number | null | undefined) =>
            typeof value === 'number' && value < 1
              ? Promise.reject(new Error(t('payments.positive')))
              : Promise.resolve(),
        },
      ]}
    >
      {/* The input's own parser drops the grouping commas and reads an emptied field as null, not 0. */}
      <InputNumber<number> formatter={GROUPED.formatter} min={1} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <Form<LimitsValues>
      name="withdrawalLimits"
      layout="vertical"
      initialValues={limits}
      onFinish={(values) =>
        save.mutate({
          ...values,
          kycAbove: values.kycAbove ?? null,
          twoFactorAbove: values.twoFactorAbove ?? null,
        })
      }
      style={{ maxWidth: 480, marginTop: 16 }}
    >
      {amount('minAmount')}
      {amount('maxAmount')}
      <Form.Item
        name="dailyCountLimit"
        label={t('payments.withdrawal.dailyCountLimit')}
        rules={[{ required: true, message: t('payments.required') }]}
      >
        <InputNumber<number> min={1} max={100} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="kycFirstWithdrawal" valuePropName="checked">
        <Checkbox>{t('payments.withdrawal.kycFirstWithdrawal')}</Checkbox>
      </Form.Item>
      {threshold('kycAbove')}
      {threshold('twoFactorAbove')}
      {save.error ? (
        <div style={{ marginBottom: 16 }}>
          <ErrorAlert error={save.error} />
        </div>
      ) : null}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('payments.saveLimits')}
      </Button>
    </Form>
  );
}

/**
 * The merchant's withdrawal limits, the same for every member (docs/back-office.md, "Deposit channels and
 * payments operations"): read by whoever reads withdrawals, changed by whoever writes them.
 */
export function WithdrawalLimitsCard() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('withdrawals');
  const limits = useQuery({
    queryKey: listKey(LIMITS),
    queryFn: ({ signal }) => adminCall(adminCalls.adminWithdrawalLimits, { signal }),
  });
  const data = limits.data;
  return (
    <Card title={t('payments.withdrawal.title')}>
      {limits.error ? <ErrorAlert error={limits.error} onRetry={() => void limits.refetch()} /> : null}
      {data ? (
        <>
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              {
                key: 'min',
                label: t('payments.withdrawal.minAmount'),
                children: formatMoney(data.minAmount, data.currency, i18n.language),
              },
              {
                key: 'max',
                label: t('payments.withdrawal.maxAmount'),
                children: formatMoney(data.maxAmount, data.currency, i18n.language),
              },
              {
                key: 'count',
                label: t('payments.withdrawal.dailyCountLimit'),
                children: data.dailyCountLimit,
              },
              {
                key: 'kycFirstWithdrawal',
                label: t('payments.withdrawal.kycFirstWithdrawal'),
                children: t(data.kycFirstWithdrawal ? 'common.yes' : 'common.no'),
              },
              ...(['kycAbove', 'twoFactorAbove'] as const).map((name) => {
                const above = data[name];
                return {
                  key: name,
                  label: t(`payments.withdrawal.${name}`),
                  children:
                    above === null
                      ? t('payments.withdrawal.none')
                      : formatMoney(above, data.currency, i18n.language),
                };
              }),
            ]}
          />
          {canWrite ? <LimitsForm key={JSON.stringify(data)} limits={data} /> : null}
        </>
      ) : null}
    </Card>
  );
}
