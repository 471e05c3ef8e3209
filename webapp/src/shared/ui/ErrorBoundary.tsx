import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  children: ReactNode;
  /** A new value (the next address) shows the children again after a failure. */
  resetKey: string;
}

interface State {
  failed: boolean;
}

/**
 * A page that fails to draw (or whose code cannot be fetched, e.g. after a new release) shows a
 * short Danish message with a reload instead of an empty screen; going to another address tries
 * again.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('a page failed', error, info.componentStack);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

function PageFailed() {
  const { t } = useTranslation();
  return (
    <section className="tb-not-found" role="alert">
      <h1>{t('shell.failed.title')}</h1>
      <button
        type="button"
        className="p-button p-component"
        onClick={() => window.location.reload()}
      >
        {t('shell.failed.reload')}
      </button>
    </section>
  );
}
