import type { MyReferral } from '@kl/contracts/promotions';
import { fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { messageFor } from '../../shared/lib/api-client.ts';
import { formatMoney } from '@kl/contracts/money';
import { useSession } from '../../shared/stores/session-store.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useReferral } from './api/get-referral.ts';
import './invite.css';

function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      void toast.success(t('invite.copied', { what }));
    } catch {
      void toast.error(t('invite.copyFailed'));
    }
  };
  return (
    <button
      type="button"
      className="kl-button kl-button--outline kl-button--small"
      aria-label={t('invite.copy', { what })}
      onClick={() => void copy()}
    >
      {t('invite.copyShort')}
    </button>
  );
}

function Rules({ referral }: { referral: MyReferral }) {
  const { t, i18n } = useTranslation();
  const promotion = referral.promotion;
  if (!promotion) return <p>{t('invite.noPromotion')}</p>;
  const bonus =
    promotion.bonus.kind === 'fixed'
      ? formatMoney(promotion.bonus.amount, promotion.currency, i18n.language)
      : `${promotion.bonus.percent}%`;
  return (
    <section className="kl-invite-card" aria-labelledby="kl-invite-rules">
      <h2 id="kl-invite-rules" className="kl-invite-card__title">
        {t('invite.rulesTitle')}
      </h2>
      <ol className="kl-invite-rules">
        <li>{t('invite.rule1')}</li>
        <li>{t('invite.rule2')}</li>
        <li>
          {t('invite.rule3', {
            bonus,
            minDeposit: formatMoney(promotion.minDeposit, promotion.currency, i18n.language),
          })}
        </li>
        <li>{t('invite.rule4')}</li>
      </ol>
      <Link className="kl-invite-promotion" to={`${fullPath('activityDetail')}?id=${promotion.id}`}>
        {t('invite.promotionLink', { title: promotion.title })}
      </Link>
    </section>
  );
}

function MemberInvite() {
  const { t } = useTranslation();
  const referral = useReferral(true);
  if (referral.isPending) return <p role="status">{t('invite.loading')}</p>;
  if (referral.isError) {
    return (
      <div className="kl-invite-card" role="alert">
        <p>{messageFor(referral.error)}</p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={() => void referral.refetch()}
        >
          {t('invite.retry')}
        </button>
      </div>
    );
  }
  const data = referral.data;
  const link = `${window.location.origin}${data.link}`;
  return (
    <>
      <section className="kl-invite-card" aria-labelledby="kl-invite-share">
        <h2 id="kl-invite-share" className="kl-invite-card__title">
          {t('invite.shareTitle')}
        </h2>
        <dl className="kl-invite-details">
          <div>
            <dt>{t('invite.code')}</dt>
            <dd>
              <strong data-testid="referral-code">{data.code}</strong>
              <CopyButton value={data.code} what={t('invite.code')} />
            </dd>
          </div>
          <div>
            <dt>{t('invite.link')}</dt>
            <dd>
              <span className="kl-invite-link" data-testid="referral-link">
                {link}
              </span>
              <CopyButton value={link} what={t('invite.link')} />
            </dd>
          </div>
          <div>
            <dt>{t('invite.referredCount')}</dt>
            <dd data-testid="referred-count">{data.referredCount}</dd>
          </div>
        </dl>
        <img
          className="kl-invite-qr"
          src={data.qrDataUrl}
          alt={t('invite.qrAlt')}
          width={200}
          height={200}
          loading="lazy"
        />
      </section>
      <Rules referral={data} />
    </>
  );
}

/**
 * /m/inviteFriends (product.md §2 Invite): a member's referral code and link with copy buttons, the QR code of
 * the link, how many friends registered with it and the REFERRAL promotion's rules. Visitors are asked
 * to log in or register; trial members are told a real account is needed.
 */
export default function InviteScreen() {
  const { t } = useTranslation();
  const { role } = useSession();
  const location = useLocation();
  let body;
  if (role === 'visitor') {
    body = (
      <EmptyState title={t('invite.visitorTitle')}>
        <div className="kl-invite-actions">
          <Link
            className="kl-button kl-button--primary kl-button--small"
            to={fullPath('login')}
            state={{ from: location.pathname }}
          >
            {t('invite.login')}
          </Link>
          <Link className="kl-button kl-button--outline kl-button--small" to={fullPath('register')}>
            {t('invite.register')}
          </Link>
        </div>
      </EmptyState>
    );
  } else if (role === 'trial') {
    body = (
      <EmptyState title={t('free_reject')}>
        <div className="kl-invite-actions">
          <Link className="kl-button kl-button--primary kl-button--small" to={fullPath('register')}>
            {t('invite.register')}
          </Link>
        </div>
      </EmptyState>
    );
  } else body = <MemberInvite />;
  return (
    <section className="kl-screen kl-invite" data-page="inviteFriends" aria-label={t('route.inviteFriends')}>
      {body}
    </section>
  );
}
