import {
  type AdminLottery,
  DRAW_TIME_PATTERN,
  LOTTERY_CODE_PATTERN,
  LOTTERY_INTERVAL_SECONDS,
  LOTTERY_NAME_MAX,
  SECONDS_A_DAY,
  STATION_NAME_MAX,
  WEEKDAYS,
} from '@kl/contracts/admin/lotteries';
import { adminCalls } from '@kl/contracts/admin/calls';
import {
  LOTTERY_CATEGORIES,
  LOTTERY_PLAY_TYPES,
  LOTTERY_REGIONS,
  type LotteryCategory,
} from '@kl/contracts/lottery';
import { Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { GROUPED } from '../../shared/grouped-number.ts';
import { CodeField } from '../../shared/ui/code-field.tsx';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import {
  CATEGORY_DEFAULTS,
  dayKey,
  formValuesOf,
  type LotteryFormValues,
  problemsOf,
  requestOf,
} from './lottery-form.ts';

/** The list a change of a lottery refreshes (the draws too: a new lottery's come with it). */
export const LOTTERIES_LIST = 'lotteries';

/**
 * Adds a lottery (`lottery` null) or edits one: code, region and category (fixed once written), name,
 * play types (the first is the main one), the schedule of its category — weekdays, draw time and, in the
 * north, the station of each weekday; or the seconds between draws —, when betting closes, the stake
 * limit, the order and the switch. The server's checks are run before sending and said under the field.
 */
export function LotteryModal({
  open,
  lottery,
  sortOrder,
  onClose,
}: {
  open: boolean;
  lottery: AdminLottery | null;
  /** The order a new lottery starts with (after the others). */
  sortOrder: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LotteryFormValues>();
  const category = Form.useWatch('category', form);
  const region = Form.useWatch('region', form);
  const weekdays = Form.useWatch('weekdays', form) ?? [];
  const save = useAdminMutation(
    async (values: LotteryFormValues) => {
      const request = requestOf(values);
      if (!lottery) return adminCall(adminCalls.adminCreateLottery, { body: request });
      const { code: _code, region: _region, category: _category, ...body } = request;
      const saved = await adminCall(adminCalls.adminUpdateLottery, { params: { code: lottery.code }, body });
      return { lottery: saved, standardOddsWritten: false };
    },
    {
      invalidates: [LOTTERIES_LIST, 'lottery-odds', 'lottery-draws'],
      errorMessage: false,
      successText: (saved) =>
        [
          t(lottery ? 'lotteries.saved' : 'lotteries.created', { name: saved.lottery.name }),
          saved.standardOddsWritten ? t('lotteries.standardOddsWritten') : '',
        ]
          .filter(Boolean)
          .join(' '),
    },
  );
  const close = () => {
    save.reset();
    onClose();
  };
  const submit = (values: LotteryFormValues) => {
    const problems = problemsOf(requestOf(values));
    if (problems.length > 0) {
      form.setFields(
        problems.map(({ field, reason }) => ({ name: field, errors: [t(`lotteries.problems.${reason}`)] })),
      );
      return;
    }
    save.mutate(values, { onSuccess: close });
  };
  const required = { required: true, message: t('lotteries.required') };
  const seconds = (name: 'closeSeconds' | 'intervalSeconds', min: number, max: number) => (
    <Form.Item
      name={name}
      label={t(`lotteries.${name}`)}
      extra={t(`lotteries.hints.${name}`)}
      rules={[required]}
    >
      <InputNumber<number> min={min} max={max} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <FormModal<LotteryFormValues>
      open={open}
      form={form}
      title={lottery ? t('lotteries.editTitle', { name: lottery.name }) : t('lotteries.new')}
      name="lottery"
      submitText={t('common.save')}
      pending={save.isPending}
      error={save.error}
      initialValues={formValuesOf(lottery, sortOrder)}
      onCancel={close}
      onSubmit={submit}
    >
      <CodeField
        label={t('lotteries.code')}
        hint={t('lotteries.hints.code')}
        pattern={LOTTERY_CODE_PATTERN}
        messages={{ required: t('lotteries.required'), format: t('lotteries.codeFormat') }}
        fixed={lottery !== null}
      />
      <Form.Item name="name" label={t('lotteries.name')} rules={[{ ...required, whitespace: true }]}>
        <Input maxLength={LOTTERY_NAME_MAX} />
      </Form.Item>
      <Form.Item name="region" label={t('lotteries.region')} rules={[required]}>
        <Select
          disabled={lottery !== null}
          options={LOTTERY_REGIONS.map((value) => ({ value, label: t(`lotteries.regions.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="category"
        label={t('lotteries.category')}
        extra={lottery ? t('lotteries.hints.fixed') : undefined}
        rules={[required]}
      >
        <Select
          disabled={lottery !== null}
          options={LOTTERY_CATEGORIES.map((value) => ({ value, label: t(`lotteries.categories.${value}`) }))}
          onChange={(value: LotteryCategory) => form.setFieldsValue(CATEGORY_DEFAULTS[value])}
        />
      </Form.Item>
      <Form.Item
        name="playTypes"
        label={t('lotteries.playTypes')}
        extra={t('lotteries.hints.playTypes')}
        rules={[{ ...required, type: 'array', min: 1 }]}
      >
        <Select
          mode="multiple"
          options={LOTTERY_PLAY_TYPES.map((value) => ({
            value,
            label: t(`lotteries.playTypeNames.${value}`),
          }))}
        />
      </Form.Item>
      {category === 'ELOTT' ? (
        seconds('intervalSeconds', LOTTERY_INTERVAL_SECONDS.min, LOTTERY_INTERVAL_SECONDS.max)
      ) : (
        <>
          <Form.Item
            name="weekdays"
            label={t('lotteries.weekdays')}
            rules={[{ ...required, type: 'array', min: 1, message: t('lotteries.weekdaysRequired') }]}
          >
            <Checkbox.Group
              aria-label={t('lotteries.weekdays')}
              options={WEEKDAYS.map((value) => ({ value, label: t(dayKey(value)) }))}
            />
          </Form.Item>
          <Form.Item
            name="drawTime"
            label={t('lotteries.drawTime')}
            extra={t('lotteries.hints.drawTime')}
            rules={[required, { pattern: DRAW_TIME_PATTERN, message: t('lotteries.drawTimeFormat') }]}
          >
            <Input maxLength={5} placeholder="18:15" inputMode="numeric" />
          </Form.Item>
          {region === 'MB'
            ? [...weekdays]
                .sort((a, b) => a - b)
                .map((day) => (
                  <Form.Item
                    key={day}
                    name={['stations', String(day)]}
                    label={t('lotteries.stationOf', { day: t(dayKey(day)) })}
                  >
                    <Input maxLength={STATION_NAME_MAX} />
                  </Form.Item>
                ))
            : null}
        </>
      )}
      {seconds('closeSeconds', 0, SECONDS_A_DAY - 1)}
      <Form.Item
        name="maxPerDraw"
        label={t('lotteries.maxPerDraw')}
        extra={t('lotteries.hints.maxPerDraw')}
        rules={[required, { type: 'number', min: 1, message: t('lotteries.positive') }]}
      >
        <InputNumber<number> {...GROUPED} min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="sortOrder" label={t('lotteries.sortOrder')} rules={[required]}>
        <InputNumber<number> min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('lotteries.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
