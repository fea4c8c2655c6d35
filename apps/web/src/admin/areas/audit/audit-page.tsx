// /admin/audit: the append-only audit log, searched by actor, action, resource
// and a date range (all in the URL), newest first, a keyset page at a time.
import { DATE_RANGE_KEYS, dateRangeToDays, isDateRangeReversed } from "@cobro/contracts";
import { Button, Card, PageHeading, TextField } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useI18n } from "../../../i18n/i18n-context";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { type RouterOutputs, trpc } from "../../../trpc";
import { type AdminColumn, AdminTable, LoadMoreFooter, RefreshingNote } from "../../components/admin-table";
import { DateRangeField } from "../../components/date-range-field";
import { JsonBlock } from "../../components/json-block";
import { useUrlFilters } from "../use-url-filters";

type AuditEntry = RouterOutputs["admin"]["audit"]["search"]["items"][number];

const FILTER_KEYS = ["actor", "action", "resourceType", "resourceId", ...DATE_RANGE_KEYS] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
/** Entries per page. */
export const AUDIT_PAGE_SIZE = 25;

export default function AuditArea() {
  const { t, tPlural, formatDate } = useI18n();
  useDocumentTitle(t("admin.audit.title"));
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const [draft, setDraft] = useState<Partial<Record<FilterKey, string>>>(filters);
  // The log filters whole days: a preset or a custom range as its first and last day.
  const { from, to } = dateRangeToDays(filters);
  const entries = trpc.admin.audit.search.useInfiniteQuery(
    {
      limit: AUDIT_PAGE_SIZE,
      actor: filters.actor,
      action: filters.action,
      resourceType: filters.resourceType,
      resourceId: filters.resourceId,
      from,
      to,
    },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: keepPreviousData },
  );
  const field = (key: FilterKey) => ({
    name: key,
    value: draft[key] ?? "",
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [key]: event.target.value })),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const draftRangeInvalid = isDateRangeReversed(draft);

  const columns: AdminColumn<AuditEntry>[] = [
    { id: "when", header: t("admin.audit.col.when"), cell: (entry) => formatDate(entry.createdAt, "dateTime") },
    {
      id: "actor",
      header: t("admin.audit.col.actor"),
      cell: (entry) => <Truncate text={entry.actorEmail ?? entry.actorUserId ?? t("admin.audit.system")} />,
    },
    { id: "action", header: t("admin.audit.col.action"), kind: "id", cell: (entry) => entry.action },
    {
      id: "resource",
      header: t("admin.audit.col.resource"),
      kind: "id",
      cell: (entry) => <Truncate text={`${entry.resourceType}${entry.resourceId ? ` · ${entry.resourceId}` : ""}`} />,
    },
    {
      id: "details",
      header: t("admin.audit.col.details"),
      cell: (entry) =>
        entry.details ? (
          <details>
            <summary>{t("admin.audit.showDetails")}</summary>
            <JsonBlock value={entry.details} label={t("admin.audit.col.details")} />
          </details>
        ) : (
          "—"
        ),
    },
  ];

  return (
    <>
      <PageHeading title={t("admin.audit.title")} description={t("admin.audit.description")} />
      <form className="admin-filters" onSubmit={onSubmit} aria-label={t("admin.filters.label")}>
        <TextField
          label={t("admin.audit.filter.actor")}
          description={t("admin.audit.filter.actorHint")}
          {...field("actor")}
        />
        <TextField label={t("admin.audit.filter.action")} placeholder="refund.created" {...field("action")} />
        <TextField label={t("admin.audit.filter.resourceType")} placeholder="payment" {...field("resourceType")} />
        <TextField label={t("admin.audit.filter.resourceId")} {...field("resourceId")} />
        <DateRangeField value={draft} onChange={(range) => setDraft((current) => ({ ...current, ...range }))} />
        <Button type="submit" variant="secondary" disabled={draftRangeInvalid}>
          {t("admin.filters.apply")}
        </Button>
      </form>
      <Card>
        <RefreshingNote refreshing={entries.isFetching && !entries.isPending && !entries.isFetchingNextPage} />
        <AdminTable
          label={t("admin.audit.title")}
          query={entries}
          items={entries.data?.pages.flatMap((page) => page.items)}
          failed={entries.isError && !entries.data}
          loadingLabel={t("admin.audit.loading")}
          failedTitle={t("admin.audit.failed")}
          empty={{ title: t("admin.audit.empty.title"), description: t("admin.audit.empty.text") }}
          columns={columns}
          rowKey={(entry) => entry.id}
          after={(rows) => (
            <LoadMoreFooter
              query={entries}
              status={tPlural({ one: "admin.audit.count.one", other: "admin.audit.count.other" }, rows.length)}
            />
          )}
        />
      </Card>
    </>
  );
}
