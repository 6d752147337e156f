import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  InfoCircleOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminKycSubmission } from '@kl/contracts/admin/kyc';
import { KYC_MIN_AGE, KYC_PICTURES } from '@kl/contracts/kyc';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Image, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adminCall } from '../../shared/api.ts';
import { formatDate, formatDateTime } from '../../shared/dates.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { KYC_SUBMISSION } from './keys.ts';
import { KycDecision } from './kyc-decision.tsx';
import { KycStateTag } from './kyc-text.tsx';

/** One submission: the document, the pictures, the state and its history, and the decision while it waits. */
export function KycSubmissionScreen() {
  const { t } = useTranslation();
  const { submissionId = '' } = useParams();
  const detail = useQuery({
    queryKey: listKey(KYC_SUBMISSION, { submissionId }),
    queryFn: ({ signal }) => adminCall(adminCalls.adminKycSubmission, { params: { submissionId }, signal }),
  });
  const back = (
    <Link to="/kyc">
      <ArrowLeftOutlined aria-hidden="true" /> {t('kyc.back')}
    </Link>
  );
  if (detail.data) return <KycSubmissionView submission={detail.data} back={back} />;
  return (
    <Screen title={t('kyc.detailTitle')} extra={back}>
      {detail.error ? (
        <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <Skeleton active title={false} />
      )}
    </Screen>
  );
}

/** A card that is a named region of the page (its title names it). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} role="region" aria-label={title}>
      {children}
    </Card>
  );
}

function KycSubmissionView({ submission, back }: { submission: AdminKycSubmission; back: ReactNode }) {
  const { t } = useTranslation();
  const canDecide = useCanWrite('members');
  const waiting = submission.state === 'submitted' || submission.state === 'approval_requested';
  const none = (value: string | null) => value ?? '—';
  const { username } = submission;

  return (
    <Screen title={t('kyc.detailOf', { username })} extra={back}>
      <Section title={t('kyc.document')}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'member',
              label: t('kyc.member'),
              children: (
                <Link to={`/members/${submission.memberId}`} aria-label={t('kyc.openMember', { username })}>
                  {username}
                </Link>
              ),
            },
            {
              key: 'payeeName',
              label: t('kyc.payeeName'),
              children: submission.payeeName ?? (
                <Typography.Text type="secondary">{t('kyc.noPayeeName')}</Typography.Text>
              ),
            },
            {
              key: 'documentKind',
              label: t('kyc.documentKind'),
              children: t(`kyc.kinds.${submission.documentKind}`),
            },
            { key: 'documentNumber', label: t('kyc.documentNumber'), children: submission.documentNumber },
            {
              key: 'fullName',
              label: t('kyc.fullName'),
              children: (
                <Flex gap="small" wrap align="center">
                  <span>{submission.fullName}</span>
                  <NameCheck submission={submission} />
                </Flex>
              ),
            },
            {
              key: 'birthDate',
              label: t('kyc.birthDate'),
              children: (
                <Flex gap="small" wrap align="center">
                  <span>
                    {formatDate(submission.birthDate)} ({t('kyc.age', { age: submission.age })})
                  </span>
                  {submission.age < KYC_MIN_AGE ? (
                    <Tag
                      color="error"
                      icon={<WarningOutlined aria-hidden="true" />}
                      data-testid="kyc-age-warning"
                    >
                      {t('kyc.underAge', { min: KYC_MIN_AGE })}
                    </Tag>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      </Section>
      <Section title={t('kyc.picturesTitle')}>
        <KycPictures submission={submission} />
      </Section>
      <Section title={t('kyc.history')}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'state', label: t('kyc.state'), children: <KycStateTag state={submission.state} /> },
            {
              key: 'submittedAt',
              label: t('kyc.submittedAt'),
              children: formatDateTime(submission.submittedAt),
            },
            {
              key: 'approvalRequestedBy',
              label: t('kyc.approvalRequestedBy'),
              children: none(submission.approvalRequestedBy),
            },
            {
              key: 'approvalRequestedAt',
              label: t('kyc.approvalRequestedAt'),
              children: formatDateTime(submission.approvalRequestedAt),
            },
            { key: 'decidedBy', label: t('kyc.decidedBy'), children: none(submission.decidedBy) },
            { key: 'decidedAt', label: t('kyc.decidedAt'), children: formatDateTime(submission.decidedAt) },
            ...(submission.state === 'rejected'
              ? [
                  {
                    key: 'rejectReason',
                    label: t('kyc.rejectReason'),
                    children: <span style={{ whiteSpace: 'pre-wrap' }}>{none(submission.rejectReason)}</span>,
                  },
                ]
              : []),
          ]}
        />
      </Section>
      {canDecide && waiting ? <KycDecision submission={submission} /> : null}
    </Screen>
  );
}

/**
 * Whether the name on the document is the member's payee name (as banks write it): approval refuses a
 * name that is not. A member without a payee name gets the document's on approval.
 */
function NameCheck({ submission }: { submission: AdminKycSubmission }) {
  const { t } = useTranslation();
  if (submission.payeeName === null) {
    return (
      <Tag color="processing" icon={<InfoCircleOutlined aria-hidden="true" />} data-testid="kyc-name-check">
        {t('kyc.nameBecomesPayee')}
      </Tag>
    );
  }
  return submission.nameMatches ? (
    <Tag color="success" icon={<CheckCircleOutlined aria-hidden="true" />} data-testid="kyc-name-check">
      {t('kyc.nameMatches')}
    </Tag>
  ) : (
    <Tag color="error" icon={<CloseCircleOutlined aria-hidden="true" />} data-testid="kyc-name-check">
      {t('kyc.nameDiffers')}
    </Tag>
  );
}

/**
 * The pictures in their order (front, back, selfie; a passport has no back), each named for assistive
 * technology and opened large (zoom, rotate) on a click. They load with the operator's session: the
 * addresses are the back office's own, under /api/admin.
 */
function KycPictures({ submission }: { submission: AdminKycSubmission }) {
  const { t } = useTranslation();
  const pictures = KYC_PICTURES.flatMap((picture) =>
    submission.pictures.filter((ref) => ref.picture === picture),
  );
  return (
    <Flex gap="middle" wrap>
      {pictures.map((ref) => (
        <figure key={ref.picture} style={{ margin: 0, width: 240 }}>
          <Image
            src={ref.url}
            width={240}
            alt={t(`kyc.pictureAlt.${ref.picture}`, { username: submission.username })}
          />
          <figcaption style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">{t(`kyc.pictures.${ref.picture}`)}</Typography.Text>
          </figcaption>
        </figure>
      ))}
    </Flex>
  );
}
