import { DEFAULT_CATEGORY, useUiStore } from '../../shared/stores/ui-store.ts';
import { CategoryContent } from './components/category-content.tsx';
import { CategoryMenu } from './components/category-menu.tsx';
import { HomeSections } from './components/home-sections.tsx';
import './games.css';

/**
 * The games part of home (product.md §2): the category menu, then the home sections and winner board
 * while the home's own category (HOT) is selected, or the chosen category's games.
 * Its own chunk, so the home route's first render does not wait for it.
 */
export default function HomeGames() {
  const category = useUiStore((state) => state.category);
  return (
    <>
      <CategoryMenu />
      {category === DEFAULT_CATEGORY ? (
        <div data-testid="category-content" data-category={category}>
          <HomeSections />
        </div>
      ) : (
        <CategoryContent category={category} />
      )}
    </>
  );
}
