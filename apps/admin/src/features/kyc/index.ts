export { KycScreen } from './kyc-screen.tsx';
export { KycSubmissionScreen } from './kyc-submission-screen.tsx';
