import { Button } from "./button";

export interface OffsetPagerProps {
  /** Where the page shown starts (0-based). */
  offset: number;
  /** How many rows the page shows. */
  shown: number;
  /** How far "Previous" and "Next" move. */
  pageSize: number;
  /** Whether a next page exists (e.g. `offset + shown < total`). */
  hasNext: boolean;
  /** True while a page loads: both buttons wait. */
  busy: boolean;
  onGo: (offset: number) => void;
  /** The range shown, e.g. "21–40 of 57", announced politely when it changes. */
  rangeLabel: string;
  previousLabel: string;
  nextLabel: string;
  /** Names the navigation landmark. */
  label: string;
}

/**
 * Page-by-page navigation for lists the provider pages by offset (its searches return `paging.offset/total`):
 * the range shown, and Previous / Next that move by a page.
 */
export function OffsetPager(props: OffsetPagerProps) {
  const { offset, pageSize, busy, onGo } = props;
  return (
    <nav className="ui-offset-pager" aria-label={props.label}>
      <span aria-live="polite">{props.rangeLabel}</span>
      <Button variant="secondary" disabled={offset === 0 || busy} onClick={() => onGo(Math.max(0, offset - pageSize))}>
        {props.previousLabel}
      </Button>
      <Button variant="secondary" disabled={!props.hasNext || busy} onClick={() => onGo(offset + pageSize)}>
        {props.nextLabel}
      </Button>
    </nav>
  );
}
