// The states every list a page fetches goes through: loading, failed (with a
// retry), empty, and the items themselves.
import { EmptyState, type EmptyStateProps, ErrorState, type HeadingLevel, LoadingState } from "@cobro/ui";
import type { ReactNode } from "react";
import { useI18n } from "../../i18n/i18n-context";
import { describeError } from "../errors/describe-error";

/** The parts of a React Query result a failed state reads. */
export interface RetryableQuery {
  error: unknown;
  /** True while a retry runs. */
  isRefetching: boolean;
  refetch: () => unknown;
}

export interface QueryErrorStateProps {
  title: ReactNode;
  query: RetryableQuery;
  headingLevel?: HeadingLevel;
}

/** A failed query: its error in the shopper's words, and a button that runs the query again. */
export function QueryErrorState({ title, query, headingLevel }: QueryErrorStateProps) {
  const { t, language } = useI18n();
  return (
    <ErrorState
      headingLevel={headingLevel}
      title={title}
      message={describeError(query.error, { t, language }).message}
      onRetry={() => void query.refetch()}
      retryLabel={t("common.retry")}
      retrying={query.isRefetching}
      retryingLabel={t("common.retrying")}
    />
  );
}

export interface QueryListProps<Item> {
  query: RetryableQuery & { isPending: boolean; isError: boolean };
  /** What the query loaded, once it has. */
  items: readonly Item[] | undefined;
  loadingLabel: string;
  /** Shown while the first load runs instead of the spinner (a table's skeleton); says `loadingLabel` itself. */
  loading?: ReactNode;
  failedTitle: string;
  /**
   * Whether to show the failure instead of the items; `query.isError` unless told. A list paged with "load more"
   * keeps showing its items when a later page fails.
   */
  failed?: boolean;
  empty: Omit<EmptyStateProps, "headingLevel">;
  /** The level of the failed and empty states' headings. */
  headingLevel?: HeadingLevel;
  /** Renders the items (there is at least one). */
  children: (items: readonly Item[]) => ReactNode;
}

/** A fetched list: a spinner while it loads, the error with a retry, the empty state, or the items. */
export function QueryList<Item>({
  query,
  items,
  loadingLabel,
  loading,
  failedTitle,
  failed = query.isError,
  empty,
  headingLevel,
  children,
}: QueryListProps<Item>) {
  if (query.isPending) return loading ?? <LoadingState label={loadingLabel} />;
  if (failed) return <QueryErrorState headingLevel={headingLevel} title={failedTitle} query={query} />;
  if (!items || items.length === 0) return <EmptyState headingLevel={headingLevel} {...empty} />;
  return children(items);
}
