import type { Page } from '@playwright/test';

/**
 * The layout rules of docs/layout.md, checked on the screen as it is painted now:
 * - no horizontal scroll: the document is no wider than the viewport;
 * - no overlap in the header, title bar and footer: the boxes of their visible controls and of their
 *   text (outside controls) do not cross, unless one holds the other;
 * - no text clipped in a button: a button's content is no wider than its box;
 * - tap targets (WCAG 2.2 target size minimum, 2.5.8): a control (a checkbox with its label) is at least
 *   24 × 24 px, or the circle of 24 px around its centre touches no other control; 44 × 44 px is what
 *   the site's own controls are made to (docs/layout.md); a link inside a sentence is exempt.
 * Answers one line per problem (empty when the screen passes).
 */
export async function findLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const REGIONS = '[data-testid="app-header"], [data-testid="app-footer"], .kl-title-bar';
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"]';
    const BUTTONS = 'button, [role="button"], a.kl-button, input[type="button"], input[type="submit"]';

    const describe = (element: Element): string => {
      const id = element.id ? `#${element.id}` : '';
      const testId = element.getAttribute('data-testid');
      const classes = [...element.classList]
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('');
      const label =
        element.getAttribute('aria-label') ??
        (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${element.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${classes}${label ? ` "${label}"` : ''}`;
    };
    const visible = (element: Element): boolean => {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    // Inside an open dialog or popup the page's own chrome is covered; it is checked when the dialog is gone.
    const inert = (element: Element) => element.closest('[inert], [aria-hidden="true"]') !== null;
    const round = (value: number) => Math.round(value * 10) / 10;

    interface Box {
      left: number;
      top: number;
      right: number;
      bottom: number;
    }
    const boxOf = (rect: DOMRect): Box => ({
      left: rect.left,
      top: rect.top,
      right: rect.right,
      bottom: rect.bottom,
    });
    const intersection = (a: Box, b: Box): Box | null => {
      const box = {
        left: Math.max(a.left, b.left),
        top: Math.max(a.top, b.top),
        right: Math.min(a.right, b.right),
        bottom: Math.min(a.bottom, b.bottom),
      };
      // Sub-pixel contact (borders that touch, rounding) is not an overlap.
      return box.right - box.left > 1 && box.bottom - box.top > 1 ? box : null;
    };
    /** The part of a text's box its clipping ancestors (overflow other than visible) let show. */
    const clippedBox = (box: Box, from: Element, region: Element): Box | null => {
      let current: Box | null = box;
      for (let element: Element | null = from; element && current; element = element.parentElement) {
        const style = getComputedStyle(element);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          current = intersection(current, boxOf(element.getBoundingClientRect()));
        }
        if (element === region) break;
      }
      return current;
    };

    // 1. Horizontal scroll.
    // A phone browser zooms out to show a page wider than its screen, and innerWidth grows with the
    // page; the layout viewport (the root's clientWidth) keeps the screen's width.
    const viewportWidth = Math.min(window.innerWidth, document.documentElement.clientWidth);
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > viewportWidth) {
      problems.push(
        `horizontal scroll: the document is ${scrollWidth} px wide in a ${viewportWidth} px viewport`,
      );
    }

    // 2. Overlaps in the header, title bar and footer.
    for (const region of document.querySelectorAll(REGIONS)) {
      if (!visible(region) || inert(region)) continue;
      const items: { node: Element; box: Box; what: string }[] = [];
      // A control's box with whatever of its content overflows it (a logo wider than its link) and shows.
      const paintedBox = (control: Element): Box => {
        let box = boxOf(control.getBoundingClientRect());
        for (const part of control.querySelectorAll('*')) {
          if (!visible(part)) continue;
          const shown = clippedBox(boxOf(part.getBoundingClientRect()), part, region);
          if (!shown) continue;
          box = {
            left: Math.min(box.left, shown.left),
            top: Math.min(box.top, shown.top),
            right: Math.max(box.right, shown.right),
            bottom: Math.max(box.bottom, shown.bottom),
          };
        }
        return box;
      };
      for (const control of region.querySelectorAll(CONTROLS)) {
        if (visible(control))
          items.push({ node: control, box: paintedBox(control), what: describe(control) });
      }
      const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const parent = text.parentElement;
        if (!parent || !text.textContent?.trim() || !visible(parent)) continue;
        if (parent.closest(CONTROLS)) continue; // the control's own box stands for its text
        const range = document.createRange();
        range.selectNodeContents(text);
        const box = clippedBox(boxOf(range.getBoundingClientRect()), parent, region);
        if (box) items.push({ node: parent, box, what: `text "${text.textContent.trim().slice(0, 30)}"` });
      }
      for (let i = 0; i < items.length; i += 1) {
        for (let j = i + 1; j < items.length; j += 1) {
          const a = items[i];
          const b = items[j];
          if (!a || !b || a.node.contains(b.node) || b.node.contains(a.node)) continue;
          const overlap = intersection(a.box, b.box);
          if (overlap) {
            problems.push(
              `overlap in ${describe(region).split(' ')[0]}: ${a.what} and ${b.what} by ${round(overlap.right - overlap.left)} × ${round(overlap.bottom - overlap.top)} px`,
            );
          }
        }
      }
    }

    const controls = [...document.querySelectorAll(CONTROLS)].filter(
      (element) => visible(element) && !inert(element),
    );

    // 3. Text clipped in a button: its content is wider than its box. (A part that ends in an ellipsis,
    // a game's long name on its tile, is a choice of the design: the button's name stays whole.)
    for (const button of document.querySelectorAll(BUTTONS)) {
      if (!visible(button) || inert(button)) continue;
      if (button.scrollWidth > button.clientWidth + 1) {
        problems.push(
          `clipped text: ${describe(button)} needs ${button.scrollWidth} px, has ${button.clientWidth} px`,
        );
      }
    }

    // 4. Tap targets. A checkbox or radio is reached through its label as well.
    /** A link inside a sentence (WCAG 2.5.8 inline exception): inline, with text of its own block around it. */
    const inSentence = (element: Element): boolean => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      if (!block) return false;
      const around = (block.textContent ?? '').replace(element.textContent ?? '', '').trim();
      return around.length > 0;
    };
    const targetBox = (element: Element): Box => {
      let box = boxOf(element.getBoundingClientRect());
      const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
      for (const label of labels) {
        if (!visible(label)) continue;
        const rect = label.getBoundingClientRect();
        box = {
          left: Math.min(box.left, rect.left),
          top: Math.min(box.top, rect.top),
          right: Math.max(box.right, rect.right),
          bottom: Math.max(box.bottom, rect.bottom),
        };
      }
      return box;
    };
    /** Whether the control shows at its centre (not behind the fixed footer or header, not scrolled away). */
    const onTop = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const x = (rect.left + rect.right) / 2;
      const y = (rect.top + rect.bottom) / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return true;
      const hit = document.elementFromPoint(x, y);
      return hit === null || element.contains(hit) || hit.contains(element);
    };
    const targets = controls
      // A control inside another control is reached through it; one under the fixed chrome, once scrolled.
      .filter((element) => !controls.some((other) => other !== element && other.contains(element)))
      .filter(onTop)
      .map((element) => ({ element, box: targetBox(element) }));
    const size = (box: Box) => ({ width: box.right - box.left, height: box.bottom - box.top });
    const centre = (box: Box) => ({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });
    const undersized = (box: Box) => size(box).width < 24 - 0.5 || size(box).height < 24 - 0.5;
    /** Whether a circle of 12 px radius around `point` touches `box`. */
    const circleTouches = (point: { x: number; y: number }, box: Box) => {
      const dx = Math.max(box.left - point.x, 0, point.x - box.right);
      const dy = Math.max(box.top - point.y, 0, point.y - box.bottom);
      return dx * dx + dy * dy < 12 * 12;
    };
    for (const { element, box } of targets) {
      const { width, height } = size(box);
      if (width >= 44 - 0.5 && height >= 44 - 0.5) continue;
      // WCAG 2.5.8: 24 × 24 px is the minimum; a smaller target needs its 24 px circle free of the others.
      if (!undersized(box) || inSentence(element)) continue;
      const point = centre(box);
      const neighbour = targets.find(
        (other) =>
          other.element !== element &&
          (circleTouches(point, other.box) ||
            (undersized(other.box) &&
              Math.hypot(centre(other.box).x - point.x, centre(other.box).y - point.y) < 24)),
      );
      if (neighbour) {
        problems.push(
          `tap target too small: ${describe(element)} is ${round(width)} × ${round(height)} px, ${describe(neighbour.element)} within 12 px of its centre`,
        );
      }
    }
    return problems;
  });
}

/**
 * Resolves after the browser has laid out and painted the current state (two animation frames), or after a
 * second without them: a page the browser stops drawing (hidden behind another, or starved of frames on a
 * busy host) runs no animation frame, and what is measured next forces its own layout anyway.
 */
export async function nextPaint(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const fallback = setTimeout(resolve, 1_000);
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            clearTimeout(fallback);
            resolve();
          }),
        );
      }),
  );
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/**
 * Resolves once no request of the page has been under way for 250 ms (at most 3 s): after an in-app
 * navigation the load state no longer tells when the screen's chunks and data have arrived. Event streams
 * (the signed-in member's balance, live chat) stay open for as long as the page does: they do not count.
 */
export async function waitForQuietNetwork(page: Page): Promise<void> {
  let pending = inFlight.get(page);
  if (!pending) {
    const requests = new Set<unknown>();
    page.on('request', (request) => {
      if (request.resourceType() !== 'eventsource') requests.add(request);
    });
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    inFlight.set(page, requests);
    pending = requests;
  }
  const deadline = Date.now() + 3_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) return;
  }
}
