import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTRACT_KINDS, DIVIDEND_PERIODS, MAX_CONTRACT_TIERS } from '@kl/contracts/agent-contracts';
import type { ContractKind } from '@kl/contracts/agent-contracts';
import type { AdminAgent } from '@kl/contracts/admin/agents';
import { adminCalls } from '@kl/contracts/admin/calls';
import { Button, Flex, Form, InputNumber, Radio, Typography, type FormRule } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import {
  boundsOf,
  NEW_CONTRACT,
  offerRequestOf,
  thresholdAccepted,
  thresholdOf,
  TIER_FIELDS,
  type ContractValues,
  type TierFieldSpec,
} from './contract-form.ts';

/** Whole numbers for money and counts; a share with at most two decimals (it becomes basis points). */
const fitsUnit = (spec: TierFieldSpec, value: number) =>
  spec.type === 'percent' ? Math.abs(value * 100 - Math.round(value * 100)) < 1e-9 : Number.isInteger(value);

/** The rules of one field of tier `index`: required, in range, in its unit, and thresholds ascending. */
function useTierRules() {
  const { t } = useTranslation();
  return (kind: ContractKind, spec: TierFieldSpec, index: number): FormRule[] => {
    const { min, max } = boundsOf(spec);
    const rules: FormRule[] = [
      { required: true, message: t('agents.contract.required') },
      {
        validator: async (_, value: number | null | undefined) => {
          if (value === null || value === undefined) return;
          if (value < min) throw new Error(t('agents.contract.min', { min }));
          if (value > max) throw new Error(t('agents.contract.max', { max }));
          if (!fitsUnit(spec, value))
            throw new Error(
              t(spec.type === 'percent' ? 'agents.contract.twoDecimals' : 'agents.contract.whole'),
            );
          if (spec.key === thresholdOf(kind) && !thresholdAccepted(kind, value))
            throw new Error(t('agents.contract.aboveZero'));
        },
      },
    ];
    if (spec.key === thresholdOf(kind) && index > 0) {
      rules.push(({ getFieldValue }) => ({
        validator: async (_, value: number | null | undefined) => {
          const previous = getFieldValue(['tiers', index - 1, spec.key]) as number | null | undefined;
          if (value === null || value === undefined || previous === null || previous === undefined) return;
          if (value <= previous) throw new Error(t('agents.contract.ascending', { previous }));
        },
      }));
    }
    return rules;
  };
}

interface TierRowProps {
  kind: ContractKind;
  /** The tier's name in the form's list, and its place (0 for the first tier). */
  name: number;
  index: number;
  removable: boolean;
  onRemove: (name: number) => void;
}

/**
 * One tier: its fields, each checked, and its Remove button. A row is drawn again only when its place
 * changes, not when another tier is added (the list's `remove` reads the form's current values).
 */
const TierRow = memo(
  function TierRow({ kind, name, index, removable, onRemove }: TierRowProps) {
    const { t } = useTranslation();
    const rulesOf = useTierRules();
    const threshold = thresholdOf(kind);
    return (
      <fieldset style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: '4px 12px 0', margin: 0 }}>
        <legend style={{ width: 'auto', border: 0, margin: 0, padding: '0 4px', fontSize: 14 }}>
          {t('agents.contract.tier', { n: index + 1 })}
        </legend>
        <Flex gap="small" align="flex-start" wrap>
          {TIER_FIELDS[kind].map((spec) => (
            <Form.Item
              key={spec.key}
              name={[name, spec.key]}
              label={t(`agents.contract.fields.${spec.key}`)}
              rules={rulesOf(kind, spec, index)}
              dependencies={
                spec.key === threshold && index > 0 ? [['tiers', index - 1, threshold]] : undefined
              }
              style={{ flex: '1 1 140px', marginBottom: 12 }}
            >
              <InputNumber<number> style={{ width: '100%' }} />
            </Form.Item>
          ))}
          <Button
            aria-label={t('agents.contract.removeTier', { n: index + 1 })}
            icon={<DeleteOutlined aria-hidden="true" />}
            disabled={!removable}
            onClick={() => onRemove(name)}
            style={{ marginTop: 30 }}
          />
        </Flex>
      </fieldset>
    );
  },
  (before, after) =>
    before.kind === after.kind &&
    before.name === after.name &&
    before.index === after.index &&
    before.removable === after.removable,
);

/** The tiers of a contract of `kind`: one group per tier, "Add tier" up to MAX_CONTRACT_TIERS. */
function TierList({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  return (
    <Form.List
      name="tiers"
      rules={[
        {
          validator: async (_, tiers: unknown[] | undefined) => {
            if (!tiers?.length) throw new Error(t('agents.contract.atLeastOne'));
            if (tiers.length > MAX_CONTRACT_TIERS)
              throw new Error(t('agents.contract.tooMany', { max: MAX_CONTRACT_TIERS }));
          },
        },
      ]}
    >
      {(items, { add, remove }, { errors }) => (
        <Flex vertical gap="small" style={{ marginBottom: 16 }}>
          <Typography.Text strong>{t('agents.contract.tiers')}</Typography.Text>
          <Typography.Text type="secondary">
            {t('agents.contract.tiersHint', { max: MAX_CONTRACT_TIERS })}
          </Typography.Text>
          {items.map((item, index) => (
            <TierRow
              key={item.key}
              kind={kind}
              name={item.name}
              index={index}
              removable={items.length > 1}
              onRemove={remove}
            />
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined aria-hidden="true" />}
            disabled={items.length >= MAX_CONTRACT_TIERS}
            onClick={() => add({})}
          >
            {t('agents.contract.addTier')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/**
 * "Offer contract" to an agent: salary, dividend (by half month or month) or hourly, with its tiers. The
 * offer is a proposal: the agent sees it once another operator approves it.
 */
export function OfferContractModal({ agent, onClose }: { agent: AdminAgent | null; onClose: () => void }) {
  const { t } = useTranslation();
  const offer = useAdminMutation(
    (values: ContractValues & { username: string }) =>
      adminCall(adminCalls.adminOfferContract, { body: offerRequestOf(values.username, values) }),
    {
      invalidates: ['agent-contract-proposals'],
      errorMessage: false,
      successText: (result) => t('agents.contract.proposed', { username: result.username }),
    },
  );
  const close = () => {
    offer.reset();
    onClose();
  };
  return (
    <FormModal<ContractValues>
      open={agent !== null}
      title={t('agents.contract.title', { username: agent?.username ?? '' })}
      name="offerContract"
      submitText={t('agents.contract.submit')}
      pending={offer.isPending}
      error={offer.error}
      initialValues={NEW_CONTRACT}
      onCancel={close}
      onSubmit={(values) => {
        if (agent) offer.mutate({ ...values, username: agent.username }, { onSuccess: close });
      }}
    >
      <Typography.Paragraph type="secondary">{t('agents.contract.fourEyes')}</Typography.Paragraph>
      <Form.Item name="kind" label={t('agents.contract.kind')} rules={[{ required: true }]}>
        <Radio.Group
          aria-label={t('agents.contract.kind')}
          optionType="button"
          options={CONTRACT_KINDS.map((kind) => ({ value: kind, label: t(`agents.kinds.${kind}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) => {
          const kind = getFieldValue('kind') as ContractKind;
          return (
            <>
              {kind === 'dividend' ? (
                <Form.Item name="period" label={t('agents.contract.period')} rules={[{ required: true }]}>
                  <Radio.Group
                    aria-label={t('agents.contract.period')}
                    optionType="button"
                    options={DIVIDEND_PERIODS.map((period) => ({
                      value: period,
                      label: t(`agents.periods.${period}`),
                    }))}
                  />
                </Form.Item>
              ) : null}
              <TierList key={kind} kind={kind} />
            </>
          );
        }}
      </Form.Item>
    </FormModal>
  );
}
