// The console's pager for lists the provider pages by offset: the range shown ("21–40 of 57") and Previous / Next,
// in the console's words.
import { OffsetPager } from "@cobro/ui/admin";
import { useI18n } from "../../i18n/i18n-context";

export interface ListPagerProps {
  offset: number;
  /** Rows on the page shown. */
  shown: number;
  /** Rows in all (the provider's `paging.total`). */
  total: number;
  pageSize: number;
  /** Whether a next page exists; `offset + shown < total` unless told (e.g. by the provider's next offset). */
  hasNext?: boolean;
  busy: boolean;
  onGo: (offset: number) => void;
}

export function ListPager({ offset, shown, total, pageSize, hasNext, busy, onGo }: ListPagerProps) {
  const { t } = useI18n();
  return (
    <OffsetPager
      offset={offset}
      shown={shown}
      pageSize={pageSize}
      hasNext={hasNext ?? offset + shown < total}
      busy={busy}
      onGo={onGo}
      rangeLabel={t("admin.pager.range", { from: shown === 0 ? 0 : offset + 1, to: offset + shown, total })}
      previousLabel={t("admin.pager.previous")}
      nextLabel={t("admin.pager.next")}
      label={t("admin.pager.label")}
    />
  );
}
