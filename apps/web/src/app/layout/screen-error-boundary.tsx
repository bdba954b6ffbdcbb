import { Component, type ReactNode } from 'react';
import { ErrorState } from '../../components/states.tsx';

interface Props {
  /** Changes on navigation, so a broken screen does not stay broken on the next page. */
  resetKey: string;
  children: ReactNode;
}

/** A screen that fails while rendering shows the seed's error message; the header and menu stay usable. */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render() {
    if (this.state.failed) return <ErrorState onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
