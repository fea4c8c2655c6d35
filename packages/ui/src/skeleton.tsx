export interface TableSkeletonProps {
  /** What is loading, read aloud: "Loading payments…". */
  label: string;
  columns?: number;
  rows?: number;
}

/**
 * The shape of a table while its first page loads: grey bars where the rows will be, so the page does not jump
 * when they arrive. Announced as a status with its label; the bars are hidden from screen readers.
 */
export function TableSkeleton({ label, columns = 5, rows = 6 }: TableSkeletonProps) {
  return (
    <div className="ui-skeleton" role="status">
      <span className="ui-visually-hidden">{label}</span>
      <div className="ui-skeleton__rows" aria-hidden="true">
        {Array.from({ length: rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their position.
          <div key={row} className="ui-skeleton__row">
            {Array.from({ length: columns }, (_, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <span key={column} className="ui-skeleton__bar" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
