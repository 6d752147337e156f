import type { MyVip, VipLevel } from '@kl/contracts/vip';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../shared/lib/api-client.ts';
import { formatMoney } from '@kl/contracts/money';
import { useSession } from '../../shared/stores/session-store.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { quickNavItems } from '../home/quick-nav.ts';
import { useSystemStatus } from '../system-status/index.ts';
import { useMyVip, useVipLevels } from './api/get-vip.ts';
import './vip.css';

function MyLevel({ vip }: { vip: MyVip }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, vip.currency, i18n.language);
  return (
    <section className="kl-vip-card" aria-labelledby="kl-vip-mine" data-testid="my-vip">
      <h2 id="kl-vip-mine" className="kl-vip-card__title">
        {t('vip.myLevel', { level: vip.level, name: vip.name })}
      </h2>
      <p>{t('vip.paidDeposits', { amount: money(vip.paidDeposits) })}</p>
      <div
        className="kl-vip-progress"
        role="progressbar"
        aria-label={t('vip.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={vip.progressPercent}
        aria-valuetext={`${vip.progressPercent}%`}
      >
        <span className="kl-vip-progress__bar" style={{ width: `${vip.progressPercent}%` }} />
      </div>
      <p>
        {vip.next
          ? t('vip.toNext', { amount: money(vip.next.remaining), level: vip.next.level, name: vip.next.name })
          : t('vip.topLevel')}
      </p>
    </section>
  );
}

function LevelTable({
  levels,
  currency,
  current,
}: {
  levels: VipLevel[];
  currency: string;
  current: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <div className="kl-vip-table-wrap" tabIndex={0} role="region" aria-labelledby="kl-vip-table-caption">
      <table className="kl-vip-table">
        <caption id="kl-vip-table-caption">{t('vip.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('vip.level')}</th>
            <th scope="col">{t('vip.threshold')}</th>
            <th scope="col">{t('vip.upgradeBonus')}</th>
            <th scope="col">{t('vip.birthdayBonus')}</th>
            <th scope="col">{t('vip.monthlyBonus')}</th>
            <th scope="col">{t('vip.withdrawals')}</th>
            <th scope="col">{t('vip.rebate')}</th>
          </tr>
        </thead>
        <tbody>
          {levels.map((level) => (
            <tr
              key={level.level}
              className={level.level === current ? 'kl-vip-table__current' : undefined}
              aria-current={level.level === current ? 'true' : undefined}
              data-testid="vip-level"
            >
              <th scope="row">{t('vip.levelName', { level: level.level, name: level.name })}</th>
              <td>{money(level.depositThreshold)}</td>
              <td>{money(level.benefits.upgradeBonus)}</td>
              <td>{money(level.benefits.birthdayBonus)}</td>
              <td>{money(level.benefits.monthlyBonus)}</td>
              <td>
                {t('vip.withdrawalsValue', {
                  count: level.benefits.dailyWithdrawalCount,
                  limit: money(level.benefits.dailyWithdrawalLimit),
                })}
              </td>
              <td>{`${percent.format(level.benefits.rebatePercent)}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /m/member/benefits (product.md §2 VIP benefits; gated): the member's level with the progress to the next one
 * and the merchant's level table. When the merchant does not show VIP benefits (product.md §4 VIP click,
 * showVipBenefit off) the screen says to contact customer service instead.
 */
export default function BenefitsScreen() {
  const { t } = useTranslation();
  const { role } = useSession();
  const { data: status } = useSystemStatus();
  const vipItem = quickNavItems({ status, role, appOffered: false }).find((item) => item.key === 'vip');
  const shown = vipItem?.kind === 'route';
  const levels = useVipLevels();
  const mine = useMyVip();

  let body;
  if (!shown) body = <EmptyState title={t('home.contactService')} />;
  else if (levels.isPending) body = <p role="status">{t('vip.loading')}</p>;
  else if (levels.isError) {
    body = (
      <div className="kl-vip-card" role="alert">
        <p>{messageFor(levels.error)}</p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={() => void levels.refetch()}
        >
          {t('vip.retry')}
        </button>
      </div>
    );
  } else if (levels.data.list.length === 0) body = <EmptyState />;
  else {
    body = (
      <>
        {mine.data ? (
          <MyLevel vip={mine.data} />
        ) : mine.isPending ? (
          <p role="status">{t('vip.loading')}</p>
        ) : null}
        <LevelTable levels={levels.data.list} currency={levels.data.currency} current={mine.data?.level} />
      </>
    );
  }
  return (
    <section className="kl-screen kl-vip" data-page="member" aria-label={t('route.memberBenefits')}>
      {body}
    </section>
  );
}
