import type { ReactNode } from "react";
import { Button } from "./button";
import { Heading, type HeadingLevel } from "./heading";
import { Spinner } from "./spinner";

export interface LoadingStateProps {
  /** What is loading, read aloud: "Loading products…". */
  label: string;
}

/** Shown while a query has no data yet. */
export function LoadingState({ label }: LoadingStateProps) {
  return (
    <div className="ui-state ui-state--loading" role="status">
      <Spinner size="lg" />
      <p className="ui-state__text">{label}</p>
    </div>
  );
}

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A next step, e.g. a link back to the store. */
  action?: ReactNode;
  headingLevel?: HeadingLevel;
}

/** Shown when a query succeeded with nothing to list. */
export function EmptyState({ title, description, action, headingLevel = 2 }: EmptyStateProps) {
  return (
    <div className="ui-state ui-state--empty">
      <Heading level={headingLevel} className="ui-state__title">
        {title}
      </Heading>
      {description ? <p className="ui-state__text">{description}</p> : null}
      {action ? <div className="ui-state__action">{action}</div> : null}
    </div>
  );
}

export interface ErrorStateProps {
  title: ReactNode;
  /** A user-facing explanation (never a raw error or stack). */
  message?: ReactNode;
  /** Offers a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** True while the retry is running. */
  retrying?: boolean;
  retryingLabel?: string;
  headingLevel?: HeadingLevel;
}

/** Shown when a query failed; announced at once (`role="alert"`). */
export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel = "Try again",
  retrying = false,
  retryingLabel = "Trying again…",
  headingLevel = 2,
}: ErrorStateProps) {
  return (
    <div className="ui-state ui-state--error" role="alert">
      <Heading level={headingLevel} className="ui-state__title">
        {title}
      </Heading>
      {message ? <p className="ui-state__text">{message}</p> : null}
      {onRetry ? (
        <div className="ui-state__action">
          <Button variant="secondary" onClick={onRetry} busy={retrying} busyLabel={retryingLabel}>
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
