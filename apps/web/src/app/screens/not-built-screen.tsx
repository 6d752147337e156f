import { chromeFor } from '@kl/contracts/routes';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useCurrentRoute, useRouteTitle } from '../route-meta.ts';

/**
 * The screen of a route whose feature is not built yet: its title and the `in_no_data` empty
 * state. With a title bar the title is already the page's `<h1>`; otherwise the screen has one.
 */
export default function NotBuiltScreen() {
  const route = useCurrentRoute();
  const title = useRouteTitle(route);
  if (!route) return null;
  const { header } = chromeFor(route.page);
  return (
    <section className="kl-screen" data-page={route.page}>
      {header === 'special' && <h1 className="kl-visually-hidden">{title}</h1>}
      {header === 'none' && <h1 className="kl-screen__title">{title}</h1>}
      <EmptyState />
    </section>
  );
}
