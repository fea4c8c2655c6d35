// /admin/merchant-orders: the provider's merchant orders searched with the filters kept in the URL through the list
// kit's useUrlFilters (shareable; the back button walks through them; a date preset is kept by name) and paged by
// the provider's offset. A reload keeps the previous rows on screen.
import {
  isDateRangeReversed,
  MERCHANT_ORDER_STATUSES,
  MERCHANT_ORDER_URL_KEYS,
  type MerchantOrderSummary,
  type MerchantOrderUrlKey,
  merchantOrderFiltersFromUrl,
  merchantOrderSearchInputSchema,
} from "@cobro/contracts";
import { Alert, Button, Money, PageHeading, SelectField, TextField } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { AccountFilter } from "../../components/account-filter";
import { accountScopeInput, accountScopeSearch } from "../../components/account-scope";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { DateRangeField } from "../../components/date-range-field";
import { ListPager } from "../../components/list-pager";
import { canActOnPayments } from "../payments/payment-permissions";
import { ReadOnlyNotice } from "../read-only-notice";
import { useUrlFilters } from "../use-url-filters";
import { MerchantOrderStatus } from "./merchant-order-status";

const PAGE_SIZE = 25;
type UrlValues = Partial<Record<MerchantOrderUrlKey, string>>;

export function MerchantOrdersListPage() {
  const { t, formatDate, moneyLocaleFor, language } = useI18n();
  const { user } = useCurrentUser();
  const [values, setValues, { offset, goTo }] = useUrlFilters(MERCHANT_ORDER_URL_KEYS);
  // The URL's filters, or the first page of everything when they are not valid (a hand-edited link).
  const parsed = merchantOrderSearchInputSchema.safeParse(
    merchantOrderFiltersFromUrl(values, { offset, limit: PAGE_SIZE }),
  );
  const invalid = !parsed.success;
  const filters = parsed.success ? parsed.data : merchantOrderSearchInputSchema.parse({ limit: PAGE_SIZE });
  const list = trpc.admin.merchantOrders.search.useQuery(filters, { placeholderData: keepPreviousData });
  const page = list.data;

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
      {/* key: the draft starts again from the URL when it changes (back button, shared link). */}
      <MerchantOrderFilters key={new URLSearchParams(values).toString()} values={values} onApply={setValues} />

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

/** The filter form: a draft of the URL's values, applied together (back to the first page). */
function MerchantOrderFilters({ values, onApply }: { values: UrlValues; onApply(next: UrlValues): void }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<UrlValues>(values);
  const set = (key: MerchantOrderUrlKey) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const rangeReversed = isDateRangeReversed(draft);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    // The store's own account is this search's default: the URL leaves it out.
    onApply({ ...draft, account: accountScopeInput(draft.account).account ?? "" });
  };
  return (
    <form className="admin-filters" onSubmit={apply} aria-label={t("admin.merchantOrders.filters")}>
      <SelectField
        label={t("admin.merchantOrders.filter.status")}
        name="status"
        value={draft.status ?? ""}
        onChange={set("status")}
        options={[
          { value: "", label: t("admin.merchantOrders.filter.anyStatus") },
          ...MERCHANT_ORDER_STATUSES.map((status) => ({
            value: status,
            label: t(`admin.merchantOrders.status.${status}`),
          })),
        ]}
      />
      <TextField
        label={t("admin.merchantOrders.filter.preference")}
        name="preference"
        value={draft.preference ?? ""}
        onChange={set("preference")}
      />
      <TextField
        label={t("admin.merchantOrders.filter.reference")}
        name="ref"
        value={draft.ref ?? ""}
        onChange={set("ref")}
      />
      <DateRangeField
        label={t("admin.dateRange.created")}
        value={draft}
        onChange={(range) => setDraft((current) => ({ ...current, ...range }))}
      />
      <AccountFilter
        value={draft.account ?? ""}
        onChange={(account) => setDraft((current) => ({ ...current, account }))}
        providerSearch
      />
      <Button type="submit" disabled={rangeReversed}>
        {t("admin.merchantOrders.filter.apply")}
      </Button>
      <Link to="/admin/merchant-orders">{t("admin.merchantOrders.filter.clear")}</Link>
    </form>
  );
}
