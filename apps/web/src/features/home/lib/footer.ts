import { FOOTER_MAX_VENDORS } from '@kl/contracts/constants';
import type { Vendor, VendorStructure } from '@kl/contracts/games';

/** product.md §2: the footer's copyright year, unless the merchant's white label says another. */
export const COPYRIGHT_YEAR = 2025;

/**
 * The footer's vendor logos (product.md §2, §9): the merchant's vendors in the order of the vendor structure
 * (categories in menu order, then any vendor it does not sort), each once, at most 28.
 */
export function footerVendors(structure: VendorStructure | undefined, max = FOOTER_MAX_VENDORS): Vendor[] {
  if (!structure) return [];
  const byName = new Map(structure.vendors.map((vendor) => [vendor.vassalage, vendor]));
  const names = new Set([
    ...structure.sorting.flatMap((category) => category.vendorNames),
    ...structure.vendors.map((vendor) => vendor.vassalage),
  ]);
  const vendors: Vendor[] = [];
  for (const name of names) {
    const vendor = byName.get(name);
    if (vendor) vendors.push(vendor);
    if (vendors.length === max) break;
  }
  return vendors;
}
