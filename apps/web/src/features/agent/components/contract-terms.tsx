import type { AgentContract } from '@kl/contracts/agent-contracts';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { formatPercentBp } from '../lib/kinds.ts';

/** The tiers of a contract as a table: each row one tier, its thresholds and what it pays. */
export function ContractTerms({ contract }: { contract: AgentContract }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (value: number) => formatMoney(value, contract.currency, locale);
  const count = (value: number) => formatCount(value, locale);

  let head: string[];
  let rows: string[][];
  switch (contract.kind) {
    case 'salary':
      head = [
        t('agentContract.terms.minTurnoverDay'),
        t('agentContract.terms.minActive'),
        t('agentContract.terms.salaryDay'),
      ];
      rows = contract.terms.tiers.map((tier) => [
        money(tier.minTurnover),
        count(tier.minActiveMembers),
        money(tier.salary),
      ]);
      break;
    case 'dividend':
      head = [
        t('agentContract.terms.minNetLoss'),
        t('agentContract.terms.minActive'),
        t('agentContract.terms.percent'),
      ];
      rows = contract.terms.tiers.map((tier) => [
        money(tier.minNetLoss),
        count(tier.minActiveMembers),
        formatPercentBp(tier.percentBp, locale),
      ]);
      break;
    case 'hourly':
      head = [t('agentContract.terms.minTurnoverHour'), t('agentContract.terms.salaryHour')];
      rows = contract.terms.tiers.map((tier) => [money(tier.minTurnover), money(tier.amount)]);
      break;
  }

  return (
    <div className="kl-contract-terms__scroll">
      <table className="kl-contract-terms">
        <caption className="kl-contract-terms__caption">{t('agentContract.terms.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agentContract.terms.tier')}</th>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index}>
              <th scope="row">{index + 1}</th>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
