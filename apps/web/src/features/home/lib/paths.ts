import { fullPath } from '@kl/contracts/routes';

/** Pages of other features the home links to. */
export const NOTICE_PATH = fullPath('notice');
