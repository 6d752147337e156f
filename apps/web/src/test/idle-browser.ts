import { onTestFinished, vi } from 'vitest';

/**
 * A browser that says when it is idle: `requestIdleCallback` and `cancelIdleCallback` stubbed, the
 * callbacks asked for and not cancelled kept (with their timeout) to run by hand. The stubs are undone
 * after each test (the project's `unstubGlobals`).
 */
export function idleBrowser() {
  const callbacks = new Map<number, { callback: () => void; timeout?: number }>();
  let next = 0;
  vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
    next += 1;
    callbacks.set(next, { callback, timeout: options?.timeout });
    return next;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => callbacks.delete(handle));
  return callbacks;
}

/** The page's load as `document.readyState` says it, for the rest of the test. */
export function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
  onTestFinished(() => {
    Reflect.deleteProperty(document, 'readyState');
  });
}
