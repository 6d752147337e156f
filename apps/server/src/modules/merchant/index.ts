export type { MerchantRow } from '../../db/schema/index.ts';
export {
  createMerchantRepository,
  type MerchantRepository,
  type MerchantSettingsChange,
  type OperatorStatusChange,
} from './repository.ts';
export {
  createMerchantService,
  type Merchant,
  MerchantNotFoundError,
  type MerchantService,
  toMerchant,
} from './service.ts';
