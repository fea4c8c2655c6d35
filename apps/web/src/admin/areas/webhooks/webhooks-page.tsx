// /admin/webhooks: every notification the provider delivered (redeliveries
// folded into one row with their count), filtered by topic, status and age in
// the URL, a keyset page at a time; /admin/webhooks/:eventId shows the payload
// and every processing attempt, and lets an operator replay it.
import { WEBHOOK_AGES, WEBHOOK_EVENT_STATUSES } from "@cobro/contracts";
import { Button, Card, PageHeading, Pagination, SelectField, TextField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, Route, Routes } from "react-router";
import { QueryList } from "../../../components/query-list";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { AccountFilterField, accountFilterOf } from "../../components/account-filter";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { oneOf, useUrlFilters } from "../use-url-filters";
import { SendTestNotification } from "./send-test-notification";
import { WebhookEventDetail } from "./webhook-event-detail";
import { WebhookStatusBadge } from "./webhook-status-badge";

const FILTER_KEYS = ["topic", "status", "age", "account"] as const;
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
  const age = oneOf(WEBHOOK_AGES, filters.age);
  const events = trpc.admin.webhooks.list.useInfiniteQuery(
    { limit: WEBHOOKS_PAGE_SIZE, topic: filters.topic, status, age, account: accountFilterOf(filters.account) },
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
        <AccountFilterField
          value={accountFilterOf(filters.account) ?? ""}
          onChange={(account) => setFilters({ ...filters, account })}
        />
        <SelectField
          label={t("admin.webhooks.filter.age")}
          name="age"
          value={age ?? ""}
          onChange={(event) => setFilters({ ...filters, age: event.target.value })}
        >
          <option value="">{t("admin.filters.anyTime")}</option>
          {WEBHOOK_AGES.map((value) => (
            <option key={value} value={value}>
              {t(`admin.age.${value}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          {t("admin.filters.apply")}
        </Button>
      </form>
      <Card>
        <p className="admin-refreshing" aria-live="polite">
          {events.isFetching && !events.isPending && !events.isFetchingNextPage ? t("admin.refreshing") : ""}
        </p>
        <QueryList
          query={events}
          items={items}
          failed={events.isError && !events.data}
          loadingLabel={t("admin.webhooks.loading")}
          failedTitle={t("admin.webhooks.failed")}
          empty={{ title: t("admin.webhooks.empty.title"), description: t("admin.webhooks.empty.text") }}
        >
          {(rows) => (
            <>
              <div className="ui-table-wrap">
                <table className="ui-table admin-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.webhooks.col.received")}</th>
                      <th scope="col">{t("admin.webhooks.col.topic")}</th>
                      <th scope="col">{t("admin.webhooks.col.dataId")}</th>
                      <th scope="col">{t("admin.webhooks.col.signature")}</th>
                      <th scope="col">{t("admin.webhooks.col.status")}</th>
                      <th scope="col">{t("admin.webhooks.col.deliveries")}</th>
                      <th scope="col">{t("admin.webhooks.col.attempts")}</th>
                      <th scope="col">{t("admin.webhooks.col.lastError")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((event) => (
                      <tr key={event.id} data-event-id={event.id}>
                        <td>
                          <Link to={`/admin/webhooks/${event.id}`}>{formatDate(event.receivedAt, "dateTime")}</Link>
                        </td>
                        <td>{event.action ? `${event.topic} (${event.action})` : event.topic}</td>
                        <td className="admin-mono">{event.dataId ?? "—"}</td>
                        <td>
                          {event.signatureValid
                            ? t("admin.webhooks.signature.valid")
                            : t("admin.webhooks.signature.invalid")}
                        </td>
                        <td>
                          <WebhookStatusBadge status={event.status} />
                        </td>
                        <td>{event.deliveries}</td>
                        <td>{event.attempts}</td>
                        <td className="admin-error-text">{event.lastError ?? "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                hasMore={events.hasNextPage}
                loading={events.isFetchingNextPage}
                onLoadMore={() => void events.fetchNextPage()}
                loadMoreLabel={t("common.loadMore")}
                loadingLabel={t("common.loadingMore")}
                status={tPlural({ one: "admin.webhooks.count.one", other: "admin.webhooks.count.other" }, rows.length)}
                endLabel={t("common.endOfList")}
              />
              {events.isFetchNextPageError ? <p role="alert">{t("admin.loadMoreFailed")}</p> : null}
            </>
          )}
        </QueryList>
      </Card>
    </>
  );
}
