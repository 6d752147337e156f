import { adminCalls } from '@kl/contracts/admin/calls';
import { type AdminLotteryOdds, oddsLoosen } from '@kl/contracts/admin/lotteries';
import { formatMoney } from '@kl/contracts/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { Alert, Form, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { GROUPED } from '../../shared/grouped-number.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** The odds query a change refreshes. */
export const ODDS_LIST = 'lottery-odds';

const VALUES = ['pricePerPoint', 'payoutPerPoint', 'maxPerNumber'] as const;
type OddsFormValues = Record<(typeof VALUES)[number], number> & { note: string };

/** How an odds row is named: bet type, region, option. */
export function useOddsLabel() {
  const { t } = useTranslation();
  return (odds: Pick<AdminLotteryOdds, 'prizeMode' | 'betType' | 'region' | 'pick'>) =>
    [
      odds.prizeMode,
      t(`lotteries.betTypes.${odds.betType}`),
      odds.region === '*' ? t('lotteries.allRegions') : t(`lotteries.regions.${odds.region}`),
      ...(odds.pick === '*' ? [] : [odds.pick]),
    ].join(' · ');
}

/**
 * Changes one odds row, with why. The screen says before sending whether it applies at once (it only
 * tightens) or waits for a second owner (it pays more, costs less or takes more per selection).
 */
export function OddsModal({ odds, onClose }: { odds: AdminLotteryOdds | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<OddsFormValues>();
  const label = useOddsLabel();
  const asked = {
    pricePerPoint: Form.useWatch('pricePerPoint', form),
    payoutPerPoint: Form.useWatch('payoutPerPoint', form),
    maxPerNumber: Form.useWatch('maxPerNumber', form),
  };
  const loosens =
    odds !== null &&
    VALUES.every((field) => typeof asked[field] === 'number') &&
    oddsLoosen(odds, asked as Record<(typeof VALUES)[number], number>);
  const change = useAdminMutation(
    (values: OddsFormValues) => {
      if (!odds) throw new Error('no odds row');
      const { prizeMode, betType, region, pick } = odds;
      return adminCall(adminCalls.adminChangeLotteryOdds, {
        body: { prizeMode, betType, region, pick, ...values, note: values.note.trim() },
      });
    },
    {
      invalidates: [ODDS_LIST, 'operator-requests'],
      errorMessage: false,
      successText: (result) => t(result.applied ? 'lotteries.odds.applied' : 'lotteries.odds.waiting'),
    },
  );
  const close = () => {
    change.reset();
    onClose();
  };
  const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);

  return (
    <FormModal<OddsFormValues>
      open={odds !== null}
      form={form}
      title={t('lotteries.odds.editTitle', { odds: odds ? label(odds) : '' })}
      name="lotteryOdds"
      submitText={loosens ? t('lotteries.odds.ask') : t('common.save')}
      pending={change.isPending}
      error={change.error}
      initialValues={odds ? { ...odds, note: '' } : {}}
      onCancel={close}
      onSubmit={(values) => change.mutate(values, { onSuccess: close })}
    >
      <Typography.Paragraph type="secondary">{t('lotteries.odds.hint')}</Typography.Paragraph>
      {odds?.pending ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('lotteries.odds.pendingOf', {
            by: odds.pending.requestedBy,
            payout: money(odds.pending.payoutPerPoint),
          })}
        />
      ) : null}
      {VALUES.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`lotteries.odds.${field}`)}
          rules={[
            { required: true, message: t('lotteries.required') },
            { type: 'number', min: 1, message: t('lotteries.positive') },
          ]}
        >
          <InputNumber<number> {...GROUPED} min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      ))}
      {odds && odds.pick !== '*' ? (
        <Typography.Paragraph type="secondary">{t('lotteries.odds.optionPrice')}</Typography.Paragraph>
      ) : null}
      <Form.Item
        name="note"
        label={t('lotteries.odds.note')}
        rules={[{ required: true, whitespace: true, message: t('lotteries.odds.noteRequired') }]}
      >
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      {loosens ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('lotteries.odds.loosens')} />
      ) : null}
    </FormModal>
  );
}
