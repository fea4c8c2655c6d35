// /admin/merchant-orders: the provider's merchant orders searched with the filters kept in the URL (shareable; the
// back button walks through them) and paged by the provider's offset. A reload keeps the previous rows on screen.
import {
  MERCHANT_ORDER_STATUSES,
  type MerchantOrderSearchFilters,
  type MerchantOrderSearchInput,
  type MerchantOrderSummary,
  merchantOrderFiltersFromQuery,
  merchantOrderFiltersToQuery,
  merchantOrderSearchInputSchema,
} from "@cobro/contracts";
import { Alert, Button, Money, PageHeading, SelectField, TextField } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { AccountFilter } from "../../components/account-filter";
import { accountScopeInput, accountScopeSearch } from "../../components/account-scope";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { ListPager } from "../../components/list-pager";
import { canActOnPayments } from "../payments/payment-permissions";
import { ReadOnlyNotice } from "../read-only-notice";
import { MerchantOrderStatus } from "./merchant-order-status";

const PAGE_SIZE = 25;

function readFilters(params: URLSearchParams): { filters: MerchantOrderSearchFilters; invalid: boolean } {
  const parsed = merchantOrderSearchInputSchema.safeParse(merchantOrderFiltersFromQuery(params));
  return parsed.success
    ? { filters: { ...parsed.data, limit: PAGE_SIZE }, invalid: false }
    : { filters: merchantOrderSearchInputSchema.parse({ limit: PAGE_SIZE }), invalid: true };
}

function toDateInput(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function MerchantOrdersListPage() {
  const { t, formatDate, moneyLocaleFor, language } = useI18n();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const { filters, invalid } = useMemo(() => readFilters(params), [params]);
  const list = trpc.admin.merchantOrders.search.useQuery(filters, { placeholderData: keepPreviousData });
  const page = list.data;
  const query = merchantOrderFiltersToQuery({ ...filters, offset: 0 }).toString();

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
    };
    const from = text("from");
    const to = text("to");
    const next: MerchantOrderSearchInput = {
      status: text("status") as MerchantOrderSearchInput["status"],
      preferenceId: text("preference"),
      externalReference: text("ref"),
      // Whole days in the browser's time zone: from the start of the first to the end of the last.
      createdFrom: from ? new Date(`${from}T00:00:00`).toISOString() : undefined,
      createdTo: to ? new Date(`${to}T23:59:59.999`).toISOString() : undefined,
      ...accountScopeInput(text("account")),
      offset: 0,
    };
    setParams(merchantOrderFiltersToQuery(next));
  };
  const goTo = (offset: number) => setParams(merchantOrderFiltersToQuery({ ...filters, offset }));

  const columns: AdminColumn<MerchantOrderSummary>[] = [
    {
      id: "id",
      header: t("admin.merchantOrders.col.id"),
      kind: "id",
      cell: (order) => (
        <Link to={`/admin/merchant-orders/${order.id}${accountScopeSearch(filters.account)}`}>{order.id}</Link>
      ),
    },
    {
      id: "created",
      header: t("admin.merchantOrders.col.created"),
      cell: (order) => (order.createdAt ? formatDate(order.createdAt, "dateTime") : "—"),
    },
    {
      id: "status",
      header: t("admin.merchantOrders.col.status"),
      cell: (order) => <MerchantOrderStatus status={order.status} orderStatus={order.orderStatus} />,
    },
    {
      id: "total",
      header: t("admin.merchantOrders.col.total"),
      kind: "num",
      cell: (order) => <Money {...order.total} locale={moneyLocaleFor(order.total.currency)} />,
    },
    {
      id: "paid",
      header: t("admin.merchantOrders.col.paid"),
      kind: "num",
      cell: (order) => <Money {...order.paid} locale={moneyLocaleFor(order.paid.currency)} />,
    },
    {
      id: "reference",
      header: t("admin.merchantOrders.col.reference"),
      kind: "id",
      cell: (order) => (order.externalReference ? <Truncate text={order.externalReference} /> : ""),
    },
    {
      id: "preference",
      header: t("admin.merchantOrders.col.preference"),
      kind: "id",
      cell: (order) => (order.preferenceId ? <Truncate text={order.preferenceId} /> : ""),
    },
  ];

  return (
    <section>
      <PageHeading
        title={t("admin.merchantOrders.title")}
        actions={
          // A new merchant order is made on the store's own account: not offered while a seller's are on show.
          user && canActOnPayments(user.role) && !accountScopeInput(filters.account).account ? (
            <Link className="ui-button ui-button--primary" to="/admin/merchant-orders/new">
              {t("admin.merchantOrders.new")}
            </Link>
          ) : null
        }
      />
      <ReadOnlyNotice />
      {/* key: the uncontrolled inputs start again from the URL when it changes (back button, shared link). */}
      <form
        key={query}
        className="admin-filters"
        onSubmit={applyFilters}
        aria-label={t("admin.merchantOrders.filters")}
      >
        <SelectField
          id="mo-filter-status"
          label={t("admin.merchantOrders.filter.status")}
          name="status"
          defaultValue={filters.status ?? ""}
          options={[
            { value: "", label: t("admin.merchantOrders.filter.anyStatus") },
            ...MERCHANT_ORDER_STATUSES.map((status) => ({
              value: status,
              label: t(`admin.merchantOrders.status.${status}`),
            })),
          ]}
        />
        <TextField
          id="mo-filter-preference"
          label={t("admin.merchantOrders.filter.preference")}
          name="preference"
          defaultValue={filters.preferenceId ?? ""}
        />
        <TextField
          id="mo-filter-ref"
          label={t("admin.merchantOrders.filter.reference")}
          name="ref"
          defaultValue={filters.externalReference ?? ""}
        />
        <TextField
          id="mo-filter-from"
          label={t("admin.merchantOrders.filter.from")}
          type="date"
          name="from"
          defaultValue={toDateInput(filters.createdFrom)}
        />
        <TextField
          id="mo-filter-to"
          label={t("admin.merchantOrders.filter.to")}
          type="date"
          name="to"
          defaultValue={toDateInput(filters.createdTo)}
        />
        <AccountFilter defaultValue={filters.account} providerSearch />
        <Button type="submit">{t("admin.merchantOrders.filter.apply")}</Button>
        <Link to="/admin/merchant-orders">{t("admin.merchantOrders.filter.clear")}</Link>
      </form>

      {invalid ? <Alert tone="warning">{t("admin.merchantOrders.filter.invalid")}</Alert> : null}

      <AdminTable
        label={t("admin.merchantOrders.title")}
        query={list}
        items={page?.items}
        failed={list.isError && !page}
        loadingLabel={t("common.loading")}
        failedTitle={t("admin.merchantOrders.loadFailed")}
        empty={{ title: t("admin.merchantOrders.empty") }}
        busy={list.isFetching}
        columns={columns}
        rowKey={(order) => order.id}
        rowProps={(order) => ({ "data-merchant-order-id": order.id })}
        before={() =>
          list.isError ? <Alert tone="danger">{describeError(list.error, { t, language }).message}</Alert> : null
        }
        after={(rows) =>
          page ? (
            <ListPager
              offset={page.offset}
              shown={rows.length}
              total={page.total}
              pageSize={PAGE_SIZE}
              hasNext={page.nextOffset !== null}
              busy={list.isFetching}
              onGo={goTo}
            />
          ) : null
        }
      />
    </section>
  );
}
