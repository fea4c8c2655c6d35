import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "./class-names";

/** How a column's cells lay out. */
export type DataTableColumnKind =
  /** One line (the default): dates, statuses, short words. */
  | "text"
  /** Figures: aligned to the end, tabular digits, one line. */
  | "num"
  /** An identifier or reference: monospace, one line, cut with an ellipsis (wrap the value in `<Truncate>`). */
  | "id"
  /** Free text that may be long (an error, a description): wraps within a readable width. */
  | "wrap";

export interface DataTableColumn<Row> {
  /** Stable key of the column. */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  kind?: DataTableColumnKind;
  /** The cell that names its row (`<th scope="row">`): usually the first column. */
  rowHeader?: boolean;
  /**
   * Whether a "Columns" menu may hide the column. By default every column but the first (which names and links the
   * row) may be hidden; `false` keeps one always shown.
   */
  hideable?: boolean;
}

/** Extra attributes of a row, e.g. `{ "data-payment-id": 123 }` for tests and styles. */
export type DataTableRowProps = HTMLAttributes<HTMLTableRowElement> & {
  [attribute: `data-${string}`]: string | number | undefined;
};

export interface DataTableProps<Row> {
  /** Names the table and its scrolling frame ("Payments"). */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowProps?: (row: Row) => DataTableRowProps;
  /** True while the rows shown are being reloaded (they stay on screen, dimmed). */
  busy?: boolean;
  className?: string;
}

/**
 * A dense table that never widens its page: when its columns need more room than the screen has, it scrolls
 * sideways inside its own frame (a labelled region that takes keyboard focus, so the arrow keys scroll it), its
 * header row stays in view while the rows scroll, and identifiers are cut with an ellipsis instead of wrapping.
 *
 * @example
 * <DataTable label="Payments" rows={items} rowKey={(p) => p.id}
 *   columns={[{ id: "id", header: "ID", kind: "id", cell: (p) => <Truncate text={p.id} /> }]} />
 */
export function DataTable<Row>({ label, columns, rows, rowKey, rowProps, busy, className }: DataTableProps<Row>) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className={cx("ui-data-table", className)} aria-label={label} tabIndex={0} aria-busy={busy}>
      <table className="ui-data-table__table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cellClass(column.kind)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.id} scope="row" className={cellClass(column.kind)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} className={cellClass(column.kind)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function cellClass(kind: DataTableColumnKind = "text"): string {
  return `ui-data-table__${kind}`;
}

export interface TruncateProps {
  /** The whole value: shown cut to the column's width, whole in the tooltip and to screen readers. */
  text: string;
  /** What to show instead of the bare text, e.g. a link around it. */
  children?: ReactNode;
  className?: string;
}

/** A long value on one line, cut with an ellipsis; the whole of it in its `title`. */
export function Truncate({ text, children, className }: TruncateProps) {
  return (
    <span className={cx("ui-truncate", className)} title={text}>
      {children ?? text}
    </span>
  );
}
