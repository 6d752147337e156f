import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * The sandbox provider's game client at /m/provider/:kind (docs/decisions/026-sandbox-provider.md): its
 * own chunk, and each game kind a chunk of its own behind it (kinds/registry.ts).
 */
export const ProviderGameScreen = lazyWithPreload(() => import('./provider-game-screen.tsx'));
