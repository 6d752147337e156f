import { adminCalls } from '@kl/contracts/admin/calls';
import type {
  CatalogueImportRequest,
  CreateGameRequest,
  CreateGameVendorRequest,
} from '@kl/contracts/admin/catalogue';
import type { UpdateGameRequest, UpdateGameVendorRequest } from '@kl/contracts/admin/games';
import type { GameType } from '@kl/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { GAMES_LIST, VENDORS_LIST } from './use-game-updates.ts';

/** Setting the catalogue up (docs/back-office.md, "Game catalogue"): the forms' and the import's calls. */

const CHANGED = [GAMES_LIST, VENDORS_LIST] as const;

/** The providers registered for the merchant: what a vendor may be played by. */
export function useGameProviders(enabled: boolean) {
  return useQuery({
    queryKey: listKey('game-providers'),
    queryFn: ({ signal }) => adminCall(adminCalls.adminGameProviders, { signal }),
    enabled,
  });
}

export type VendorSave =
  | { mode: 'new'; body: CreateGameVendorRequest }
  | { mode: 'edit'; key: { gameCategory: GameType; vassalage: string }; body: UpdateGameVendorRequest };

/** Adds or changes a vendor; the form shows a refusal itself. */
export function useSaveVendor() {
  const { t } = useTranslation();
  return useAdminMutation(
    (save: VendorSave) =>
      save.mode === 'new'
        ? adminCall(adminCalls.adminCreateGameVendor, { body: save.body })
        : adminCall(adminCalls.adminUpdateGameVendor, { params: save.key, body: save.body }),
    {
      invalidates: CHANGED,
      errorMessage: false,
      successText: (vendor) => t('games.vendorSaved', { name: vendor.displayName }),
    },
  );
}

export type GameSave =
  { mode: 'new'; body: CreateGameRequest } | { mode: 'edit'; id: number; body: UpdateGameRequest };

/** Adds or changes a game; the form shows a refusal itself. */
export function useSaveGame() {
  const { t } = useTranslation();
  return useAdminMutation(
    (save: GameSave) =>
      save.mode === 'new'
        ? adminCall(adminCalls.adminCreateGame, { body: save.body })
        : adminCall(adminCalls.adminUpdateGame, { params: { id: save.id }, body: save.body }),
    {
      invalidates: CHANGED,
      errorMessage: false,
      successText: (game) => t('games.gameSaved', { name: game.gameName }),
    },
  );
}

/** Checks or imports a catalogue file; the report is the answer. */
export function useImportGames() {
  const { t } = useTranslation();
  return useAdminMutation(
    (request: CatalogueImportRequest) => adminCall(adminCalls.adminImportGames, { body: request }),
    {
      invalidates: CHANGED,
      errorMessage: false,
      successText: (report) =>
        report.dryRun
          ? undefined
          : t('games.import.done', { created: report.created, updated: report.updated }),
    },
  );
}
