/**
 * Screen-reader announcements of toasts. antd-mobile draws its toast inside its mask, which is
 * aria-hidden, so the text is also written into a visually hidden live region of our own: polite
 * (`role="status"`) for information, assertive (`role="alert"`) for errors. The regions are added
 * to the page once and stay, so that assistive technology is already listening when text arrives.
 */
type Politeness = 'polite' | 'assertive';

const regions = new Map<Politeness, HTMLElement>();

function region(politeness: Politeness): HTMLElement {
  let element = regions.get(politeness);
  if (!element || !element.isConnected) {
    element = document.createElement('div');
    element.className = 'kl-visually-hidden';
    element.setAttribute('role', politeness === 'assertive' ? 'alert' : 'status');
    element.setAttribute('aria-live', politeness);
    element.setAttribute('aria-atomic', 'true');
    document.body.append(element);
    regions.set(politeness, element);
  }
  return element;
}

/** Creates the live regions ahead of the first announcement. */
export function prepareAnnouncer(): void {
  region('polite');
  region('assertive');
}

export function announce(text: string, politeness: Politeness): void {
  const target = region(politeness);
  // Emptied first, so that the same message twice in a row is announced twice.
  target.textContent = '';
  window.setTimeout(() => {
    target.textContent = text;
  }, 50);
}

export function clearAnnouncements(): void {
  for (const element of regions.values()) element.textContent = '';
}
