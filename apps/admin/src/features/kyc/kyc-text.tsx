import { KYC_MIN_AGE, type KycState } from '@kl/contracts/kyc';
import { Alert, Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../shared/api.ts';
import { useErrorText } from '../../shared/use-error-text.ts';

/** The list's and the detail's colour of each state: waiting ones stand out, decided ones say how. */
const STATE_COLORS: Readonly<Record<KycState, string>> = {
  submitted: 'warning',
  approval_requested: 'processing',
  approved: 'success',
  rejected: 'error',
};

/** A submission's state, coloured by what it means, in the operator's language. */
export function KycStateTag({ state }: { state: KycState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`kyc.states.${state}`)}</Tag>;
}

/**
 * The text of a decision's failure. The catalogue's words for an age or a name refused are the member's
 * ("you must be 18"); the operator reads what they mean for the submission. Every other code is the
 * catalogue's (SECOND_APPROVER_REQUIRED, APPROVER_NOT_INDEPENDENT, KYC_CLOSED…).
 */
export function useKycErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const code = errorCodeOf(error);
      return code === 'KYC_UNDER_AGE' || code === 'KYC_NAME_MISMATCH'
        ? t(`kyc.errors.${code}`, { min: KYC_MIN_AGE })
        : errorText(error);
    },
    [t, errorText],
  );
}

/** A decision's failure, in an alert. */
export function KycErrorAlert({ error }: { error: unknown }) {
  const text = useKycErrorText();
  return <Alert type="error" showIcon role="alert" title={text(error)} />;
}
