import { adminCalls } from '@kl/contracts/admin/calls';
import type { MoneyControls } from '@kl/contracts/admin/controls';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatMoney } from '@kl/contracts/money';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { GROUPED } from '../../shared/grouped-number.ts';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** The query of the controls (the promotion form reads the same). */
const CONTROLS = 'controls';

/** The controls in minor units of the wallet's currency (VND: whole đồng) and plain numbers. */
const MONEY_FIELDS = [
  'creditLimitPerOperatorDay',
  'creditLimitPerMemberDay',
  'withdrawalSecondApprovalAbove',
  'depositConfirmSecondApprovalAbove',
  'promotionBonusCap',
] as const;
const NUMBER_FIELDS = ['promotionMinTurnoverMultiple', 'segregationDays'] as const;
const FIELDS = [...MONEY_FIELDS, ...NUMBER_FIELDS] as const;

type ControlsValues = MoneyControls & { note: string };

/** An owner's change: applied at once when it only tightens, else waiting for a second owner. */
function ChangeControlsForm({ controls }: { controls: MoneyControls }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ControlsValues>();
  const change = useAdminMutation(
    (body: ControlsValues) => adminCall(adminCalls.adminChangeControls, { body }),
    {
      invalidates: [CONTROLS, 'operator-requests'],
      successText: (result) => t(result.applied ? 'controls.applied' : 'controls.waiting'),
      errorMessage: false,
    },
  );
  return (
    <Card title={t('controls.changeTitle')} style={{ marginTop: 24 }}>
      <Typography.Paragraph type="secondary">{t('controls.changeHint')}</Typography.Paragraph>
      <Form<ControlsValues>
        form={form}
        name="changeControls"
        layout="vertical"
        initialValues={{ ...controls, note: '' }}
        onFinish={(values) => change.mutate(values, { onSuccess: () => form.setFieldValue('note', '') })}
        style={{ maxWidth: 560 }}
      >
        {FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`controls.fields.${field}`)}
            extra={t(`controls.hints.${field}`)}
            rules={[{ required: true, message: t('controls.required') }]}
          >
            <InputNumber<number>
              {...((MONEY_FIELDS as readonly string[]).includes(field) && GROUPED)}
              min={field === 'promotionBonusCap' ? 1 : 0}
              max={
                field === 'segregationDays'
                  ? 365
                  : field === 'promotionMinTurnoverMultiple'
                    ? 1000
                    : undefined
              }
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        ))}
        <Form.Item
          name="note"
          label={t('controls.note')}
          rules={[{ required: true, whitespace: true, message: t('controls.noteRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {change.error ? (
          <div style={{ marginBottom: 16 }}>
            <ErrorAlert error={change.error} />
          </div>
        ) : null}
        {change.data && !change.data.applied ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('controls.waiting')} />
        ) : null}
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('controls.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * The merchant's money controls (docs/back-office.md, "Four eyes"): every operator reads what applies;
 * owners change them — a change that loosens any control waits for a second owner (Operators, requests
 * waiting).
 */
export function ControlsScreen() {
  const { t, i18n } = useTranslation();
  const canChange = useCanWrite('operators');
  const controls = useQuery({
    queryKey: listKey(CONTROLS),
    queryFn: ({ signal }) => adminCall(adminCalls.adminControls, { signal }),
  });
  const value = (field: (typeof FIELDS)[number], data: MoneyControls) =>
    (MONEY_FIELDS as readonly string[]).includes(field)
      ? formatMoney(data[field], WALLET_CURRENCY, i18n.language)
      : String(data[field]);

  return (
    <Screen title={t('controls.menu')}>
      {controls.error ? <ErrorAlert error={controls.error} onRetry={() => void controls.refetch()} /> : null}
      {controls.data ? (
        <>
          <Descriptions
            bordered
            column={1}
            items={FIELDS.map((field) => ({
              key: field,
              label: t(`controls.fields.${field}`),
              children: value(field, controls.data),
            }))}
          />
          {canChange ? (
            // Made anew from each answer, so the form shows what the server keeps.
            <ChangeControlsForm key={JSON.stringify(controls.data)} controls={controls.data} />
          ) : null}
        </>
      ) : controls.error ? null : (
        <Skeleton active title={false} />
      )}
    </Screen>
  );
}
