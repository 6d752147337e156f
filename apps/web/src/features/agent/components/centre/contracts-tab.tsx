import type { AgentStatement } from '@kl/contracts/agents';
import { CONTRACT_KINDS, type AgentContract, type ContractKind } from '@kl/contracts/agent-contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSiteDateTime } from '../../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';
import { useContractHistory, useStatements } from '../../hooks/use-centre.ts';
import { contractPath } from '../../lib/kinds.ts';
import { ContractTerms } from '../contract-terms.tsx';
import { Chips, PagedList, QueryGate } from './parts.tsx';
import { StatementSheet } from './statement-sheet.tsx';

/** Each kind: the contract in force (the latest accepted) with its terms, and a pending offer if any. */
function ContractsInForce({ contracts }: { contracts: readonly AgentContract[] }) {
  const { t } = useTranslation();
  return (
    <>
      {CONTRACT_KINDS.map((kind) => {
        const current = contracts.find(
          (contract) => contract.kind === kind && contract.status === 'accepted',
        );
        const pending = contracts.find((contract) => contract.kind === kind && contract.status === 'pending');
        return (
          <section
            key={kind}
            className="kl-centre__kind"
            aria-labelledby={`kl-centre-kind-${kind}`}
            data-testid={`contract-${kind}`}
          >
            <h3 id={`kl-centre-kind-${kind}`} className="kl-centre__subheading">
              {t(`agentContract.kind.${kind}`)}
            </h3>
            {current ? (
              <>
                <p className="kl-centre__note">
                  {t('agentCentre.contracts.since', {
                    date: formatSiteDateTime(current.answeredAt ?? current.offeredAt),
                  })}
                </p>
                <ContractTerms contract={current} />
              </>
            ) : (
              <p className="kl-centre__note">{t('agentCentre.contracts.none')}</p>
            )}
            {pending && (
              <Link className="kl-button kl-button--primary kl-button--small" to={contractPath(kind)}>
                {t('agentCentre.contracts.pendingOffer')}
              </Link>
            )}
          </section>
        );
      })}
    </>
  );
}

/** Every contract offered, newest first. */
function ContractHistoryList({ contracts }: { contracts: readonly AgentContract[] }) {
  const { t } = useTranslation();
  if (contracts.length === 0)
    return <p className="kl-centre__note">{t('agentCentre.contracts.noHistory')}</p>;
  return (
    <ul className="kl-centre__list" aria-label={t('agentCentre.contracts.history')}>
      {contracts.map((contract) => (
        <li key={contract.id} className="kl-centre__row" data-testid="contract-history-row">
          <span className="kl-centre__row-title">{t(`agentContract.kind.${contract.kind}`)}</span>
          <span className="kl-centre__tag">{t(`agentContract.status.${contract.status}`)}</span>
          <span className="kl-centre__note">
            {t('agentCentre.contracts.offered', {
              by: contract.offeredBy,
              date: formatSiteDateTime(contract.offeredAt),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function StatementLine({ statement, onOpen }: { statement: AgentStatement; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="kl-centre__row" data-testid="statement-row">
      <button type="button" className="kl-centre__row-button" onClick={onOpen}>
        <span className="kl-centre__row-title">
          {t(`agentContract.kind.${statement.kind}`)} · {statement.period}
        </span>
        <span className="kl-centre__row-grid">
          <span>{formatMoney(statement.amount, statement.currency, i18n.language)}</span>
          <span>{t(`agentCentre.statements.statuses.${statement.status}`)}</span>
        </span>
      </button>
    </li>
  );
}

/** The statements of the contracts that pay, of one kind or all, page after page; each opens. */
function Statements() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ContractKind | 'all'>('all');
  const [open, setOpen] = useState<AgentStatement | null>(null);
  const pages = useStatements(kind === 'all' ? {} : { kind });
  return (
    <section aria-labelledby="kl-statements-heading">
      <h3 id="kl-statements-heading" className="kl-centre__subheading">
        {t('agentCentre.statements.title')}
      </h3>
      <Chips
        label={t('agentCentre.statements.kind')}
        options={['all', ...CONTRACT_KINDS] as const}
        labelOf={(value) =>
          value === 'all' ? t('agentCentre.statements.allKinds') : t(`agentContract.kind.${value}`)
        }
        value={kind}
        onChange={setKind}
      />
      <PagedList
        pages={pages}
        label={t('agentCentre.statements.title')}
        empty={t('agentCentre.statements.empty')}
      >
        {(statement) => (
          <StatementLine key={statement.id} statement={statement} onOpen={() => setOpen(statement)} />
        )}
      </PagedList>
      <StatementSheet statement={open} onClose={() => setOpen(null)} />
    </section>
  );
}

/** The contracts: in force and pending per kind, their history, and the statements. */
export function ContractsTab() {
  const { t } = useTranslation();
  const history = useContractHistory();
  return (
    <section className="kl-centre__card" aria-labelledby="kl-contracts-heading">
      <h2 id="kl-contracts-heading" className="kl-centre__heading">
        {t('agentCentre.contracts.title')}
      </h2>
      <QueryGate query={history}>
        {(contracts) => (
          <>
            <ContractsInForce contracts={contracts} />
            <h3 className="kl-centre__subheading">{t('agentCentre.contracts.history')}</h3>
            <ContractHistoryList contracts={contracts} />
          </>
        )}
      </QueryGate>
      <Statements />
    </section>
  );
}
