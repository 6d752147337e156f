import type { AdminWithdrawal } from '@kl/contracts/admin/money';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../shared/session.ts';

/**
 * Who may pay a pending withdrawal (docs/back-office.md, "Four eyes"): the approvals it needs and the
 * first one given; and, when the operator reading it may not approve it, why and who may instead.
 */
export function WithdrawalApproval({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const { approval } = withdrawal;
  if (withdrawal.status !== 'pending') return <>—</>;
  const mine = (approval.blocked.find((entry) => entry.username === operator?.username)?.reasons ?? [])
    .map((reason) => t(`withdrawals.reasons.${reason}`))
    .join('; ');
  return (
    <div>
      <div>
        {approval.required === 1
          ? t('withdrawals.oneApproval')
          : approval.firstApprovedBy
            ? t('withdrawals.firstApprovedBy', { username: approval.firstApprovedBy })
            : t('withdrawals.twoApprovals')}
      </div>
      {approval.youMay ? null : (
        <Typography.Text type="warning" data-testid="may-not-approve">
          {mine ? t('withdrawals.youMayNotBecause', { reasons: mine }) : t('withdrawals.youMayNot')}{' '}
          {approval.eligible.length > 0
            ? t('withdrawals.whoMay', { usernames: approval.eligible.join(', ') })
            : t('withdrawals.nobodyMay')}
        </Typography.Text>
      )}
    </div>
  );
}
