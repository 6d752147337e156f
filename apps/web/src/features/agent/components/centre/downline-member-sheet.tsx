import type { DownlineMember, DownlineRow } from '@kl/contracts/agents';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';
import { useDownlineMember } from '../../hooks/use-centre.ts';
import { Details, QueryGate, Sheet } from './parts.tsx';

const PERIOD_FIGURES = ['deposits', 'withdrawals', 'turnover', 'ggr', 'bonuses'] as const;

function MemberDetail({ member }: { member: DownlineMember }) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);
  const never = t('agentCentre.downline.never');
  return (
    <>
      <Details
        rows={[
          [t('agentCentre.downline.username'), member.username],
          [
            t('agentCentre.downline.kind'),
            member.isAgent ? t('agentCentre.downline.agent') : t('agentCentre.downline.member'),
          ],
          [t('agentCentre.downline.vipLevel'), `VIP ${member.vipLevel}`],
          [
            t('agentCentre.downline.via'),
            member.via.length > 0 ? member.via.join(' › ') : t('agentCentre.downline.viaDirect'),
          ],
          [t('agentCentre.downline.registeredAt'), formatSiteDateTime(member.registeredAt) ?? ''],
          [
            t('agentCentre.downline.lastLoginAt'),
            member.lastLoginAt ? formatSiteDateTime(member.lastLoginAt) : never,
          ],
          [
            t('agentCentre.downline.firstDepositAt'),
            member.firstDepositAt ? formatSiteDateTime(member.firstDepositAt) : never,
          ],
        ]}
      />
      <div
        className="kl-centre__scroll"
        role="region"
        tabIndex={0}
        aria-label={t('agentCentre.downline.figuresCaption')}
      >
        <table className="kl-centre__table">
          <caption>{t('agentCentre.downline.figuresCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agentCentre.kpi.figure')}</th>
              <th scope="col">{t('agentCentre.downline.thisMonth')}</th>
              <th scope="col">{t('agentCentre.downline.allTime')}</th>
            </tr>
          </thead>
          <tbody>
            {PERIOD_FIGURES.map((key) => (
              <tr key={key}>
                <th scope="row">{t(`agentCentre.figures.${key}`)}</th>
                <td>{money(member.thisMonth[key])}</td>
                <td>{money(member.allTime[key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="kl-centre__note">{t('agentCentre.downline.privacy')}</p>
    </>
  );
}

function MemberLoader({ memberId }: { memberId: string }) {
  const member = useDownlineMember(memberId);
  return <QueryGate query={member}>{(data) => <MemberDetail member={data} />}</QueryGate>;
}

/** A downline member's detail, as much as its agent may see (docs/agents.md "What an agent sees"). */
export function DownlineMemberSheet({ row, onClose }: { row: DownlineRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet
      open={row !== null}
      title={t('agentCentre.downline.detailTitle', { username: row?.username ?? '' })}
      testId="downline-member"
      onClose={onClose}
    >
      {row && <MemberLoader memberId={row.memberId} />}
    </Sheet>
  );
}
