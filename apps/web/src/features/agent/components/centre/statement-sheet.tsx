import type { AgentStatement } from '@kl/contracts/agents';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../../shared/lib/date-format.ts';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { useStatement } from '../../hooks/use-centre.ts';
import { formatPercentBp } from '../../lib/kinds.ts';
import { Details, QueryGate, Sheet } from './parts.tsx';

function StatementDetail({ statement }: { statement: AgentStatement }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (value: number) => formatMoney(value, statement.currency, locale);
  const { basis } = statement;
  const rows: [string, string][] = [
    [t('agentCentre.statements.kind'), t(`agentContract.kind.${statement.kind}`)],
    [t('agentCentre.statements.period'), statement.period],
    [
      t('agentCentre.statements.periodTime'),
      `${formatSiteDateTime(statement.periodStart) ?? ''} – ${formatSiteDateTime(statement.periodEnd) ?? ''}`,
    ],
    [t('agentCentre.statements.status'), t(`agentCentre.statements.statuses.${statement.status}`)],
    [t('agentCentre.statements.amount'), money(statement.amount)],
    [t('agentCentre.statements.turnover'), money(basis.turnover)],
    [t('agentCentre.statements.activeMembers'), formatCount(basis.activeMembers, locale)],
  ];
  if (basis.netLoss !== null) rows.push([t('agentCentre.statements.netLoss'), money(basis.netLoss)]);
  if (basis.carriedIn !== null) rows.push([t('agentCentre.statements.carriedIn'), money(basis.carriedIn)]);
  if (basis.carriedOut !== null) rows.push([t('agentCentre.statements.carriedOut'), money(basis.carriedOut)]);
  rows.push([
    t('agentCentre.statements.tier'),
    basis.tier === null ? t('agentCentre.statements.noTier') : String(basis.tier + 1),
  ]);
  if (basis.percentBp !== null) {
    rows.push([t('agentCentre.statements.share'), formatPercentBp(basis.percentBp, locale)]);
  }
  rows.push([t('agentCentre.statements.createdAt'), formatSiteDateTime(statement.createdAt) ?? '']);
  if (statement.decidedAt) {
    rows.push([t('agentCentre.statements.decidedAt'), formatSiteDateTime(statement.decidedAt) ?? '']);
  }
  return <Details rows={rows} />;
}

function StatementLoader({ id }: { id: string }) {
  const statement = useStatement(id);
  return <QueryGate query={statement}>{(data) => <StatementDetail statement={data} />}</QueryGate>;
}

/** A statement opened: its period, status and amount, and the basis it was calculated from. */
export function StatementSheet({
  statement,
  onClose,
}: {
  statement: AgentStatement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet
      open={statement !== null}
      title={t('agentCentre.statements.detailTitle', { period: statement?.period ?? '' })}
      testId="agent-statement"
      onClose={onClose}
    >
      {statement && <StatementLoader id={statement.id} />}
    </Sheet>
  );
}
