import type { SandboxLaunchKind } from '@kl/contracts/sandbox-provider';
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import type { ProviderGameProps } from '../api/provider-call.ts';

/** What a game kind's component is given: the session, the balance and its setter, and the kind launched. */
export type ProviderKindProps = ProviderGameProps & { kind: SandboxLaunchKind };

type KindComponent = LazyExoticComponent<ComponentType<ProviderKindProps>>;

const table = lazy(() => import('./table.tsx'));
const sports = lazy(() => import('./sports.tsx'));

/**
 * Each launch kind's game, in a chunk of its own: the four live tables share one table screen; the
 * sports book serves sports and e-sports (it reads `kind`).
 */
export const PROVIDER_KINDS: Readonly<Record<SandboxLaunchKind, KindComponent>> = {
  baccarat: table,
  'xoc-dia': table,
  'bau-cua': table,
  cockfight: table,
  sports,
  esports: sports,
  fishing: lazy(() => import('./fishing.tsx')),
  slot: lazy(() => import('./slot.tsx')),
};
