import type { ReactNode } from "react";
import { Button } from "./button";

export interface PaginationProps {
  /** True while the server returned a `nextCursor`. */
  hasMore: boolean;
  /** True while the next page is loading. */
  loading: boolean;
  onLoadMore: () => void;
  loadMoreLabel: string;
  loadingLabel: string;
  /** Announced politely when it changes, e.g. "Showing 48 products". */
  status?: ReactNode;
  /** Shown once everything is listed, e.g. "That's all". */
  endLabel?: ReactNode;
}

/**
 * Cursor pagination as a "load more" button: lists keep what they showed and append the next page, which suits
 * cursor APIs (no page numbers to jump to) and keeps the reading position.
 */
export function Pagination({
  hasMore,
  loading,
  onLoadMore,
  loadMoreLabel,
  loadingLabel,
  status,
  endLabel,
}: PaginationProps) {
  return (
    <div className="ui-pagination">
      <p className="ui-pagination__status" aria-live="polite">
        {status}
      </p>
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} busy={loading} busyLabel={loadingLabel}>
          {loadMoreLabel}
        </Button>
      ) : endLabel ? (
        <p className="ui-pagination__end">{endLabel}</p>
      ) : null}
    </div>
  );
}
