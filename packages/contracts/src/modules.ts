/**
 * Module ids of product.md §9, and those product.md §7 names beside individual calls (FREEPLAY3, REGISTER_REE3…).
 * Every call carries one in the `x-module-id` header (product.md §7).
 */
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
  'FREEPLAY3',
  'REGISTER_REE3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'VALID_CAPTCHA3',
  'AFFMAN3',
  'CHNGPASSVERIF3',
  'FEEDBACK3',
  'PROFPIC3',
  /** The back office's calls (docs/back-office.md); not a module of the player site. */
  'ADMIN',
] as const;

export type ModuleId = (typeof MODULE_IDS)[number];

export const MODULE_ID_HEADER = 'x-module-id';

export function isModuleId(value: unknown): value is ModuleId {
  return typeof value === 'string' && (MODULE_IDS as readonly string[]).includes(value);
}
