// /admin/virtual-terminal: the orders Cobro created in the virtual terminal, from its own table, newest first. The filters
// (status, processing mode, creation dates, the start of the reference or payer e-mail) live in the URL; pages
// load by keyset ("load more"), and a reload keeps the rows on screen instead of blocking the page.
import {
  DATE_RANGE_KEYS,
  dateRangeToCreated,
  isDateRangeReversed,
  ORDER_PROCESSING_MODES,
  ORDER_STATUSES,
  type OrderListFilters,
  type OrderListItem,
} from "@cobro/contracts";
import { Button, Card, Money, PageHeading, SelectField, TextField } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { trpc } from "../../../trpc";
import { AccountFilter, AccountLabel, accountFilterOf } from "../../components/account-filter";
import { type AdminColumn, AdminTable, LoadMoreFooter, RefreshingNote } from "../../components/admin-table";
import { DateRangeField } from "../../components/date-range-field";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { oneOf, useUrlFilters } from "../use-url-filters";
import { OrderStatusBadge, useOrderWords } from "./order-words";

const FILTER_KEYS = ["status", "mode", ...DATE_RANGE_KEYS, "q", "account"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export const ORDERS_PAGE_SIZE = 25;

/** The URL's filters as the server's input; a hand-edited value that is not one is dropped. */
function toServerFilters(values: Partial<Record<FilterKey, string>>): OrderListFilters {
  const status = oneOf(ORDER_STATUSES, values.status);
  const mode = oneOf(ORDER_PROCESSING_MODES, values.mode);
  return {
    ...(status ? { status: [status] } : {}),
    ...(mode ? { mode } : {}),
    ...dateRangeToCreated(values),
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
  const draftRangeInvalid = isDateRangeReversed(draft);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };

  const columns: AdminColumn<OrderListItem>[] = [
    { id: "created", header: t("admin.orders.col.created"), cell: (order) => formatDate(order.createdAt, "dateTime") },
    {
      id: "reference",
      header: t("admin.orders.col.reference"),
      kind: "id",
      cell: (order) => (
        <Link to={`/admin/virtual-terminal/${order.id}`}>
          <Truncate text={order.externalReference} />
        </Link>
      ),
    },
    { id: "status", header: t("admin.orders.col.status"), cell: (order) => <OrderStatusBadge order={order} /> },
    { id: "mode", header: t("admin.orders.col.mode"), cell: (order) => t(`admin.orders.mode.${order.processingMode}`) },
    {
      id: "amount",
      header: t("admin.orders.col.amount"),
      kind: "num",
      cell: (order) => <Money {...order.amount} locale={moneyLocaleFor(order.amount.currency)} />,
    },
    {
      id: "refunded",
      header: t("admin.orders.col.refunded"),
      kind: "num",
      cell: (order) =>
        order.refunded.amountMinor > 0 ? (
          <Money {...order.refunded} locale={moneyLocaleFor(order.refunded.currency)} />
        ) : null,
    },
    { id: "payer", header: t("admin.orders.col.payer"), cell: (order) => <Truncate text={order.payerEmail} /> },
    {
      id: "account",
      header: t("admin.accountFilter.label"),
      cell: (order) => <AccountLabel accountId={order.accountId} />,
    },
  ];

  return (
    <>
      <PageHeading
        title={t("admin.orders.title")}
        description={t("admin.orders.description")}
        actions={
          canCharge ? (
            <Link className="ui-button ui-button--primary" to="/admin/virtual-terminal/new">
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
        <DateRangeField
          label={t("admin.dateRange.created")}
          value={draft}
          onChange={(range) => setDraft((current) => ({ ...current, ...range }))}
        />
        <TextField
          label={t("admin.orders.filter.text")}
          description={t("admin.orders.filter.textHint")}
          name="q"
          value={draft.q ?? ""}
          onChange={set("q")}
        />
        <AccountFilter
          value={draft.account ?? ""}
          onChange={(account) => setDraft((current) => ({ ...current, account }))}
        />
        <Button type="submit" variant="secondary" disabled={draftRangeInvalid}>
          {t("admin.filters.apply")}
        </Button>
      </form>
      <Card>
        <RefreshingNote refreshing={orders.isFetching && !orders.isPending && !orders.isFetchingNextPage} />
        <AdminTable
          label={t("admin.orders.title")}
          query={orders}
          items={orders.data?.pages.flatMap((page) => page.items)}
          failed={orders.isError && !orders.data}
          loadingLabel={t("admin.orders.loading")}
          failedTitle={t("admin.orders.failed")}
          empty={{ title: t("admin.orders.empty.title"), description: t("admin.orders.empty.text") }}
          columns={columns}
          rowKey={(order) => order.id}
          rowProps={(order) => ({ "data-order-id": order.id })}
          after={(rows) => (
            <LoadMoreFooter
              query={orders}
              status={tPlural({ one: "admin.orders.count.one", other: "admin.orders.count.other" }, rows.length)}
            />
          )}
        />
      </Card>
    </>
  );
}
