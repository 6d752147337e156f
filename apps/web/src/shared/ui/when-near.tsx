import type { ReactNode } from 'react';
import { useNearScreen } from '../hooks/use-near-screen.ts';

/** How far from the screen a lazy part starts to load. */
const AHEAD_PX = 800;

/**
 * Renders its children once their place comes within reach of the screen (right away where the
 * browser cannot tell, after the first render): the code and data of what lies far below the first
 * screen wait until the user scrolls towards it. The watch starts once the page has settled
 * (use-near-screen.ts): until then everything looks near.
 */
export function WhenNear({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const { ref, near } = useNearScreen<HTMLDivElement>(AHEAD_PX, { afterSettling: true });
  if (near) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}
