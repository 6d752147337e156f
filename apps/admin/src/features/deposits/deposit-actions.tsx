import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminDeposit } from '@kl/contracts/admin/money';
import type { DepositDecision } from '@kl/contracts/admin/payments';
import { formatMoney } from '@kl/contracts/money';
import { Alert, Button, Descriptions, Form, Input, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { useOperator } from '../../shared/session.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ReasonField } from '../../shared/ui/reason-field.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** The lists a decision on an order refreshes. */
export const DEPOSIT_LISTS = ['deposits', 'statement-unmatched', 'dashboard', 'member'] as const;

/** What an operator is told after a confirmation or an approval. */
export function decisionText(t: TFunction, decision: DepositDecision): string {
  return t(`payments.outcomes.${decision.outcome}`);
}

type Action = 'confirm' | 'approve' | 'refuse';

/** The order's facts above each decision: member, amount, reference code. */
function OrderFacts({ order }: { order: AdminDeposit }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={1}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'member', label: t('deposits.member'), children: order.username },
        {
          key: 'amount',
          label: t('deposits.amount'),
          children: formatMoney(order.amount, order.currency, i18n.language),
        },
        {
          key: 'reference',
          label: t('payments.referenceCode'),
          children: <code>{order.referenceCode}</code>,
        },
      ]}
    />
  );
}

/**
 * Confirm (the bank's reference and a reason), refuse (a reason) or give the second approval of an order
 * confirmed above the merchant's threshold. The operator who confirmed it first sees why they cannot.
 */
function DecisionModal({
  order,
  action,
  onClose,
}: {
  order: AdminDeposit;
  action: Action;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decide = useAdminMutation(
    (values: { bankReference?: string; reason?: string }) => {
      const params = { orderId: order.orderId };
      if (action === 'approve') return adminCall(adminCalls.adminApproveDeposit, { params });
      if (action === 'refuse')
        return adminCall(adminCalls.adminRefuseDeposit, {
          params,
          body: { reason: (values.reason ?? '').trim() },
        });
      return adminCall(adminCalls.adminConfirmDeposit, {
        params,
        body: { bankReference: (values.bankReference ?? '').trim(), reason: (values.reason ?? '').trim() },
      });
    },
    { invalidates: DEPOSIT_LISTS, errorMessage: false, successText: (decision) => decisionText(t, decision) },
  );
  const close = () => {
    decide.reset();
    onClose();
  };
  const first = order.confirmation;
  return (
    <FormModal<{ bankReference?: string; reason?: string }>
      open
      title={t(`payments.${action}Title`, { reference: order.referenceCode })}
      name={`${action}Deposit`}
      submitText={t(`payments.${action}Submit`)}
      pending={decide.isPending}
      error={decide.error}
      onCancel={close}
      onSubmit={(values) => decide.mutate(values, { onSuccess: close })}
    >
      <OrderFacts order={order} />
      {action === 'approve' && first ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('payments.firstConfirmation', {
            operator: first.confirmedBy.username,
            reference: first.bankReference,
            reason: first.reason,
          })}
        />
      ) : null}
      {action === 'confirm' ? (
        <Form.Item
          name="bankReference"
          label={t('payments.bankReference')}
          extra={t('payments.bankReferenceHint')}
          rules={[
            { required: true, whitespace: true, message: t('payments.required') },
            { pattern: /^[\x21-\x7e]+( [\x21-\x7e]+)*$/, message: t('payments.bankReferenceFormat') },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
      ) : null}
      {action === 'approve' ? null : <ReasonField max={500} />}
    </FormModal>
  );
}

/** The buttons of an open order (pending or expired) for an operator who writes deposits. */
export function DepositActions({ order }: { order: AdminDeposit }) {
  const { t } = useTranslation();
  const me = useOperator();
  const [action, setAction] = useState<Action | null>(null);
  if (order.status !== 'pending' && order.status !== 'expired') return null;
  const awaiting = order.confirmation?.status === 'awaiting_second_approval';
  const confirmedByMe = awaiting && order.confirmation?.confirmedBy.id === me?.id;
  return (
    <Space size="small" wrap>
      {awaiting ? (
        <Button
          size="small"
          type="primary"
          disabled={confirmedByMe}
          title={confirmedByMe ? t('payments.notYourApproval') : undefined}
          aria-label={t('payments.approveOrder', { reference: order.referenceCode })}
          onClick={() => setAction('approve')}
        >
          {t('payments.approve')}
        </Button>
      ) : (
        <Button
          size="small"
          type="primary"
          aria-label={t('payments.confirmOrder', { reference: order.referenceCode })}
          onClick={() => setAction('confirm')}
        >
          {t('payments.confirm')}
        </Button>
      )}
      <Button
        size="small"
        danger
        aria-label={t('payments.refuseOrder', { reference: order.referenceCode })}
        onClick={() => setAction('refuse')}
      >
        {t('payments.refuse')}
      </Button>
      {confirmedByMe ? <span>{t('payments.notYourApproval')}</span> : null}
      {action ? <DecisionModal order={order} action={action} onClose={() => setAction(null)} /> : null}
    </Space>
  );
}
