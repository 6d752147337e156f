import type { AdminContractProposal } from '@kl/contracts/admin/agents';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from '@kl/contracts/money';

/** The tiers of an offer, one line each, in the words of its kind. */
export function ContractTerms({ proposal }: { proposal: AdminContractProposal }) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, proposal.currency, i18n.language);
  const members = (value: number) => formatCount(value, i18n.language);
  const lines =
    proposal.kind === 'salary'
      ? proposal.terms.tiers.map((tier) =>
          t('agents.proposals.terms.salary', {
            turnover: money(tier.minTurnover),
            members: members(tier.minActiveMembers),
            salary: money(tier.salary),
          }),
        )
      : proposal.kind === 'hourly'
        ? proposal.terms.tiers.map((tier) =>
            t('agents.proposals.terms.hourly', {
              turnover: money(tier.minTurnover),
              amount: money(tier.amount),
            }),
          )
        : proposal.terms.tiers.map((tier) =>
            t('agents.proposals.terms.dividend', {
              netLoss: money(tier.minNetLoss),
              members: members(tier.minActiveMembers),
              share: `${tier.percentBp / 100}%`,
            }),
          );
  return (
    <Typography.Text style={{ fontSize: 12 }}>
      {lines.map((line, index) => (
        <div key={index}>{t('agents.proposals.tierLine', { n: index + 1, line })}</div>
      ))}
    </Typography.Text>
  );
}
