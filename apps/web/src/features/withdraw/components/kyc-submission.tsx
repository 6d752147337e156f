import type { MemberKycSubmission } from '@kl/contracts/kyc';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { formatDay } from '../lib/kyc-form.ts';

const PICTURE_HEIGHT = 120;

/**
 * The latest submission as the server keeps it: the kind, the number masked but for its last characters,
 * the name, the birth date, when it was sent and decided, and its pictures. The pictures are read with the
 * member's session cookie like every call, and never kept by the browser (the server says no-store).
 */
export function KycSubmissionDetails({ submission }: { submission: MemberKycSubmission }) {
  const { t } = useTranslation();
  const titleId = useId();
  const picturesId = useId();
  return (
    <section className="kl-withdraw-card" aria-labelledby={titleId} data-testid="kyc-submission">
      <h2 id={titleId} className="kl-withdraw-heading">
        {t('kyc.submissionTitle')}
      </h2>
      <dl className="kl-withdraw-rows">
        <div className="kl-withdraw-row">
          <dt>{t('kyc.fields.kind')}</dt>
          <dd>{t(`kyc.kinds.${submission.documentKind}`)}</dd>
        </div>
        <div className="kl-withdraw-row">
          <dt>{t('kyc.fields.number')}</dt>
          <dd>{submission.documentNumberMasked}</dd>
        </div>
        <div className="kl-withdraw-row">
          <dt>{t('kyc.fields.name')}</dt>
          <dd>{submission.fullName}</dd>
        </div>
        <div className="kl-withdraw-row">
          <dt>{t('kyc.fields.birthDate')}</dt>
          <dd>{formatDay(submission.birthDate)}</dd>
        </div>
        <div className="kl-withdraw-row">
          <dt>{t('kyc.fields.submittedAt')}</dt>
          <dd>{formatSiteDateTime(submission.submittedAt)}</dd>
        </div>
        {submission.decidedAt && (
          <div className="kl-withdraw-row">
            <dt>{t('kyc.fields.decidedAt')}</dt>
            <dd>{formatSiteDateTime(submission.decidedAt)}</dd>
          </div>
        )}
      </dl>
      {submission.pictures.length > 0 && (
        <>
          <h3 id={picturesId} className="kl-withdraw-subheading">
            {t('kyc.picturesTitle')}
          </h3>
          <ul className="kl-kyc-pictures" aria-labelledby={picturesId}>
            {submission.pictures.map(({ picture, url }) => (
              <li key={picture} className="kl-kyc-pictures__item">
                <img
                  className="kl-kyc-preview"
                  src={url}
                  alt={t('kyc.sentAlt', { picture: t(`kyc.pictures.${picture}`) })}
                  height={PICTURE_HEIGHT}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
