// /admin/store-orders: every order placed in the shop (its checkouts), newest first, with its number, items, payer,
// payment and state. The filters (state, dates, the start of the payer's e-mail) live in the URL; pages load by
// keyset ("load more"), and a reload keeps the rows on screen.
import {
  DATE_RANGE_KEYS,
  dateRangeToCreated,
  isDateRangeReversed,
  STORE_ORDER_STATES,
  type StoreOrderListFilters,
  type StoreOrderListItem,
} from "@cobro/contracts";
import { Button, Card, Money, PageHeading, SelectField, TextField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { trpc } from "../../../trpc";
import { type AdminColumn, AdminTable, LoadMoreFooter, RefreshingNote } from "../../components/admin-table";
import { DateRangeField } from "../../components/date-range-field";
import { oneOf, useUrlFilters } from "../use-url-filters";
import { itemsSummary, StoreOrderStateBadge } from "./store-order-words";

const FILTER_KEYS = ["state", ...DATE_RANGE_KEYS, "email"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export const STORE_ORDERS_PAGE_SIZE = 25;

/** The URL's filters as the server's input; a hand-edited value that is not one is dropped. */
export function toStoreOrderFilters(values: Partial<Record<FilterKey, string>>): StoreOrderListFilters {
  const state = oneOf(STORE_ORDER_STATES, values.state);
  return {
    ...(state ? { state } : {}),
    ...dateRangeToCreated(values),
    ...(values.email?.trim() ? { payerEmail: values.email.trim().slice(0, 254) } : {}),
  };
}

export function StoreOrdersListPage() {
  const { t, tPlural, formatDate, moneyLocaleFor } = useI18n();
  useDocumentTitle(t("admin.storeOrders.title"));
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const [draft, setDraft] = useState<Partial<Record<FilterKey, string>>>(filters);
  const orders = trpc.admin.storeOrders.list.useInfiniteQuery(
    { filters: toStoreOrderFilters(filters), limit: STORE_ORDERS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: keepPreviousData },
  );
  const set = (key: FilterKey) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const draftRangeInvalid = isDateRangeReversed(draft);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };

  const columns: AdminColumn<StoreOrderListItem>[] = [
    {
      id: "number",
      header: t("admin.storeOrders.col.number"),
      kind: "id",
      cell: (order) => <Link to={`/admin/store-orders/${order.checkoutId}`}>{order.orderNumber}</Link>,
    },
    {
      id: "created",
      header: t("admin.storeOrders.col.created"),
      cell: (order) => formatDate(order.createdAt, "dateTime"),
    },
    { id: "items", header: t("admin.storeOrders.col.items"), cell: (order) => itemsSummary(order.items) },
    {
      id: "payer",
      header: t("admin.storeOrders.col.payer"),
      cell: (order) =>
        `${order.payer.email ?? "—"}${order.payer.userId === null ? ` (${t("admin.storeOrders.guest")})` : ""}`,
    },
    {
      id: "state",
      header: t("admin.storeOrders.col.state"),
      cell: (order) => <StoreOrderStateBadge state={order.state} />,
    },
    {
      id: "total",
      header: t("admin.storeOrders.col.total"),
      kind: "num",
      cell: (order) => <Money {...order.total} locale={moneyLocaleFor(order.total.currency)} />,
    },
    {
      id: "payment",
      header: t("admin.storeOrders.col.payment"),
      kind: "id",
      cell: (order) =>
        order.providerPaymentId !== null ? (
          <Link to={`/admin/payments/${order.providerPaymentId}`}>{order.providerPaymentId}</Link>
        ) : (
          "—"
        ),
    },
  ];

  return (
    <>
      <PageHeading
        title={t("admin.storeOrders.title")}
        description={t("admin.storeOrders.description")}
        actions={
          <Link className="ui-button ui-button--secondary" to="/admin/store-orders/guests">
            {t("admin.storeOrders.guests.link")}
          </Link>
        }
      />
      <form className="admin-filters" onSubmit={onSubmit} aria-label={t("admin.filters.label")}>
        <SelectField
          label={t("admin.storeOrders.filter.state")}
          name="state"
          value={draft.state ?? ""}
          onChange={set("state")}
          options={[
            { value: "", label: t("admin.storeOrders.filter.anyState") },
            ...STORE_ORDER_STATES.map((state) => ({ value: state, label: t(`admin.storeOrders.state.${state}`) })),
          ]}
        />
        <DateRangeField
          label={t("admin.dateRange.created")}
          value={draft}
          onChange={(range) => setDraft((current) => ({ ...current, ...range }))}
        />
        <TextField
          label={t("admin.storeOrders.filter.email")}
          description={t("admin.storeOrders.filter.emailHint")}
          name="email"
          value={draft.email ?? ""}
          onChange={set("email")}
        />
        <Button type="submit" variant="secondary" disabled={draftRangeInvalid}>
          {t("admin.filters.apply")}
        </Button>
      </form>
      <Card>
        <RefreshingNote refreshing={orders.isFetching && !orders.isPending && !orders.isFetchingNextPage} />
        <AdminTable
          label={t("admin.storeOrders.title")}
          query={orders}
          items={orders.data?.pages.flatMap((page) => page.items)}
          failed={orders.isError && !orders.data}
          loadingLabel={t("admin.storeOrders.loading")}
          failedTitle={t("admin.storeOrders.failed")}
          empty={{ title: t("admin.storeOrders.empty.title"), description: t("admin.storeOrders.empty.text") }}
          columns={columns}
          rowKey={(order) => order.checkoutId}
          rowProps={(order) => ({ "data-checkout-id": order.checkoutId })}
          after={(rows) => (
            <LoadMoreFooter
              query={orders}
              status={tPlural(
                { one: "admin.storeOrders.count.one", other: "admin.storeOrders.count.other" },
                rows.length,
              )}
            />
          )}
        />
      </Card>
    </>
  );
}
