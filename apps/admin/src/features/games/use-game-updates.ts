import { adminCalls } from '@kl/contracts/admin/calls';
import type { UpdateGameRequest } from '@kl/contracts/admin/games';
import type { GameType } from '@kl/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** The lists a change of the catalogue refreshes: the games and the vendors (their counts). */
export const GAMES_LIST = 'games';
export const VENDORS_LIST = 'game-vendors';
const CHANGED = [GAMES_LIST, VENDORS_LIST] as const;

/** Every vendor of the merchant (a few dozen): the vendors tab and the games filter. */
export function useGameVendors() {
  return useQuery({
    queryKey: listKey(VENDORS_LIST),
    queryFn: ({ signal }) => adminCall(adminCalls.adminGameVendors, { signal }),
  });
}

/**
 * The rows whose change is in flight, each until its answer and the refreshed list are in: their
 * controls stay disabled meanwhile (several rows may be changing at once).
 */
function useInFlight<K>() {
  const [keys, setKeys] = useState<ReadonlySet<K>>(() => new Set());
  const track = async (key: K, work: Promise<unknown>) => {
    setKeys((current) => new Set(current).add(key));
    try {
      await work;
    } catch {
      // The mutation already said what went wrong.
    } finally {
      setKeys((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };
  return { track, has: (key: K) => keys.has(key) };
}

/** Changes one field (or a few) of a game, row by row. */
export function useUpdateGame() {
  const { t } = useTranslation();
  const inFlight = useInFlight<number>();
  const mutation = useAdminMutation(
    ({ id, change }: { id: number; change: UpdateGameRequest }) =>
      adminCall(adminCalls.adminUpdateGame, { params: { id }, body: change }),
    { invalidates: CHANGED, successText: (game) => t('games.gameSaved', { name: game.gameName }) },
  );
  return {
    update: (id: number, change: UpdateGameRequest) =>
      void inFlight.track(id, mutation.mutateAsync({ id, change })),
    isUpdating: inFlight.has,
  };
}

export const vendorKey = (vendor: { gameCategory: GameType; vassalage: string }) =>
  `${vendor.gameCategory}:${vendor.vassalage}`;

/** Turns vendors on or off, row by row. */
export function useUpdateVendor() {
  const { t } = useTranslation();
  const inFlight = useInFlight<string>();
  const mutation = useAdminMutation(
    (vendor: { gameCategory: GameType; vassalage: string; enabled: boolean }) =>
      adminCall(adminCalls.adminUpdateGameVendor, {
        params: { gameCategory: vendor.gameCategory, vassalage: vendor.vassalage },
        body: { enabled: vendor.enabled },
      }),
    {
      invalidates: CHANGED,
      successText: (vendor) =>
        t(vendor.enabled ? 'games.vendorOn' : 'games.vendorOff', { name: vendor.displayName }),
    },
  );
  return {
    setEnabled: (vendor: { gameCategory: GameType; vassalage: string }, enabled: boolean) =>
      void inFlight.track(vendorKey(vendor), mutation.mutateAsync({ ...vendor, enabled })),
    isUpdating: (vendor: { gameCategory: GameType; vassalage: string }) => inFlight.has(vendorKey(vendor)),
  };
}
