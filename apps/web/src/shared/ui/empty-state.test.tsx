import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// Whether antd-mobile was imported: its global module (a stylesheet for the body and a document-wide
// touch listener) is what the empty state must not bring onto the first screens that can show it.
const antd = vi.hoisted(() => ({ imported: false }));
vi.mock('antd-mobile', async (original) => {
  antd.imported = true;
  return original();
});

const { EmptyState } = await import('./empty-state.tsx');
const { i18n, initI18n } = await import('../lib/i18n.ts');

describe('EmptyState', () => {
  it('says there is no data, or its own title, with what goes below it, without antd-mobile', async () => {
    await initI18n('en');
    const { unmount } = render(<EmptyState />);
    expect(screen.getByTestId('empty-state')).toHaveTextContent(i18n.t('in_no_data'));
    unmount();
    render(
      <EmptyState title="No messages yet">
        <a href="/m/service">Contact us</a>
      </EmptyState>,
    );
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No messages yet');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/m/service');
    expect(antd.imported).toBe(false);
  });
});
