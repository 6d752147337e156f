import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminLotteryDraw } from '@kl/contracts/admin/lottery';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ReasonField } from '../../shared/ui/reason-field.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** The list a void refreshes. */
export const DRAWS_LIST = 'lottery-draws';

/**
 * Voids a draw not drawn yet, after saying what it does: the draw is never drawn and every open bet
 * gets its stake back. The reason is kept with the draw and in the audit log.
 */
export function VoidDrawModal({ draw, onClose }: { draw: AdminLotteryDraw | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);
  const voidDraw = useAdminMutation(
    ({ drawId, reason }: { drawId: string; reason: string }) =>
      adminCall(adminCalls.adminVoidLotteryDraw, { params: { drawId }, body: { reason } }),
    {
      invalidates: [DRAWS_LIST, 'dashboard', 'member'],
      errorMessage: false,
      successText: (result) =>
        result.changed
          ? t('lotteryDraws.voided', {
              bets: formatCount(result.refundedBets, i18n.language),
              amount: money(result.refundedAmount),
            })
          : t('lotteryDraws.alreadyVoid'),
    },
  );
  const close = () => {
    voidDraw.reset();
    onClose();
  };
  return (
    <FormModal<{ reason: string }>
      open={draw !== null}
      title={t('lotteryDraws.voidTitle', { game: draw?.gameName ?? '', issue: draw?.issue ?? '' })}
      name="voidDraw"
      submitText={t('lotteryDraws.void')}
      pending={voidDraw.isPending}
      error={voidDraw.error}
      onCancel={close}
      onSubmit={({ reason }) => {
        if (draw) voidDraw.mutate({ drawId: draw.id, reason: reason.trim() }, { onSuccess: close });
      }}
    >
      {draw ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('lotteryDraws.voidWarning', {
            drawAt: formatDateTime(draw.drawAt),
            bets: formatCount(draw.openBets, i18n.language),
          })}
        />
      ) : null}
      <ReasonField />
    </FormModal>
  );
}
