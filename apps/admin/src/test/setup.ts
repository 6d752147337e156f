import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A test fails when console.error is called and the test did not take the message with
 * `takeConsoleErrors()` (React and antd warnings, act() warnings, jsdom errors…).
 */
let consoleErrors: unknown[][] = [];

export function takeConsoleErrors(): string[] {
  const taken = consoleErrors.map((args) => format(...args));
  consoleErrors = [];
  return taken;
}

// findBy… and waitFor wait up to 5 s (1 s by default), as in the web app's tests: on a two-core machine
// running the server suites' databases beside these workers, an antd screen and its lazy texts can take more
// than a second to appear. What a test expects does not change, only how long it may take to appear.
configure({ asyncUtilTimeout: 5_000 });

// antd's parts (rc components) give every element the same id, `test-id`, under NODE_ENV=test: a
// dialog's aria-labelledby would then name it after another element. They run as in development.
process.env.NODE_ENV = 'development';

// jsdom has no media queries; antd's grid and responsive parts ask for them. The tests' operator asks
// for reduced motion: antd's enter and leave animations wait for events jsdom never sends.
window.matchMedia ??= (query: string) =>
  ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom lays nothing out, so sizes never change: antd's tables and menus only need the observer to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/**
 * A quick getComputedStyle. jsdom's computes every property of every ancestor, and antd puts hundreds of
 * CSS variables at the root: one query by role took seconds. What the tests need from it is whether an
 * element is hidden, which in this app comes from the `hidden` attribute, inline styles (antd's motion
 * and dialogs) and antd's `-hidden` classes (closed popups); stylesheets are not read.
 */
const HIDDEN_CLASS = /(^|\s)ant-[\w-]+-hidden(\s|$)/;
window.getComputedStyle = (element: Element) => {
  const style = document.createElement('div').style;
  const own = (element as HTMLElement).style as CSSStyleDeclaration | undefined;
  if (own?.cssText) style.cssText = own.cssText;
  if (element.hasAttribute('hidden') || HIDDEN_CLASS.test(element.getAttribute('class') ?? '')) {
    style.display = 'none';
  }
  return style;
};

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.body.innerHTML = '';
  const unexpected = takeConsoleErrors();
  if (unexpected.length > 0) {
    throw new Error(`console.error was called unexpectedly:\n${unexpected.join('\n---\n')}`);
  }
});
