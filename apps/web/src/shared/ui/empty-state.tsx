import { createErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyImage } from './icons.tsx';
import './empty-state.css';

// antd-mobile's block with our own small picture instead of its large built-in illustrations.
const image = <EmptyImage />;
const Block = createErrorBlock({ default: image, empty: image, busy: image, disconnected: image });

/** The empty state of product.md §8 (`in_no_data`), or another title; children go below. */
export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Block
      status="empty"
      className="kl-empty"
      title={title ?? t('in_no_data')}
      description={null}
      data-testid="empty-state"
    >
      {children}
    </Block>
  );
}
