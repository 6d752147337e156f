import type { Vendor } from '@kl/contracts/games';
import { useTranslation } from 'react-i18next';

/** Vendors per group of the strip (product.md §2). */
export const VENDOR_GROUP_SIZE = 5;

/** The vendor strip of a game list: "all" and the vendors' icons, in groups of 5 that scroll sideways. */
export function VendorStrip({
  vendors,
  selected,
  onSelect,
}: {
  vendors: readonly Vendor[];
  selected: string | null;
  onSelect: (vassalage: string | null) => void;
}) {
  const { t } = useTranslation();
  const groups: Vendor[][] = [];
  for (let index = 0; index < vendors.length; index += VENDOR_GROUP_SIZE) {
    groups.push(vendors.slice(index, index + VENDOR_GROUP_SIZE));
  }
  return (
    <nav className="kl-vendor-strip" aria-label={t('games.vendors')}>
      <button
        type="button"
        className="kl-chip kl-vendor-strip__all"
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        {t('games.allVendors')}
      </button>
      <div className="kl-vendor-strip__groups">
        {groups.map((group, index) => (
          <ul key={index} className="kl-vendor-strip__group">
            {group.map((vendor) => (
              <li key={vendor.vassalage}>
                <button
                  type="button"
                  className="kl-vendor-strip__vendor"
                  aria-pressed={selected === vendor.vassalage}
                  onClick={() => onSelect(vendor.vassalage)}
                >
                  <img
                    src={vendor.mobileSmallIcon}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    decoding="async"
                  />
                  <span>{vendor.displayName}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </nav>
  );
}
