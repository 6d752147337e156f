import type { AdminKycSubmission } from '@kl/contracts/admin/kyc';
import { KYC_REJECT_REASON_MAX } from '@kl/contracts/kyc';
import { Button, Card, Flex, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../shared/session.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ReasonField } from '../../shared/ui/reason-field.tsx';
import { KycErrorAlert } from './kyc-text.tsx';
import { useApproveKyc, useRejectKyc } from './use-kyc-decision.ts';

/**
 * The decision on a waiting submission, for operators who may change members (docs/back-office.md,
 * "Identity checks"): Approve a submitted one (the first approval, which a second operator confirms),
 * Confirm approval of one awaiting it — never by the operator who approved first — or Reject it at either
 * step with the reason the member reads. A refusal is shown here, in an alert.
 */
export function KycDecision({ submission }: { submission: AdminKycSubmission }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const approve = useApproveKyc();
  const [rejecting, setRejecting] = useState(false);
  const first = submission.state === 'submitted';
  // The server refuses the asker's confirmation (SECOND_APPROVER_REQUIRED); the button says so first.
  const askedByMe =
    submission.state === 'approval_requested' && submission.approvalRequestedBy === operator?.username;
  const { username } = submission;

  return (
    <Card title={t('kyc.decision')} role="region" aria-label={t('kyc.decision')}>
      <Flex vertical gap="middle">
        <Typography.Paragraph data-testid="kyc-decision-note" style={{ margin: 0 }}>
          {first
            ? t('kyc.approveHint')
            : askedByMe
              ? t('kyc.yourApproval')
              : t('kyc.confirmHint', { operator: submission.approvalRequestedBy ?? '—' })}
        </Typography.Paragraph>
        {approve.error ? <KycErrorAlert error={approve.error} /> : null}
        <Space wrap>
          <Popconfirm
            title={t(first ? 'kyc.approveConfirm' : 'kyc.confirmConfirm', { username })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            disabled={askedByMe}
            onConfirm={() => approve.mutate(submission.id)}
          >
            <Button type="primary" disabled={askedByMe} loading={approve.isPending}>
              {t(first ? 'kyc.approve' : 'kyc.confirmApproval')}
            </Button>
          </Popconfirm>
          <Button danger disabled={approve.isPending} onClick={() => setRejecting(true)}>
            {t('kyc.reject')}
          </Button>
        </Space>
      </Flex>
      <RejectKycModal submission={rejecting ? submission : null} onClose={() => setRejecting(false)} />
    </Card>
  );
}

/** Rejects a submission with a required reason, which the member reads. */
function RejectKycModal({
  submission,
  onClose,
}: {
  submission: AdminKycSubmission | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reject = useRejectKyc();
  const close = () => {
    reject.reset();
    onClose();
  };
  return (
    <FormModal<{ reason: string }>
      open={submission !== null}
      title={t('kyc.rejectTitle', { username: submission?.username ?? '' })}
      name="rejectKyc"
      submitText={t('kyc.reject')}
      pending={reject.isPending}
      error={reject.error}
      onCancel={close}
      onSubmit={({ reason }) => {
        if (submission)
          reject.mutate({ submissionId: submission.id, reason: reason.trim() }, { onSuccess: close });
      }}
    >
      <Typography.Paragraph type="secondary">{t('kyc.rejectHint')}</Typography.Paragraph>
      <ReasonField max={KYC_REJECT_REASON_MAX} />
    </FormModal>
  );
}
