import '@testing-library/jest-dom/vitest';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

// With one worker, Vitest runs every file of the project in one VM context, one module graph (its vm pools
// are never isolated, and a single worker gets all the files at once); with more, each file has a context
// of its own. Each file starts from fresh modules of the app either way: the module state an earlier file
// left (a language loaded, a query cached, a mocked module already imported) never reaches the next.
// The app modules this setup uses are imported after the reset, so that they are the file's own.
vi.resetModules();
await import('../shared/lib/antd-setup.ts');
const { toast } = await import('../shared/ui/toast.ts');
const { markClientRendered } = await import('../shared/hooks/use-after-hydration.ts');

/**
 * A test fails when console.error is called and the test did not take the message with
 * `takeConsoleErrors()` (React warnings, failed prop types, act() warnings, jsdom errors…).
 */
let consoleErrors: unknown[][] = [];

export function takeConsoleErrors(): string[] {
  const taken = consoleErrors.map((args) => format(...args));
  consoleErrors = [];
  return taken;
}

// findBy… and waitFor wait up to 5 s (1 s by default): screens and their texts are lazy modules, and on a
// two-core machine running two test workers beside the server suites' databases, a first import can take
// longer than a second. What a test expects does not change, only how long it may take to appear.
configure({ asyncUtilTimeout: 5_000 });

// With one worker the files also share one jsdom document (above): each file starts from an empty one,
// whatever the files before it left (live regions, portals, the page's language,
// its address, its storage and cookies).
document.head.replaceChildren();
document.body.replaceChildren();
for (const name of document.documentElement.getAttributeNames())
  document.documentElement.removeAttribute(name);
for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
window.history.replaceState(null, '', '/');
window.localStorage.clear();
window.sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

// Tests render the app in an empty document, as the browser does without a server-rendered page.
markClientRendered();

// jsdom's window has no SubtleCrypto (the browser's, used to encrypt the login and verify rounds): Node's.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true, writable: true });
}

// jsdom has no pointer capture; antd-mobile's bottom sheets (Popup, swipe to close) call it.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  // jsdom does not scroll; the layout scrolls to the top of each new page.
  window.scrollTo = () => {};
});

afterEach(async () => {
  cleanup();
  await toast.clear();
  // Toasts render in their own roots, outside the test's container: wait until they are gone.
  await waitFor(() => {
    if (document.querySelector('.adm-toast-mask')) throw new Error('A toast is still shown');
  });
  window.localStorage.clear();
  const unexpected = takeConsoleErrors();
  if (unexpected.length > 0) {
    throw new Error(`console.error was called unexpectedly:\n${unexpected.join('\n---\n')}`);
  }
});
