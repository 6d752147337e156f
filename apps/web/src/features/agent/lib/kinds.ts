import type { ContractKind } from '@kl/contracts/contract-requests';
import { fullPath } from '@kl/contracts/routes';

/** The screen of each kind of contract (product.md §2 member/agent routes), in the order the alerts come. */
export const CONTRACT_SCREENS: Readonly<Record<ContractKind, string>> = {
  salary: 'member/agent/getSalaryContract',
  dividend: 'member/agent/getDevidendContract',
  hourly: 'member/agent/getHourContract',
};

export const contractPath = (kind: ContractKind) => fullPath(CONTRACT_SCREENS[kind]);

/** Basis points as a percentage for the language: 1250 → "12.5%" (en), "12,5%" (vi). */
export function formatPercentBp(basisPoints: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );
}
