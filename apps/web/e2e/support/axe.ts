import axe from 'axe-core';
import type { Frame, Page } from '@playwright/test';

/**
 * axe in the page, loaded once per document: its script (about 550 KB) is evaluated in a frame only when
 * the frame has none yet, so the scans that follow an in-app navigation, or a step of a journey on the same
 * screen, run axe alone. Loading the script again for every scan, twice in the top frame, cost about
 * 0.8 s of a 1.1 s scan on a quiet machine (docs/decisions/031-test-suite-time.md).
 *
 * One axe.run in the top frame covers the page and its same-origin frames (the site embeds no other
 * origin), each of which gets axe too: frames talk to the top one only within the page's origin.
 */
const LOAD_AXE = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

type AxeWindow = Window & { axe?: typeof axe };

async function ensureAxe(frame: Frame): Promise<void> {
  const loaded = await frame.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
  if (!loaded) await frame.evaluate(LOAD_AXE);
}

/** The violations axe finds on the page as it is now (only those: no selectors are built for what passed). */
export async function axeViolations(page: Page): Promise<axe.Result[]> {
  await ensureAxe(page.mainFrame());
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    // A frame that detaches, or does not answer within 5 s (stopped by a dialog), is left out, as a frame
    // without axe is.
    const late = new Promise<void>((resolve) => setTimeout(resolve, 5_000));
    await Promise.race([ensureAxe(frame).catch(() => undefined), late]);
  }
  return page.evaluate(
    async (options) => {
      const loaded = (window as AxeWindow).axe;
      if (!loaded) throw new Error('axe is not loaded in the page');
      return (await loaded.run(document, options)).violations;
    },
    { resultTypes: ['violations'] } satisfies axe.RunOptions,
  );
}
