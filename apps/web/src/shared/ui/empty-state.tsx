import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyImage } from './icons.tsx';
import './empty-state.css';

/**
 * The empty state of product.md §8 (`in_no_data`), or another title; children go below. The site's own
 * markup, not antd-mobile's block: the first screens that can show it (home, the game list) would
 * otherwise bring antd-mobile's global module with them (docs/performance.md, "Less JavaScript").
 */
export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="kl-empty" data-testid="empty-state">
      <div className="kl-empty__picture">
        <EmptyImage />
      </div>
      <div className="kl-empty__title">{title ?? t('in_no_data')}</div>
      {children ? <div className="kl-empty__content">{children}</div> : null}
    </div>
  );
}
