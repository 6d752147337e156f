import { parsePeriod, type SettleResult } from '@kl/contracts/agents';
import { adminCalls } from '@kl/contracts/admin/calls';
import { Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** Settlement amounts are the merchant's currency: VND. */
export const SETTLEMENT_CURRENCY = 'VND';

/** What a run did: the periods it settled and its settlements by outcome. */
function SettleResultView({ result }: { result: SettleResult }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.language);
  return (
    <Descriptions
      title={t('agents.settle.resultTitle')}
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 16 }}
      items={[
        { key: 'periods', label: t('agents.settle.periods'), children: result.periods.join(', ') || '—' },
        { key: 'paid', label: t('agents.settle.paid'), children: count(result.paid) },
        {
          key: 'awaitingApproval',
          label: t('agents.settle.awaitingApproval'),
          children: count(result.awaitingApproval),
        },
        { key: 'nothingDue', label: t('agents.settle.nothingDue'), children: count(result.nothingDue) },
        {
          key: 'alreadySettled',
          label: t('agents.settle.alreadySettled'),
          children: count(result.alreadySettled),
        },
        {
          key: 'amountPaid',
          label: t('agents.settle.amountPaid'),
          children: formatMoney(result.amountPaid, SETTLEMENT_CURRENCY, i18n.language),
        },
      ]}
    />
  );
}

/**
 * "Settle a period" by hand (the same as `npm run agents:settle -- --period …`): a closed period's key;
 * settling it again pays nothing twice. The dialog stays open on the result.
 */
export function SettlePeriodModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settle = useAdminMutation(
    (period: string) => adminCall(adminCalls.adminSettlePeriod, { body: { period } }),
    { invalidates: ['agent-settlements'], errorMessage: false },
  );
  const close = () => {
    settle.reset();
    onClose();
  };
  return (
    <FormModal<{ period: string }>
      open={open}
      title={t('agents.settle.title')}
      name="settlePeriod"
      submitText={t('agents.settle.submit')}
      pending={settle.isPending}
      error={settle.error}
      onCancel={close}
      onSubmit={({ period }) => settle.mutate(period.trim())}
    >
      <Form.Item
        name="period"
        label={t('agents.settle.period')}
        extra={t('agents.settle.periodHint')}
        rules={[
          { required: true, whitespace: true, message: t('agents.settle.periodRequired') },
          {
            validator: async (_, value: string | undefined) => {
              if (value?.trim() && !parsePeriod(value.trim()))
                throw new Error(t('agents.settle.periodFormat'));
            },
          },
        ]}
      >
        <Input maxLength={16} autoComplete="off" placeholder="2026-11-24" />
      </Form.Item>
      {settle.data ? <SettleResultView result={settle.data} /> : null}
    </FormModal>
  );
}
