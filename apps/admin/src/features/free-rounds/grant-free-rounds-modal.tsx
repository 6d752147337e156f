import { FREE_ROUNDS_MAX, FREE_ROUNDS_TURNOVER_MAX } from '@kl/contracts/provider-wallet';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { GrantFreeRoundsRequest } from '@kl/contracts/admin/free-rounds';
import { formatMoney, minorDigits } from '@kl/contracts/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { GROUPED } from '../../shared/grouped-number.ts';
import { listKey } from '../../shared/paged-list.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ReasonField } from '../../shared/ui/reason-field.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { FREE_ROUNDS_LIST, useOutcomeMessage } from './use-outcome-message.ts';

interface GrantValues {
  username: string;
  providerCode: string;
  gameId: string;
  rounds: number;
  /** In whole units of the wallet's currency (đồng). */
  roundValue: number;
  turnoverMultiple: number;
  validDays: number;
  reason: string;
}

/** The bounds of the contract's request (admin/free-rounds.ts), said under each field before sending. */
const ROUNDS = { min: 1, max: FREE_ROUNDS_MAX };
const TURNOVER = { min: 0, max: FREE_ROUNDS_TURNOVER_MAX };
const VALID_DAYS = { min: 1, max: 90 };
const DEFAULTS: Partial<GrantValues> = { turnoverMultiple: 1, validDays: 7 };

/** Minor units of one whole đồng typed. */
const UNIT = 10 ** minorDigits(WALLET_CURRENCY);

/** What the grant may cost the house before any win (rounds × value of a round), as typed. */
function ValuePreview() {
  const { t, i18n } = useTranslation();
  const rounds = Form.useWatch<number | null | undefined>('rounds');
  const roundValue = Form.useWatch<number | null | undefined>('roundValue');
  if (!rounds || !roundValue || rounds <= 0 || roundValue <= 0) return null;
  const value = formatMoney(rounds * roundValue * UNIT, WALLET_CURRENCY, i18n.language);
  return <Typography.Text type="secondary">{t('freeRounds.valuePreview', { value })}</Typography.Text>;
}

/** The provider, chosen among the enabled ones of the merchant (the free rounds' own list of them). */
function ProviderField() {
  const { t } = useTranslation();
  const providers = useQuery({
    queryKey: listKey('free-rounds-providers'),
    queryFn: ({ signal }) => adminCall(adminCalls.adminFreeRoundsProviders, { signal }),
  });
  const options = (providers.data?.list ?? [])
    .filter((provider) => provider.enabled)
    .map((provider) => ({ value: provider.code, label: `${provider.name} (${provider.code})` }));
  return (
    <Form.Item
      name="providerCode"
      label={t('freeRounds.provider')}
      rules={[{ required: true, message: t('freeRounds.providerRequired') }]}
    >
      <Select options={options} loading={providers.isFetching} showSearch={{ optionFilterProp: 'label' }} />
    </Form.Item>
  );
}

/** A whole number field within `range`, its bounds said when missed. */
function CountField({
  name,
  label,
  hint,
  range,
}: {
  name: keyof GrantValues;
  label: string;
  hint?: string;
  range: { min: number; max: number };
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={hint}
      rules={[
        { required: true, message: t('freeRounds.required') },
        { type: 'integer', ...range, message: t('freeRounds.range', range) },
      ]}
    >
      <InputNumber<number> {...range} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/**
 * "Grant free rounds" (docs/back-office.md, "Free rounds"): the member, the provider's game, the rounds and
 * the value of one, their turnover, how long they last and why. The idempotency key is drawn when the form
 * opens (`idempotencyKey`, null when closed), so submitting twice makes one grant. Beyond the day's room
 * of house money given at once, shared with manual credits, the grant waits for a second operator; the
 * form says so before sending and the message after it says which it was.
 */
export function GrantFreeRoundsModal({
  idempotencyKey,
  onClose,
}: {
  idempotencyKey: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const announce = useOutcomeMessage();
  const grant = useAdminMutation(
    (body: GrantFreeRoundsRequest) => adminCall(adminCalls.adminGrantFreeRounds, { body }),
    { invalidates: [FREE_ROUNDS_LIST, 'creditRoom', 'dashboard'], errorMessage: false },
  );
  const close = () => {
    grant.reset();
    onClose();
  };
  const submit = (values: GrantValues) => {
    if (!idempotencyKey) return;
    grant.mutate(
      {
        username: values.username.trim(),
        providerCode: values.providerCode.trim(),
        gameId: values.gameId.trim(),
        rounds: values.rounds,
        roundValue: values.roundValue * UNIT,
        turnoverMultiple: values.turnoverMultiple,
        validDays: values.validDays,
        reason: values.reason.trim(),
        idempotencyKey,
      },
      {
        onSuccess: (granted) => {
          announce(granted, 'grant');
          close();
        },
      },
    );
  };
  const required = (message: string) => ({ required: true, whitespace: true, message });

  return (
    <FormModal<GrantValues>
      open={idempotencyKey !== null}
      title={t('freeRounds.grant')}
      name="grantFreeRounds"
      submitText={t('freeRounds.submit')}
      pending={grant.isPending}
      error={grant.error}
      initialValues={DEFAULTS}
      onCancel={close}
      onSubmit={submit}
    >
      <Typography.Paragraph type="secondary">{t('freeRounds.fourEyes')}</Typography.Paragraph>
      <Form.Item
        name="username"
        label={t('freeRounds.username')}
        rules={[required(t('freeRounds.usernameRequired'))]}
      >
        <Input maxLength={50} autoComplete="off" />
      </Form.Item>
      <ProviderField />
      <Form.Item
        name="gameId"
        label={t('freeRounds.gameId')}
        extra={t('freeRounds.gameIdHint')}
        rules={[required(t('freeRounds.gameIdRequired'))]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <CountField name="rounds" label={t('freeRounds.rounds')} range={ROUNDS} />
      <Form.Item
        name="roundValue"
        label={t('freeRounds.roundValue', { currency: WALLET_CURRENCY })}
        rules={[{ required: true, message: t('freeRounds.required') }]}
        extra={<ValuePreview />}
      >
        <InputNumber<number>
          min={1}
          max={Math.floor(Number.MAX_SAFE_INTEGER / UNIT)}
          precision={0}
          {...GROUPED}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <CountField
        name="turnoverMultiple"
        label={t('freeRounds.turnoverMultiple')}
        hint={t('freeRounds.turnoverHint')}
        range={TURNOVER}
      />
      <CountField
        name="validDays"
        label={t('freeRounds.validDays')}
        hint={t('freeRounds.validDaysHint')}
        range={VALID_DAYS}
      />
      <ReasonField min={3} />
    </FormModal>
  );
}
