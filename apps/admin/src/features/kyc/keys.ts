/** The queries of the identity checks (`listKey`): a decision refreshes both. */
export const KYC_LIST = 'kycSubmissions';
export const KYC_SUBMISSION = 'kycSubmission';
