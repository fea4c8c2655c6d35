// The console's list table: one query's states (a skeleton while the first page loads, the error with a retry,
// the empty state) and then its rows in a DataTable that scrolls inside its own frame, under a "Columns" menu that
// hides optional columns (remembered per list in this browser). A list page gives it its columns; the rows stay on
// screen, dimmed, while new filters load.
import { Pagination } from "@cobro/ui";
import { ColumnsMenu, DataTable, type DataTableColumn, type DataTableRowProps, TableSkeleton } from "@cobro/ui/admin";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { QueryList, type QueryListProps } from "../../shared/components/query-list";
import { columnsStorageKey, useHiddenColumns } from "./use-hidden-columns";

export type AdminColumn<Row> = DataTableColumn<Row>;

export interface AdminTableProps<Row> extends Omit<QueryListProps<Row>, "children" | "loading"> {
  /** Names the table and its scrolling frame. */
  label: string;
  columns: readonly AdminColumn<Row>[];
  rowKey: (row: Row) => string | number;
  rowProps?: (row: Row) => DataTableRowProps;
  /** True while the rows shown are being reloaded. */
  busy?: boolean;
  /** Above the table once rows are here (a warning that a later page failed, say). */
  before?: (rows: readonly Row[]) => ReactNode;
  /** Below the table once rows are here: the pager. */
  after?: (rows: readonly Row[]) => ReactNode;
  /** Tells apart two tables of one page when remembering their hidden columns (the path is the default key). */
  listKey?: string;
}

export function AdminTable<Row>({
  label,
  columns,
  rowKey,
  rowProps,
  busy,
  before,
  after,
  listKey,
  ...list
}: AdminTableProps<Row>) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const [hidden, setHidden] = useHiddenColumns(columnsStorageKey(pathname, listKey));
  const hideable = columns.filter((column, index) => column.hideable ?? index > 0);
  const shown = columns.filter((column) => !(hidden.includes(column.id) && hideable.includes(column)));
  return (
    <QueryList {...list} loading={<TableSkeleton label={list.loadingLabel} columns={Math.min(shown.length, 6)} />}>
      {(rows) => (
        <>
          {hideable.length > 0 ? (
            <div className="admin-table-toolbar">
              <ColumnsMenu
                label={t("admin.columns.menu")}
                showAllLabel={t("admin.columns.showAll")}
                columns={hideable.map((column) => ({ id: column.id, label: column.header }))}
                hidden={hidden.filter((id) => hideable.some((column) => column.id === id))}
                onChange={setHidden}
              />
            </div>
          ) : null}
          {before?.(rows)}
          <DataTable label={label} columns={shown} rows={rows} rowKey={rowKey} rowProps={rowProps} busy={busy} />
          {after?.(rows)}
        </>
      )}
    </QueryList>
  );
}

/** The parts of an infinite query ("load more") its footer reads. */
export interface LoadMoreQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** Below a keyset list: "Load more" (or the end of the list), how many rows are shown, and a failed next page. */
export function LoadMoreFooter({ query, status }: { query: LoadMoreQuery; status: string }) {
  const { t } = useI18n();
  return (
    <>
      <Pagination
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        loadMoreLabel={t("common.loadMore")}
        loadingLabel={t("common.loadingMore")}
        status={status}
        endLabel={t("common.endOfList")}
      />
      {query.isFetchNextPageError ? <p role="alert">{t("admin.loadMoreFailed")}</p> : null}
    </>
  );
}

/** "Updating…" while a list reloads with new filters (its rows stay on screen), announced politely. */
export function RefreshingNote({ refreshing }: { refreshing: boolean }) {
  const { t } = useI18n();
  return (
    <p className="admin-refreshing" aria-live="polite">
      {refreshing ? t("admin.refreshing") : ""}
    </p>
  );
}
