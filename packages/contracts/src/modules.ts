/** Module ids of SPEC §9. Every call carries one in the `x-module-id` header (SPEC §7). */
export const MODULE_IDS = [
  'COMM3',
  'FUNDTRANS3',
  'AGEANNOUNCE3',
  'MEMTRANS3',
  'PERSPNL3',
  'AGEINFO3',
  'AGEDOWNMAN3',
  'REG3',
  'CAPTCHA3',
  'CBS3',
  'INBOX3',
] as const;

export type ModuleId = (typeof MODULE_IDS)[number];

export const MODULE_ID_HEADER = 'x-module-id';

export function isModuleId(value: unknown): value is ModuleId {
  return typeof value === 'string' && (MODULE_IDS as readonly string[]).includes(value);
}
