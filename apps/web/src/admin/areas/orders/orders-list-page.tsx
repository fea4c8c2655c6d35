// /admin/orders: the orders Cobro created in the virtual terminal, from its own table, newest first. The filters
// (status, processing mode, creation dates, the start of the reference or payer e-mail) live in the URL; pages
// load by keyset ("load more"), and a reload keeps the rows on screen instead of blocking the page.
import { ORDER_PROCESSING_MODES, ORDER_STATUSES, type OrderListFilters } from "@cobro/contracts";
import { Button, Card, Money, PageHeading, Pagination, SelectField, TextField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { QueryList } from "../../../components/query-list";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { AccountFilterField, AccountLabel, accountFilterOf } from "../../components/account-filter";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { oneOf, useUrlFilters } from "../use-url-filters";
import { OrderStatusBadge, useOrderWords } from "./order-words";

const FILTER_KEYS = ["status", "mode", "from", "to", "q", "account"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export const ORDERS_PAGE_SIZE = 25;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The URL's filters as the server's input; a hand-edited value that is not one is dropped. */
function toServerFilters(values: Partial<Record<FilterKey, string>>): OrderListFilters {
  const status = oneOf(ORDER_STATUSES, values.status);
  const mode = oneOf(ORDER_PROCESSING_MODES, values.mode);
  const from = values.from && ISO_DATE.test(values.from) ? new Date(`${values.from}T00:00:00`) : null;
  const to = values.to && ISO_DATE.test(values.to) ? new Date(`${values.to}T23:59:59.999`) : null;
  const range = from && to && from > to ? { from: null, to: null } : { from, to };
  return {
    ...(status ? { status: [status] } : {}),
    ...(mode ? { mode } : {}),
    ...(range.from && !Number.isNaN(range.from.getTime()) ? { createdFrom: range.from.toISOString() } : {}),
    ...(range.to && !Number.isNaN(range.to.getTime()) ? { createdTo: range.to.toISOString() } : {}),
    ...(values.q?.trim() ? { text: values.q.trim().slice(0, 254) } : {}),
    ...(accountFilterOf(values.account) ? { account: accountFilterOf(values.account) } : {}),
  };
}

export function OrdersListPage() {
  const { t, tPlural, formatDate, moneyLocaleFor } = useI18n();
  const { statusWords } = useOrderWords();
  useDocumentTitle(t("admin.orders.title"));
  const canCharge = useCanAct("operator");
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const [draft, setDraft] = useState<Partial<Record<FilterKey, string>>>(filters);
  const orders = trpc.admin.orders.list.useInfiniteQuery(
    { filters: toServerFilters(filters), limit: ORDERS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: keepPreviousData },
  );
  const set = (key: FilterKey) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const draftRangeInvalid = Boolean(draft.from && draft.to && draft.from > draft.to);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };

  return (
    <>
      <PageHeading
        title={t("admin.orders.title")}
        description={t("admin.orders.description")}
        actions={
          canCharge ? (
            <Link className="ui-button ui-button--primary" to="/admin/orders/new">
              {t("admin.orders.new")}
            </Link>
          ) : null
        }
      />
      <ReadOnlyNotice />
      <form className="admin-filters" onSubmit={onSubmit} aria-label={t("admin.filters.label")}>
        <SelectField
          label={t("admin.orders.filter.status")}
          name="status"
          value={draft.status ?? ""}
          onChange={set("status")}
          options={[
            { value: "", label: t("admin.orders.filter.anyStatus") },
            ...ORDER_STATUSES.map((status) => ({ value: status, label: statusWords(status) })),
          ]}
        />
        <SelectField
          label={t("admin.orders.filter.mode")}
          name="mode"
          value={draft.mode ?? ""}
          onChange={set("mode")}
          options={[
            { value: "", label: t("admin.orders.filter.anyMode") },
            ...ORDER_PROCESSING_MODES.map((mode) => ({ value: mode, label: t(`admin.orders.mode.${mode}`) })),
          ]}
        />
        <TextField
          label={t("admin.orders.filter.from")}
          type="date"
          name="from"
          value={draft.from ?? ""}
          onChange={set("from")}
          error={draftRangeInvalid ? t("admin.orders.filter.rangeInvalid") : undefined}
        />
        <TextField
          label={t("admin.orders.filter.to")}
          type="date"
          name="to"
          value={draft.to ?? ""}
          onChange={set("to")}
        />
        <TextField
          label={t("admin.orders.filter.text")}
          description={t("admin.orders.filter.textHint")}
          name="q"
          value={draft.q ?? ""}
          onChange={set("q")}
        />
        <AccountFilterField
          value={draft.account ?? ""}
          onChange={(account) => setDraft((current) => ({ ...current, account }))}
        />
        <Button type="submit" variant="secondary" disabled={draftRangeInvalid}>
          {t("admin.filters.apply")}
        </Button>
      </form>
      <Card>
        <p className="admin-refreshing" aria-live="polite">
          {orders.isFetching && !orders.isPending && !orders.isFetchingNextPage ? t("admin.refreshing") : ""}
        </p>
        <QueryList
          query={orders}
          items={orders.data?.pages.flatMap((page) => page.items)}
          failed={orders.isError && !orders.data}
          loadingLabel={t("admin.orders.loading")}
          failedTitle={t("admin.orders.failed")}
          empty={{ title: t("admin.orders.empty.title"), description: t("admin.orders.empty.text") }}
        >
          {(rows) => (
            <>
              <div className="ui-table-wrap">
                <table className="ui-table admin-table" aria-label={t("admin.orders.title")}>
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.orders.col.created")}</th>
                      <th scope="col">{t("admin.orders.col.reference")}</th>
                      <th scope="col">{t("admin.orders.col.status")}</th>
                      <th scope="col">{t("admin.orders.col.mode")}</th>
                      <th scope="col" className="num">
                        {t("admin.orders.col.amount")}
                      </th>
                      <th scope="col" className="num">
                        {t("admin.orders.col.refunded")}
                      </th>
                      <th scope="col">{t("admin.orders.col.payer")}</th>
                      <th scope="col">{t("admin.accountFilter.label")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((order) => (
                      <tr key={order.id} data-order-id={order.id}>
                        <td>{formatDate(order.createdAt, "dateTime")}</td>
                        <td className="admin-mono">
                          <Link to={`/admin/orders/${order.id}`}>{order.externalReference}</Link>
                        </td>
                        <td>
                          <OrderStatusBadge order={order} />
                        </td>
                        <td>{t(`admin.orders.mode.${order.processingMode}`)}</td>
                        <td className="num">
                          <Money {...order.amount} locale={moneyLocaleFor(order.amount.currency)} />
                        </td>
                        <td className="num">
                          {order.refunded.amountMinor > 0 ? (
                            <Money {...order.refunded} locale={moneyLocaleFor(order.refunded.currency)} />
                          ) : null}
                        </td>
                        <td>{order.payerEmail}</td>
                        <td>
                          <AccountLabel accountId={order.accountId} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                hasMore={orders.hasNextPage}
                loading={orders.isFetchingNextPage}
                onLoadMore={() => void orders.fetchNextPage()}
                loadMoreLabel={t("common.loadMore")}
                loadingLabel={t("common.loadingMore")}
                status={tPlural({ one: "admin.orders.count.one", other: "admin.orders.count.other" }, rows.length)}
                endLabel={t("common.endOfList")}
              />
              {orders.isFetchNextPageError ? <p role="alert">{t("admin.loadMoreFailed")}</p> : null}
            </>
          )}
        </QueryList>
      </Card>
    </>
  );
}
