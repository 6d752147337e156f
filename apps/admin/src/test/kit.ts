/** What a screen test needs, from one place: the fake server, factories and the app renderer. */
export { adminCalls } from '@kl/contracts/admin/calls';
export { screen, waitFor, within } from '@testing-library/react';
export { LANGUAGE_STORAGE_KEY } from '../shared/i18n.ts';
export { createDashboard } from './dashboard.ts';
export { createKycSubmission, createMemberDetail, createOperator, createWithdrawal } from './factories.ts';
export { captureDownloads, type SavedFile } from './downloads.ts';
export { answer, bodyOf, csvFile, failure, on, onFile, type FakeRequest } from './fake-api.ts';
export { memberPageRoutes } from './member-page.ts';
export { findHeading, renderAdmin } from './render-admin.tsx';
export { chooseOption, fillIn } from './select.ts';
