// Shown when a screen fails to load or render, most often a stale app after an update: reloading
// fetches the current version. The boundary clears when the visitor goes to another path.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { Logo } from '../ui/logo';

function RouteError() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-5 px-4 text-center">
      <Logo />
      <h1 className="text-3xl font-black text-ink">Something went wrong</h1>
      <p className="text-lg text-muted">
        This page could not be shown. Reloading usually fixes it; if it keeps happening, please try again later.
      </p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </main>
  );
}

type BoundaryProps = { path: string; children: ReactNode };
type BoundaryState = { path: string; hasFailed: boolean };

export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { path: this.props.path, hasFailed: false };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { hasFailed: true };
  }

  /** Another path is another screen: it gets its own chance to render. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.path === state.path ? null : { path: props.path, hasFailed: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.hasFailed ? <RouteError /> : this.props.children;
  }
}
