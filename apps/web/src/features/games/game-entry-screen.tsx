import { useUiStore } from '../../shared/stores/ui-store.ts';
import { CategoryContent } from './components/category-content.tsx';
import { CategoryMenu } from './components/category-menu.tsx';
import { useCurrentRouteRow } from '../../shared/hooks/use-current-route-row.ts';
import './games.css';

/**
 * /m/game and the category paths (product.md §2 game entry): the category menu and the selected
 * category's games.
 */
export default function GameEntryScreen() {
  const route = useCurrentRouteRow();
  const category = useUiStore((state) => state.category);
  return (
    <section className="kl-screen kl-game-entry" data-page={route?.page ?? 'game'}>
      <CategoryMenu />
      <CategoryContent category={category} />
    </section>
  );
}
