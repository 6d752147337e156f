import type { GameCategory } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useUiStore } from '../../../shared/stores/ui-store.ts';
import { toast } from '../../../shared/ui/toast.ts';

/**
 * Choosing a category of the menu (product.md §2, §6): favourites need a member, so a visitor is told to
 * log in and the selection stays. Answers whether the category was selected.
 */
export function useChooseCategory(): (next: GameCategory) => boolean {
  const { t } = useTranslation();
  const { role } = useSession();
  const selectCategory = useUiStore((state) => state.selectCategory);
  return (next) => {
    if (next === 'FAV' && role === 'visitor') {
      void toast.info(t('in_logged_login'));
      return false;
    }
    selectCategory(next);
    return true;
  };
}
