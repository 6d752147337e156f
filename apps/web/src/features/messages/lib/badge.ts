import { BADGE_CAP } from '@kl/contracts/constants';

/** The text of a count badge (product.md §9): the number up to 99, '99+' above; null for none. */
export function badgeText(count: number | null | undefined): string | null {
  if (count === null || count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}
