import { DEFAULT_CATEGORY, useUiStore } from '../../shared/stores/ui-store.ts';
import { CategoryContent } from './components/category-content.tsx';
import { CategoryMenu } from './components/category-menu.tsx';
import { HomeSections, type SectionExtras } from './components/home-sections.tsx';
import './games.css';

/**
 * The games part of home (product.md §2): the category menu, then the home sections and winner board
 * while the home's own category (HOT) is selected, or the chosen category's games.
 * Its own chunk, so the home route's first render does not wait for it. `extras` are what home shows
 * at the end of a section (the new-games section's banners).
 */
export default function HomeGames({ extras }: { extras?: SectionExtras }) {
  const category = useUiStore((state) => state.category);
  return (
    <>
      <CategoryMenu />
      {category === DEFAULT_CATEGORY ? (
        <div data-testid="category-content" data-category={category}>
          <HomeSections extras={extras} />
        </div>
      ) : (
        <CategoryContent category={category} />
      )}
    </>
  );
}
