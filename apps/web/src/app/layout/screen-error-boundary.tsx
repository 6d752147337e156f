import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from '../screens/route-error.tsx';

/**
 * Catches what a screen throws (most often a chunk that could not be downloaded) and shows the
 * error screen inside the layout. Keyed by path by its parent, so a navigation starts afresh.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Screen failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
