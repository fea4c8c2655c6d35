import { ErrorPage } from "@cobro/ui";
import { Component, type ErrorInfo, type ReactNode } from "react";

export interface AppErrorBoundaryProps {
  children: ReactNode;
  /** The 500 title in the visitor's language. */
  title: string;
  /** Translated help under the title. */
  help: string;
  homeLabel: string;
  /** Changes (e.g. the path) reset the boundary, so navigating away recovers. */
  resetKey: string;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/**
 * Catches a page that throws while rendering and shows the 500 error page instead of a blank screen. Details go to
 * the console only; the visitor sees the fixed title.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: AppErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("[web] a page failed to render", error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    // A plain link: a full reload is the surest recovery from a broken render.
    return (
      <ErrorPage status={500} title={this.props.title} action={<a href="/">{this.props.homeLabel}</a>}>
        <p>{this.props.help}</p>
      </ErrorPage>
    );
  }
}
