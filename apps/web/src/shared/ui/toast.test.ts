import { beforeEach, describe, expect, it, vi } from 'vitest';

const impl = vi.hoisted(() => ({ showToast: vi.fn(), clearToasts: vi.fn() }));
vi.mock('./toast-impl.tsx', () => impl);

const { toast } = await import('./toast.ts');

beforeEach(() => {
  impl.showToast.mockClear();
  impl.clearToasts.mockClear();
});

describe('toast', () => {
  it('shows a message with the duration of its kind', async () => {
    await toast.success('Saved');
    expect(impl.showToast).toHaveBeenCalledWith({ content: 'Saved', duration: 1_000, icon: 'success' });
  });

  it('does not draw a toast that was cleared before it could be drawn', async () => {
    const shown = toast.loading('Please wait', { untilCleared: true });
    const cleared = toast.clear();
    await Promise.all([shown, cleared]);
    expect(impl.showToast).not.toHaveBeenCalled();
    expect(impl.clearToasts).toHaveBeenCalledTimes(1);
  });

  it('draws a toast asked for after a clear', async () => {
    await toast.clear();
    await toast.info('Hello');
    expect(impl.showToast).toHaveBeenCalledTimes(1);
  });
});
