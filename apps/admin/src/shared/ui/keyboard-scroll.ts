import { useLayoutEffect, useRef } from 'react';

/**
 * antd draws a table wider than its box inside a scrolling `.ant-table-content`, which keyboard users can
 * scroll only if it takes the focus (axe: scrollable-region-focusable; WCAG 2.1.1). The hook's ref goes on
 * an element around the table: after each render its scroll box is made a focusable region named `label`.
 */
export function useKeyboardScroll(label: string) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = ref.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!box) return;
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', label);
  });
  return ref;
}
