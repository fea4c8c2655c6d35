// /admin/webhooks: every notification the provider delivered (redeliveries
// folded into one row with their count), filtered by topic, status, account and when
// they were received (the list kit's date range) in the URL, a keyset page at a time; /admin/webhooks/:eventId shows the payload
// and every processing attempt, and lets an operator replay it.
import { DATE_RANGE_KEYS, resolveDateRange, WEBHOOK_EVENT_STATUSES } from "@cobro/contracts";
import { Button, Card, PageHeading, SelectField, TextField } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, Route, Routes } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { type RouterOutputs, trpc } from "../../../trpc";
import { AccountFilter, accountFilterOf } from "../../components/account-filter";
import { type AdminColumn, AdminTable, LoadMoreFooter, RefreshingNote } from "../../components/admin-table";
import { DateRangeField } from "../../components/date-range-field";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { oneOf, useUrlFilters } from "../use-url-filters";
import { SendTestNotification } from "./send-test-notification";
import { WebhookEventDetail } from "./webhook-event-detail";
import { WebhookStatusBadge } from "./webhook-status-badge";

const FILTER_KEYS = ["topic", "status", ...DATE_RANGE_KEYS, "account"] as const;
type WebhookEventListItem = RouterOutputs["admin"]["webhooks"]["list"]["items"][number];
/** Events per page. */
export const WEBHOOKS_PAGE_SIZE = 25;

export default function WebhooksArea() {
  return (
    <Routes>
      <Route index element={<WebhooksInbox />} />
      <Route path=":eventId" element={<WebhookEventDetail />} />
    </Routes>
  );
}

function WebhooksInbox() {
  const { t, tPlural, formatDate } = useI18n();
  useDocumentTitle(t("admin.webhooks.title"));
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const [topicDraft, setTopicDraft] = useState(filters.topic ?? "");
  const status = oneOf(WEBHOOK_EVENT_STATUSES, filters.status);
  const received = resolveDateRange(filters);
  const events = trpc.admin.webhooks.list.useInfiniteQuery(
    {
      limit: WEBHOOKS_PAGE_SIZE,
      topic: filters.topic,
      status,
      receivedFrom: received.from?.toISOString(),
      receivedTo: received.to?.toISOString(),
      account: accountFilterOf(filters.account),
    },
    // The table keeps the rows it shows while new filters load: nothing jumps or blanks.
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: keepPreviousData },
  );
  const items = events.data?.pages.flatMap((page) => page.items);
  const canTest = useCanAct("operator");
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...filters, topic: topicDraft });
  };

  const columns: AdminColumn<WebhookEventListItem>[] = [
    {
      id: "received",
      header: t("admin.webhooks.col.received"),
      cell: (event) => <Link to={`/admin/webhooks/${event.id}`}>{formatDate(event.receivedAt, "dateTime")}</Link>,
    },
    {
      id: "topic",
      header: t("admin.webhooks.col.topic"),
      cell: (event) => (event.action ? `${event.topic} (${event.action})` : event.topic),
    },
    {
      id: "dataId",
      header: t("admin.webhooks.col.dataId"),
      kind: "id",
      cell: (event) => (event.dataId ? <Truncate text={event.dataId} /> : "—"),
    },
    {
      id: "signature",
      header: t("admin.webhooks.col.signature"),
      cell: (event) =>
        event.signatureValid ? t("admin.webhooks.signature.valid") : t("admin.webhooks.signature.invalid"),
    },
    {
      id: "status",
      header: t("admin.webhooks.col.status"),
      cell: (event) => <WebhookStatusBadge status={event.status} />,
    },
    { id: "deliveries", header: t("admin.webhooks.col.deliveries"), kind: "num", cell: (event) => event.deliveries },
    { id: "attempts", header: t("admin.webhooks.col.attempts"), kind: "num", cell: (event) => event.attempts },
    {
      id: "lastError",
      header: t("admin.webhooks.col.lastError"),
      kind: "wrap",
      cell: (event) => <span className="admin-error-text">{event.lastError ?? "—"}</span>,
    },
  ];

  return (
    <>
      <PageHeading title={t("admin.webhooks.title")} description={t("admin.webhooks.description")} />
      <ReadOnlyNotice />
      {canTest && config.data?.providerMode === "sandbox" ? <SendTestNotification /> : null}
      <form className="admin-filters" onSubmit={onSubmit} aria-label={t("admin.filters.label")}>
        <TextField
          label={t("admin.webhooks.filter.topic")}
          name="topic"
          value={topicDraft}
          onChange={(event) => setTopicDraft(event.target.value)}
          placeholder="payment"
        />
        <SelectField
          label={t("admin.webhooks.filter.status")}
          name="status"
          value={status ?? ""}
          onChange={(event) => setFilters({ ...filters, status: event.target.value })}
        >
          <option value="">{t("admin.filters.any")}</option>
          {WEBHOOK_EVENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`admin.webhooks.status.${value}`)}
            </option>
          ))}
        </SelectField>
        <AccountFilter
          value={accountFilterOf(filters.account) ?? ""}
          onChange={(account) => setFilters({ ...filters, account })}
        />
        <DateRangeField
          label={t("admin.webhooks.filter.age")}
          value={filters}
          onChange={(range) => setFilters({ ...filters, ...range })}
        />
        <Button type="submit" variant="secondary">
          {t("admin.filters.apply")}
        </Button>
      </form>
      <Card>
        <RefreshingNote refreshing={events.isFetching && !events.isPending && !events.isFetchingNextPage} />
        <AdminTable
          label={t("admin.webhooks.title")}
          query={events}
          items={items}
          failed={events.isError && !events.data}
          loadingLabel={t("admin.webhooks.loading")}
          failedTitle={t("admin.webhooks.failed")}
          empty={{ title: t("admin.webhooks.empty.title"), description: t("admin.webhooks.empty.text") }}
          columns={columns}
          rowKey={(event) => event.id}
          rowProps={(event) => ({ "data-event-id": event.id })}
          after={(rows) => (
            <LoadMoreFooter
              query={events}
              status={tPlural({ one: "admin.webhooks.count.one", other: "admin.webhooks.count.other" }, rows.length)}
            />
          )}
        />
      </Card>
    </>
  );
}
