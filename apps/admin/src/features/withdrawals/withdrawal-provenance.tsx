import type { AdminWithdrawal } from '@kl/contracts/admin/money';
import { Descriptions, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';

/** A titled list of lines. */
function Lines({ title, lines }: { title: string; lines: { key: string | number; text: ReactNode }[] }) {
  return (
    <div style={{ marginTop: 12 }}>
      <Typography.Text strong>{title}</Typography.Text>
      <ul aria-label={title} style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </ul>
    </div>
  );
}

/** The risk flags of a request, as tags. */
export function RiskFlags({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation();
  const { flags } = withdrawal.provenance;
  if (flags.length === 0) return <>—</>;
  return (
    <>
      {flags.map(({ flag }) => (
        <Tag key={flag} color="warning">
          {t(`withdrawals.flags.${flag}`)}
        </Tag>
      ))}
    </>
  );
}

/**
 * Where the member's money came from since their last paid withdrawal (docs/back-office.md,
 * "Withdrawals and deposits"), the manual adjustments with who asked and approved, the flags with the
 * members they concern, and the operators who may not approve it.
 */
export function WithdrawalProvenance({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t, i18n } = useTranslation();
  const { provenance, approval } = withdrawal;
  const money = (value: number) => formatMoney(value, withdrawal.currency, i18n.language);
  const figures = [
    'deposits',
    'stakes',
    'winnings',
    'bonuses',
    'manualCredits',
    'manualDebits',
    'agentPay',
  ] as const;
  return (
    <section aria-label={t('withdrawals.provenance.title', { username: withdrawal.username })}>
      <Descriptions
        size="small"
        column={4}
        title={
          provenance.since
            ? t('withdrawals.provenance.since', { at: formatDateTime(provenance.since) })
            : t('withdrawals.provenance.sinceFirst')
        }
        items={figures.map((figure) => ({
          key: figure,
          label: t(`withdrawals.provenance.${figure}`),
          children: money(provenance[figure]),
        }))}
      />
      {provenance.adjustments.length > 0 ? (
        <Lines
          title={t('withdrawals.provenance.adjustments')}
          lines={provenance.adjustments.map((line) => ({
            key: line.id,
            text: t('withdrawals.provenance.adjustment', {
              at: formatDateTime(line.createdAt),
              direction: t(`adjustments.directions.${line.direction}`),
              amount: money(line.amount),
              requestedBy: line.requestedBy,
              decision: line.decidedBy
                ? t('withdrawals.provenance.approvedBy', { username: line.decidedBy })
                : t('withdrawals.provenance.atOnce'),
            }),
          }))}
        />
      ) : null}
      {provenance.flags.length > 0 ? (
        <Lines
          title={t('withdrawals.flagsTitle')}
          lines={provenance.flags.map((item) => ({
            key: item.flag,
            text: (
              <>
                {t(`withdrawals.flags.${item.flag}`)}
                {item.members.length > 0
                  ? ` — ${t('withdrawals.flagMembers', { usernames: item.members.join(', ') })}`
                  : null}
              </>
            ),
          }))}
        />
      ) : null}
      {withdrawal.status === 'pending' && approval.blocked.length > 0 ? (
        <Lines
          title={t('withdrawals.blockedTitle')}
          lines={approval.blocked.map((entry) => ({
            key: entry.username,
            text: `${entry.username}: ${entry.reasons.map((reason) => t(`withdrawals.reasons.${reason}`)).join('; ')}`,
          }))}
        />
      ) : null}
    </section>
  );
}
