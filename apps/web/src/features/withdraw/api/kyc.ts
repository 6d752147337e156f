import { kycCalls, kycPicturesOf, type KycPicture, type KycSubmission } from '@kl/contracts/kyc';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { KYC_KEY } from './keys.ts';

/** GET the member's identity check: its state, the latest submission and what withdrawals need. */
export function useMemberKyc() {
  return useQuery({
    queryKey: KYC_KEY,
    queryFn: ({ signal }) => apiCall(kycCalls.memberKyc, { signal }),
    retry: false,
  });
}

/** A submission: the document's fields and the pictures its kind needs (kycPicturesOf). */
export interface KycSend extends KycSubmission {
  /** A picture the kind does not need is not sent. */
  pictures: Readonly<Record<KycPicture, File | undefined>>;
}

/**
 * The multipart form of POST /api/member/kyc: the text fields of contracts kycSubmission, then one file part
 * per picture the document's kind needs, named as the picture (a passport's back is never sent).
 */
export function kycFormData({ pictures, ...fields }: KycSend): FormData {
  const form = new FormData();
  form.append('documentKind', fields.documentKind);
  form.append('documentNumber', fields.documentNumber);
  form.append('fullName', fields.fullName);
  form.append('birthDate', fields.birthDate);
  for (const name of kycPicturesOf(fields.documentKind)) {
    const file = pictures[name];
    if (file) form.append(name, file, file.name);
  }
  return form;
}

/** POST the documents (PERSPNL3): answers the member's new identity check. */
export async function submitKyc(submission: KycSend) {
  return apiCall(kycCalls.memberSubmitKyc, { body: kycFormData(submission) });
}
