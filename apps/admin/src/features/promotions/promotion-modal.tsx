import { adminCalls } from '@kl/contracts/admin/calls';
import type {
  AdminPromotion,
  CreatePromotionRequest,
  UpdatePromotionRequest,
} from '@kl/contracts/admin/promotions';
import { PROMOTION_TYPES } from '@kl/contracts/promotions';
import { TURNOVER_BASES } from '@kl/contracts/wagering';
import { Alert, Form, type FormRule, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { formatMoney, minorDigits } from '@kl/contracts/money';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { LocalizedTextFields } from '../../shared/ui/localized-text-fields.tsx';
import { MomentRangePicker } from '../../shared/ui/moment-picker.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import {
  createRequestOf,
  formLimitsOf,
  limitRefusalOf,
  NEW_PROMOTION,
  updateRequestOf,
  valuesOf,
  type PromotionValues,
} from './promotion-form.ts';
import { usePromotionLimits } from './use-promotion-limits.ts';

/** What the modal edits: a new promotion, an existing one, or nothing (closed). */
export type PromotionEditing = { mode: 'new' } | { mode: 'edit'; promotion: AdminPromotion } | null;

type Save = { id?: undefined; body: CreatePromotionRequest } | { id: number; body: UpdatePromotionRequest };

const CURRENCY = 'VND';

/**
 * "New promotion" and edit: code and type (fixed once made), texts in both languages, picture, window,
 * bonus (fixed, or a percent with a cap), minimum deposit, turnover and position in the player's list.
 * What is saved waits for another operator to publish it (docs/back-office.md, "Promotions"); an edit
 * starts from the pending change when there is one, and replaces it. The bonus and the turnover multiple
 * are checked against the merchant's limits before sending; a refusal of the server for them (the limits
 * changed since) is shown under its field.
 */
export function PromotionModal({ editing, onClose }: { editing: PromotionEditing; onClose: () => void }) {
  // A form of its own each time it opens (its fields start from what it edits).
  if (editing === null) return null;
  return (
    <PromotionFormModal
      key={editing.mode === 'edit' ? editing.promotion.id : 'new'}
      editing={editing}
      onClose={onClose}
    />
  );
}

function PromotionFormModal({
  editing,
  onClose,
}: {
  editing: NonNullable<PromotionEditing>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<PromotionValues>();
  const existing = editing.mode === 'edit' ? editing.promotion : undefined;
  const currency = existing?.currency ?? CURRENCY;
  const unit = 10 ** minorDigits(currency);
  const controls = usePromotionLimits();
  const limits = controls.data ? formLimitsOf(controls.data, unit) : undefined;
  const money = (minorUnits: number) => formatMoney(minorUnits, currency, i18n.language);
  const aboveCap = (cap: number) => t('promotions.aboveCap', { cap: money(cap) });
  const belowMinimum = (minimum: number) => t('promotions.belowMinimum', { minimum });
  const save = useAdminMutation(
    ({ id, body }: Save) =>
      id === undefined
        ? adminCall(adminCalls.adminCreatePromotion, { body })
        : adminCall(adminCalls.adminUpdatePromotion, { params: { promotionId: id }, body }),
    {
      invalidates: ['promotions', 'report-promotions'],
      errorMessage: false,
      successText: (_, { id }) =>
        id === undefined ? t('promotions.createdWaiting') : t('promotions.changeWaiting'),
    },
  );
  const refusal = limitRefusalOf(save.error);
  const close = () => {
    save.reset();
    onClose();
  };
  const amount = (max = Number.MAX_SAFE_INTEGER) => (
    <InputNumber min={0} max={max} precision={minorDigits(currency)} style={{ width: '100%' }} />
  );
  const capRule: FormRule = {
    validator: (_, value: unknown) =>
      limits && typeof value === 'number' && value > limits.bonusCap && controls.data
        ? Promise.reject(new Error(aboveCap(controls.data.promotionBonusCap)))
        : Promise.resolve(),
  };
  const minimumRule: FormRule = {
    validator: (_, value: unknown) =>
      limits && typeof value === 'number' && value < limits.minTurnoverMultiple
        ? Promise.reject(new Error(belowMinimum(limits.minTurnoverMultiple)))
        : Promise.resolve(),
  };
  const capHint = controls.data
    ? t('promotions.capHint', { cap: money(controls.data.promotionBonusCap) })
    : undefined;

  return (
    <FormModal<PromotionValues>
      open
      title={existing ? t('promotions.editTitle', { code: existing.code }) : t('promotions.new')}
      name="promotion"
      form={form}
      submitText={t('common.save')}
      pending={save.isPending}
      error={refusal ? null : save.error}
      initialValues={existing ? valuesOf(existing, unit) : NEW_PROMOTION}
      onCancel={close}
      onSubmit={(values) =>
        save.mutate(
          existing
            ? { id: existing.id, body: updateRequestOf(values, unit) }
            : { body: createRequestOf(values, unit) },
          {
            onSuccess: close,
            onError: (error) => {
              const refused = limitRefusalOf(error);
              if (!refused) return;
              const text =
                refused.field === 'bonusAmount' ? aboveCap(refused.limit) : belowMinimum(refused.limit);
              form.setFields([{ name: refused.field, errors: [text] }]);
            },
          },
        )
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          existing?.draft
            ? t('promotions.editingDraft', {
                username: existing.draft.draftBy ?? '—',
                at: formatDateTime(existing.draft.draftAt),
              })
            : existing
              ? t('promotions.editWaits')
              : t('promotions.newWaits')
        }
      />
      <Form.Item
        name="code"
        label={t('promotions.code')}
        extra={t('promotions.codeHint')}
        rules={[
          { required: true, message: t('promotions.codeRequired') },
          { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/, message: t('promotions.codeFormat') },
        ]}
      >
        <Input maxLength={32} disabled={existing !== undefined} />
      </Form.Item>
      <Form.Item name="type" label={t('promotions.type')} rules={[{ required: true }]}>
        <Select
          aria-label={t('promotions.type')}
          disabled={existing !== undefined}
          options={PROMOTION_TYPES.map((type) => ({ value: type, label: t(`promotions.types.${type}`) }))}
        />
      </Form.Item>
      <LocalizedTextFields
        name="title"
        viLabel={t('promotions.titleVi')}
        enLabel={t('promotions.titleEn')}
        requiredMessage={t('promotions.titleRequired')}
        maxLength={200}
      />
      <LocalizedTextFields
        name="summary"
        viLabel={t('promotions.summaryVi')}
        enLabel={t('promotions.summaryEn')}
        requiredMessage={t('promotions.summaryRequired')}
        maxLength={500}
        rows={2}
      />
      <LocalizedTextFields
        name="detailHtml"
        viLabel={t('promotions.detailVi')}
        enLabel={t('promotions.detailEn')}
        requiredMessage={t('promotions.detailRequired')}
        maxLength={20_000}
        rows={4}
      />
      <Form.Item
        name="imageUrl"
        label={t('promotions.imageUrl')}
        extra={t('promotions.imageUrlHint')}
        rules={[{ pattern: /^(https:\/\/\S+|\/(?!\/)\S*)$/, message: t('promotions.imageUrlFormat') }]}
      >
        <Input maxLength={2000} />
      </Form.Item>
      <Form.Item
        name="window"
        label={t('promotions.window')}
        htmlFor="promotion_window"
        rules={[{ required: true, message: t('promotions.windowRequired') }]}
      >
        <MomentRangePicker
          id={{ start: 'promotion_window', end: 'promotion_window_end' }}
          aria-label={t('promotions.window')}
          placeholder={[t('promotions.startsAt'), t('promotions.endsAt')]}
        />
      </Form.Item>
      <Form.Item name="bonusKind" label={t('promotions.bonusKind')} rules={[{ required: true }]}>
        <Radio.Group
          aria-label={t('promotions.bonusKind')}
          optionType="button"
          options={[
            { value: 'fixed', label: t('promotions.bonusKinds.fixed') },
            { value: 'percent', label: t('promotions.bonusKinds.percent') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['bonusKind']}>
        {({ getFieldValue }) =>
          getFieldValue('bonusKind') === 'percent' ? (
            <>
              <Form.Item
                name="percent"
                label={t('promotions.percent')}
                rules={[{ required: true, message: t('promotions.percentRequired') }]}
              >
                <InputNumber min={0.01} max={1000} precision={2} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name="bonusAmount"
                label={t('promotions.cap', { currency })}
                extra={capHint}
                rules={[{ required: true, message: t('promotions.amountRequired') }, capRule]}
              >
                {amount()}
              </Form.Item>
            </>
          ) : (
            <Form.Item
              name="bonusAmount"
              label={t('promotions.amount', { currency })}
              extra={capHint}
              rules={[{ required: true, message: t('promotions.amountRequired') }, capRule]}
            >
              {amount()}
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item
        name="minDeposit"
        label={t('promotions.minDeposit', { currency })}
        rules={[{ required: true }]}
      >
        {amount()}
      </Form.Item>
      <Form.Item
        name="turnoverMultiple"
        label={t('promotions.turnoverMultiple')}
        extra={
          limits && limits.minTurnoverMultiple > 0
            ? t('promotions.minimumHint', { minimum: limits.minTurnoverMultiple })
            : t('promotions.turnoverMultipleHint')
        }
        rules={[{ required: true }, minimumRule]}
      >
        <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="turnoverBase" label={t('promotions.turnoverBase')} rules={[{ required: true }]}>
        <Radio.Group
          aria-label={t('promotions.turnoverBase')}
          optionType="button"
          options={TURNOVER_BASES.map((base) => ({
            value: base,
            label: t(`promotions.turnoverBases.${base}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="sort"
        label={t('promotions.sort')}
        extra={t('promotions.sortHint')}
        rules={[{ required: true }]}
      >
        <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
