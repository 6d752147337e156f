import { adminCalls } from '@kl/contracts/admin/calls';
import type {
  AdminPromotion,
  CreatePromotionRequest,
  UpdatePromotionRequest,
} from '@kl/contracts/admin/promotions';
import { PROMOTION_TYPES } from '@kl/contracts/promotions';
import { TURNOVER_BASES } from '@kl/contracts/wagering';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { minorDigits } from '../../shared/money.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { LocalizedTextFields } from '../../shared/ui/localized-text-fields.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import {
  createRequestOf,
  NEW_PROMOTION,
  updateRequestOf,
  valuesOf,
  type PromotionValues,
} from './promotion-form.ts';

/** What the modal edits: a new promotion, an existing one, or nothing (closed). */
export type PromotionEditing = { mode: 'new' } | { mode: 'edit'; promotion: AdminPromotion } | null;

type Save = { id?: undefined; body: CreatePromotionRequest } | { id: number; body: UpdatePromotionRequest };

const CURRENCY = 'VND';

/**
 * "New promotion" and edit: code and type (fixed once made), texts in both languages, picture, window,
 * bonus (fixed, or a percent with a cap), minimum deposit, turnover and position in the player's list.
 */
export function PromotionModal({ editing, onClose }: { editing: PromotionEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const existing = editing?.mode === 'edit' ? editing.promotion : undefined;
  const currency = existing?.currency ?? CURRENCY;
  const unit = 10 ** minorDigits(currency);
  const save = useAdminMutation(
    ({ id, body }: Save) =>
      id === undefined
        ? adminCall(adminCalls.adminCreatePromotion, { body })
        : adminCall(adminCalls.adminUpdatePromotion, { params: { promotionId: id }, body }),
    {
      invalidates: ['promotions', 'report-promotions'],
      errorMessage: false,
      successText: () => t('promotions.saved'),
    },
  );
  const close = () => {
    save.reset();
    onClose();
  };
  const amount = (max = Number.MAX_SAFE_INTEGER) => (
    <InputNumber min={0} max={max} precision={minorDigits(currency)} style={{ width: '100%' }} />
  );

  return (
    <FormModal<PromotionValues>
      open={editing !== null}
      title={existing ? t('promotions.editTitle', { code: existing.code }) : t('promotions.new')}
      name="promotion"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      initialValues={existing ? valuesOf(existing, unit) : NEW_PROMOTION}
      onCancel={close}
      onSubmit={(values) =>
        save.mutate(
          existing
            ? { id: existing.id, body: updateRequestOf(values, unit) }
            : { body: createRequestOf(values, unit) },
          { onSuccess: close },
        )
      }
    >
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
        <DatePicker.RangePicker
          id={{ start: 'promotion_window', end: 'promotion_window_end' }}
          showTime
          aria-label={t('promotions.window')}
          placeholder={[t('promotions.startsAt'), t('promotions.endsAt')]}
          style={{ width: '100%' }}
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
                rules={[{ required: true, message: t('promotions.amountRequired') }]}
              >
                {amount()}
              </Form.Item>
            </>
          ) : (
            <Form.Item
              name="bonusAmount"
              label={t('promotions.amount', { currency })}
              rules={[{ required: true, message: t('promotions.amountRequired') }]}
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
        extra={t('promotions.turnoverMultipleHint')}
        rules={[{ required: true }]}
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
