import { Component, type ReactNode } from 'react';
import { ErrorState } from '../../components/states.tsx';

interface Props {
  /** Changes on navigation, so a broken screen does not stay broken on the next page. */
  resetKey: string;
  children: ReactNode;
  /** What to show instead of the error state (nothing, for a part such as the menu). */
  fallback?: ReactNode;
  onError?: () => void;
}

/** A screen's code that could not be fetched (Chromium, Firefox and Safari say it so). */
export const isMissingCode = (error: unknown) => error instanceof TypeError && /dynamically imported module|importing a module script failed/i.test(error.message);

/**
 * A screen that fails while rendering shows the seed's error message; the header and menu stay usable.
 * A screen whose code never reached this phone (opened for the first time with no network) says that
 * it needs a connection, and Try again loads the page again: React keeps a failed lazy import.
 */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean; missingCode: boolean; key: string }> {
  override state = { failed: false, missingCode: false, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, missingCode: isMissingCode(error) };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, missingCode: false, key: props.resetKey };
  }

  override componentDidCatch() {
    this.props.onError?.();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    if (this.state.missingCode) return <ErrorState offline onRetry={() => location.reload()} />;
    return <ErrorState onRetry={() => this.setState({ failed: false })} />;
  }
}
