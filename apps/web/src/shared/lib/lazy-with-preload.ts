import { createElement, lazy, useState, type ComponentType, type ReactNode } from 'react';

export type PreloadableComponent<P extends object> = ((props: P) => ReactNode) & {
  /** Starts downloading the component's chunk (for example before the first render). */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` whose chunk can be fetched ahead of rendering. Once the chunk is there the
 * component renders at once, without suspending (no fallback flash). A failed download is
 * forgotten so that a later attempt tries again.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(loadOnce);
  const Preloadable = (props: P) => {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
    // remount the subtree and lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as ComponentType<P>));
    return createElement(Component, props);
  };
  return Object.assign(Preloadable, { preload: loadOnce });
}
