import type { ApiEntry, ApiTable } from './api-call.ts';
import { statusCalls } from './status.ts';
import { accountsCalls } from './accounts.ts';
import { gamesCalls } from './games.ts';
import { feedbackCalls } from './feedback.ts';
import { chatCalls } from './chat.ts';
import { contentCalls } from './content.ts';
import { walletCalls } from './wallet.ts';
import { wageringCalls } from './wagering.ts';
import { depositCalls } from './deposit.ts';
import { responsibleGamingCalls } from './responsible-gaming.ts';
import { withdrawalCalls } from './withdrawal.ts';
import { kycCalls } from './kyc.ts';
import { gameRecordsCalls } from './game-records.ts';
import { vipCalls } from './vip.ts';
import { promotionsCalls } from './promotions.ts';
import { agentContractsCalls } from './agent-contracts.ts';
import { agentsCalls } from './agents.ts';
import { slotCalls } from './slot.ts';
import { lotteryCalls } from './lottery.ts';
import { providerWalletCalls } from './provider-wallet.ts';
import { adminCalls } from './admin/calls.ts';

/**
 * The API table (docs/conventions.md, "One typed API table"; calls in docs/product.md §7): every call's
 * method, path, module id and its request and response schemas. Each domain declares its own calls
 * next to its schemas (for example `vipCalls` in vip.ts), so the web app's feature chunks only load
 * the schemas they use; the server and the tests read the whole table here.
 */
export const API = {
  ...statusCalls,
  ...accountsCalls,
  ...gamesCalls,
  ...feedbackCalls,
  ...chatCalls,
  ...contentCalls,
  ...walletCalls,
  ...wageringCalls,
  ...depositCalls,
  ...responsibleGamingCalls,
  ...withdrawalCalls,
  ...kycCalls,
  ...gameRecordsCalls,
  ...vipCalls,
  ...promotionsCalls,
  ...agentContractsCalls,
  ...agentsCalls,
  ...slotCalls,
  ...lotteryCalls,
  ...providerWalletCalls,
  ...adminCalls,
} as const satisfies ApiTable;
export type ApiCall = keyof typeof API;

/** Every entry, by name (for code that walks the table). */
export const API_ENTRIES: readonly (readonly [ApiCall, ApiEntry])[] = Object.entries(API) as [
  ApiCall,
  ApiEntry,
][];
