import { isListFirst, type GameType, type Vendor } from '@kl/contracts/games';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVendors } from '../api/get-vendors.ts';
import { useLaunchGame } from '../hooks/use-launch-game.ts';

/** The vendors of a game type in the merchant's order (product.md §3 vendor structure sorting). */
export function useVendorsOf(gameType: GameType): Vendor[] {
  const { data: structure } = useVendors();
  return useMemo(() => {
    const names = structure?.sorting.find((entry) => entry.gameCategory === gameType)?.vendorNames ?? [];
    return names.flatMap((name) => {
      const vendor = structure?.vendors.find((v) => v.vassalage === name && v.gameCategory === gameType);
      return vendor ? [vendor] : [];
    });
  }, [structure, gameType]);
}

/** A vendor's icon and name, the face of a tile. */
function TileFace({ vendor }: { vendor: Vendor }) {
  return (
    <>
      <img src={vendor.mobileSmallIcon} alt="" width={48} height={48} loading="lazy" decoding="async" />
      <span>{vendor.displayName}</span>
    </>
  );
}

/**
 * The vendor tiles of a category. A vendor of a type that launches by vendor (live casino, sports,
 * e-sports, cockfight, lottery) opens its lobby through the launch routing of product.md §5, as a vendor
 * click (free play supportPlay 1; visitors are sent to log in); a vendor of a list-first type (slots,
 * fishing, cards) opens its game list (product.md §5 "list-first vendors open their game list").
 */
export function VendorTiles({ gameType }: { gameType: GameType }) {
  const { t } = useTranslation();
  const vendors = useVendorsOf(gameType);
  const { launchVendor, pendingVendor } = useLaunchGame();
  if (vendors.length === 0) return null;
  const listFirst = isListFirst(gameType);
  return (
    <ul
      className="kl-vendor-tiles"
      aria-label={t('games.vendorsOf', { category: t(`category.${gameType}`) })}
    >
      {vendors.map((vendor) => (
        <li key={vendor.vassalage}>
          {listFirst ? (
            <Link
              className="kl-vendor-tiles__tile"
              to={`/m/gameList?gameType=${gameType}&vassalage=${encodeURIComponent(vendor.vassalage)}`}
              aria-label={t('games.openVendor', { name: vendor.displayName })}
            >
              <TileFace vendor={vendor} />
            </Link>
          ) : (
            <button
              type="button"
              className="kl-vendor-tiles__tile"
              aria-label={t('games.openVendor', { name: vendor.displayName })}
              aria-busy={pendingVendor === vendor.vassalage}
              onClick={() => launchVendor(vendor)}
            >
              <TileFace vendor={vendor} />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
