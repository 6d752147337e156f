import type { AgentContract, ContractAnswer, ContractKind } from '@kl/contracts/agent-contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { clearDialogs, confirmDialog } from '../../../shared/ui/dialog.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { FreeReject } from '../../auth/index.ts';
import { useAgentContract, useContractAnswer } from '../hooks/use-agent-contract.ts';
import { ContractTerms } from './contract-terms.tsx';
import '../agent.css';

/** A detail line of the contract: a term and its value. */
function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="kl-contract__row">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function ContractBody({ kind, contract }: { kind: ContractKind; contract: AgentContract }) {
  const { t } = useTranslation();
  const answer = useContractAnswer(kind);
  useEffect(() => () => clearDialogs(), []);

  const ask = async (choice: ContractAnswer) => {
    const confirmed = await confirmDialog({
      title: t(`agentContract.confirm.${choice}Title`),
      content: t(`agentContract.confirm.${choice}`, { name: t(`agentContract.kind.${kind}`) }),
      confirmText: t(`agentContract.${choice}`),
      cancelText: t('agentContract.cancel'),
    });
    if (!confirmed || answer.isPending) return;
    answer.mutate(
      { contractId: contract.id, choice },
      { onSuccess: () => void toast.success(t(`agentContract.result.${choice}`)) },
    );
  };

  const answeredAt = contract.answeredAt && formatSiteDateTime(contract.answeredAt);
  return (
    <article className="kl-contract" aria-labelledby="kl-contract-heading" data-testid="agent-contract">
      <h2 id="kl-contract-heading" className="kl-contract__heading">
        {t(`agentContract.kind.${kind}`)}
      </h2>
      <p className={`kl-contract__status kl-contract__status--${contract.status}`} role="status">
        {t(`agentContract.status.${contract.status}`)}
      </p>
      <dl className="kl-contract__rows">
        <Detail term={t('agentContract.offeredBy')} value={contract.offeredBy} />
        <Detail term={t('agentContract.offeredAt')} value={formatSiteDateTime(contract.offeredAt) ?? ''} />
        {contract.kind === 'dividend' && (
          <Detail
            term={t('agentContract.period')}
            value={t(`agentContract.periods.${contract.terms.period}`)}
          />
        )}
        {answeredAt && <Detail term={t('agentContract.answeredAt')} value={answeredAt} />}
      </dl>
      <ContractTerms contract={contract} />
      {contract.status === 'pending' && (
        <div className="kl-contract__actions">
          <button
            type="button"
            className="kl-button kl-button--outline"
            disabled={answer.isPending}
            onClick={() => void ask('refuse')}
          >
            {t('agentContract.refuse')}
          </button>
          <button
            type="button"
            className="kl-button kl-button--primary"
            disabled={answer.isPending}
            onClick={() => void ask('accept')}
          >
            {t('agentContract.accept')}
          </button>
        </div>
      )}
    </article>
  );
}

function ContractOfKind({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const contract = useAgentContract(kind);
  if (contract.isPending) {
    return (
      <p className="kl-screen__status" role="status">
        {t('in_please_wait')}
      </p>
    );
  }
  if (contract.isError) {
    return (
      <div className="kl-contract__error" role="alert">
        <p>{messageFor(contract.error)}</p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={() => void contract.refetch()}
        >
          {t('agentContract.retry')}
        </button>
      </div>
    );
  }
  if (contract.data === null) return <EmptyState />;
  return <ContractBody kind={kind} contract={contract.data} />;
}

/**
 * An agent contract screen (product.md §2 /m/member/agent/…; gated: visitors go to /m/login): the latest
 * contract of its kind, its status and terms, and accept or refuse (each confirmed first) while it
 * waits. Without a contract of the kind, the empty state. Trial members are told free_reject.
 */
export function ContractScreen({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const { role } = useSession();
  if (role === 'trial') return <FreeReject page="agentContract" />;
  return (
    <section
      className="kl-screen kl-contract-screen"
      data-page="agentContract"
      aria-label={t(`agentContract.kind.${kind}`)}
    >
      <ContractOfKind kind={kind} />
    </section>
  );
}

export const SalaryContractScreen = () => <ContractScreen kind="salary" />;
export const DividendContractScreen = () => <ContractScreen kind="dividend" />;
export const HourlyContractScreen = () => <ContractScreen kind="hourly" />;
