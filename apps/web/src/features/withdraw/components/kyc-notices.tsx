import type { MemberKycState } from '@kl/contracts/kyc';
import { fullPath } from '@kl/contracts/routes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const KYC_PATH = fullPath('member/kyc');
const SECURITY_PATH = fullPath('member/security');

/** The way to the identity screen: to send documents, or to see how their review goes. */
export function KycLink({ state, primary = false }: { state: MemberKycState; primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      className={`kl-button kl-button--small kl-kyc-link ${primary ? 'kl-button--primary' : 'kl-button--outline'}`}
      to={KYC_PATH}
    >
      {state === 'submitted' ? t('kyc.withdraw.view') : t('kyc.withdraw.verify')}
    </Link>
  );
}

/** The way to the security screen, where two-step verification is turned on. */
export function TwoFactorLink() {
  const { t } = useTranslation();
  return (
    <Link className="kl-button kl-button--outline kl-button--small kl-kyc-link" to={SECURITY_PATH}>
      {t('kyc.withdraw.turnOnTwoFactor')}
    </Link>
  );
}

/**
 * Instead of the withdrawal form, before the member's first withdrawal while the merchant checks identities
 * first (docs/decisions/057-know-your-customer.md): what is needed and why, or that the documents are under
 * review, or were not accepted; and the way to the identity screen.
 */
export function KycRequiredNotice({ state }: { state: MemberKycState }) {
  const { t } = useTranslation();
  const titleId = useId();
  let text = t('kyc.withdraw.requiredFirst');
  if (state === 'submitted') text = t('kyc.withdraw.reviewFirst');
  else if (state === 'rejected') text = t('kyc.withdraw.rejectedFirst');
  return (
    <section
      className="kl-withdraw-card kl-kyc-notice"
      aria-labelledby={titleId}
      data-testid="withdraw-kyc-required"
    >
      <h2 id={titleId} className="kl-withdraw-heading">
        {t('kyc.withdraw.requiredTitle')}
      </h2>
      <p className="kl-withdraw-notice">{text}</p>
      <KycLink state={state} primary />
    </section>
  );
}
