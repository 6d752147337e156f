import { ADJUSTMENT_DIRECTIONS } from '@kl/contracts/admin/members';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { CreateAdjustmentRequest, MemberRow } from '@kl/contracts/admin/members';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';
import { formatMoney, minorDigits } from '@kl/contracts/money';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ReasonField } from '../../shared/ui/reason-field.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

interface AdjustValues {
  direction: (typeof ADJUSTMENT_DIRECTIONS)[number];
  amount: number;
  reason: string;
}

/** The amount typed, as it will be booked. */
function AmountPreview({ currency }: { currency: string }) {
  const { i18n } = useTranslation();
  const amount = Form.useWatch<number | null | undefined>('amount');
  if (!amount || amount <= 0) return null;
  return (
    <Typography.Text type="secondary">
      {formatMoney(amount * 10 ** minorDigits(currency), currency, i18n.language)}
    </Typography.Text>
  );
}

/**
 * What credits may still be applied at once today (docs/back-office.md, "Four eyes"): the merchant's daily
 * limits per operator and per member, and what was used of them. Beyond them a credit waits for a second
 * operator; the operator sees it before sending.
 */
function CreditRoom({ memberId, currency }: { memberId: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const room = useQuery({
    queryKey: listKey('creditRoom', { memberId }),
    queryFn: ({ signal }) => adminCall(adminCalls.adminCreditRoom, { query: { memberId }, signal }),
  });
  if (!room.data) return null;
  const money = (value: number) => formatMoney(value, currency, i18n.language);
  const { operator, member } = room.data;
  const left = Math.max(
    0,
    Math.min(operator.limit - operator.usedToday, member ? member.limit - member.usedToday : Infinity),
  );
  return (
    <Alert
      type="info"
      role="status"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('adjustments.room.title', { amount: money(left) })}
      description={
        <>
          <div>
            {t('adjustments.room.operator', {
              used: money(operator.usedToday),
              limit: money(operator.limit),
            })}
          </div>
          {member ? (
            <div>
              {t('adjustments.room.member', { used: money(member.usedToday), limit: money(member.limit) })}
            </div>
          ) : null}
          <div>{t('adjustments.room.beyond')}</div>
        </>
      }
    />
  );
}

/**
 * "Adjust balance": credit or debit, amount (in whole units of the member's currency) and reason. The
 * idempotency key is drawn when the form opens (`idempotencyKey`, null when closed), so submitting
 * twice makes one adjustment. A credit beyond the day's room (CreditRoom) waits for a second approver.
 */
export function AdjustBalanceModal({
  member,
  idempotencyKey,
  onClose,
}: {
  member: Pick<MemberRow, 'id' | 'username' | 'currency'>;
  idempotencyKey: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const create = useAdminMutation(
    (body: CreateAdjustmentRequest) => adminCall(adminCalls.adminCreateAdjustment, { body }),
    { invalidates: ['adjustments', 'member', 'members', 'creditRoom'], errorMessage: false },
  );
  const close = () => {
    create.reset();
    onClose();
  };
  const submit = (values: AdjustValues) => {
    if (!idempotencyKey) return;
    create.mutate(
      {
        memberId: member.id,
        direction: values.direction,
        amount: values.amount * 10 ** minorDigits(member.currency),
        reason: values.reason.trim(),
        idempotencyKey,
      },
      {
        onSuccess: (adjustment) => {
          if (adjustment.status === 'pending') void message.info(t('adjustments.pendingNotice'), 8);
          else void message.success(t('adjustments.appliedNotice'));
          close();
        },
      },
    );
  };

  return (
    <FormModal<AdjustValues>
      open={idempotencyKey !== null}
      title={t('adjustments.adjustTitle', { username: member.username })}
      name="adjustBalance"
      submitText={t('adjustments.submit')}
      pending={create.isPending}
      error={create.error}
      initialValues={{ direction: 'credit' }}
      onCancel={close}
      onSubmit={submit}
    >
      {idempotencyKey !== null ? <CreditRoom memberId={member.id} currency={member.currency} /> : null}
      <Form.Item name="direction" label={t('adjustments.direction')} rules={[{ required: true }]}>
        <Radio.Group
          aria-label={t('adjustments.direction')}
          optionType="button"
          options={ADJUSTMENT_DIRECTIONS.map((direction) => ({
            value: direction,
            label: t(`adjustments.directions.${direction}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('adjustments.amountIn', { currency: member.currency })}
        rules={[{ required: true, message: t('adjustments.amountRequired') }]}
        extra={<AmountPreview currency={member.currency} />}
      >
        <InputNumber min={1} max={Number.MAX_SAFE_INTEGER} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <ReasonField min={3} />
    </FormModal>
  );
}
