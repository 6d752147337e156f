import { setDefaultConfig, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { ANTD_LOCALES } from './antd-locales.ts';
import { currentLanguage, onLanguageChanged } from './i18n.ts';

/**
 * antd-mobile on React 19. Imported by every module that shows antd-mobile's imperative components
 * (Toast, Dialog) or its built-in texts (the toast and side-menu chunks), so that it stays out of
 * the first load of /m/home:
 * - its imperative components (Toast, Dialog) render through `unstableSetRender`, which must be
 *   given a createRoot-based renderer or they render nothing;
 * - its built-in texts default to Chinese: they follow the interface language instead.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  const mounted = root;
  return async () => {
    // Let the closing render finish before the root goes away.
    await new Promise((resolve) => setTimeout(resolve, 0));
    mounted.unmount();
    roots.delete(container);
  };
});

setDefaultConfig({ locale: ANTD_LOCALES[currentLanguage()] });
onLanguageChanged((language) => setDefaultConfig({ locale: ANTD_LOCALES[language] }));
