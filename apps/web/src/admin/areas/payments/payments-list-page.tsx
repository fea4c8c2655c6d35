// /admin/payments: the mirror's payments in a dense table. The filters live in the URL (shareable; the back
// button walks through them), the keyset cursor too (`after`), and a reload keeps the previous rows on screen
// instead of blocking the page. The CSV link exports exactly the filters shown.
import {
  formatMoneyInput,
  PAYMENT_LIST_SORTS,
  PAYMENT_STATUSES,
  type PaymentListFilters,
  type PaymentListFiltersInput,
  type PaymentListItem,
  parseMoneyInput,
  paymentCursorSchema,
  paymentFiltersFromQuery,
  paymentFiltersToQuery,
  paymentListFiltersSchema,
} from "@cobro/contracts";
import { isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, Button, Money, PageHeading } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { PaymentStatusBadge } from "../../../shared/components/payment-status-badge";
import { trpc } from "../../../trpc";
import { AccountFilter, AccountLabel } from "../../components/account-filter";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { ReadOnlyNotice } from "../read-only-notice";
import { canActOnPayments } from "./payment-permissions";
import { SyncPanel } from "./sync-panel";

const PAGE_SIZE = 50;
const CURSOR_PARAM = "after";

/** The filters in the URL, or the defaults when the URL's are not valid (a hand-edited link). */
function readFilters(params: URLSearchParams): { filters: PaymentListFilters; invalid: boolean } {
  const parsed = paymentListFiltersSchema.safeParse(paymentFiltersFromQuery(params));
  return parsed.success
    ? { filters: parsed.data, invalid: false }
    : { filters: paymentListFiltersSchema.parse({}), invalid: true };
}

/** An amount filter typed the page's way ("5.000,50" in es-AR: parseMoneyInput). */
function minorFromInput(
  value: FormDataEntryValue | null,
  currency: string,
  locale: string,
): number | undefined | "invalid" {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return undefined;
  if (!isSupportedCurrency(currency)) return "invalid";
  const result = parseMoneyInput(text, { currency, locale });
  return result.ok ? result.amountMinor : "invalid";
}

export function PaymentsListPage() {
  const { t, formatDate, moneyLocaleFor } = useI18n();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const { filters, invalid } = useMemo(() => readFilters(params), [params]);
  const cursorParam = params.get(CURSOR_PARAM);
  const cursor = cursorParam && paymentCursorSchema.safeParse(cursorParam).success ? cursorParam : null;
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const currency = config.data?.currency ?? "ARS";
  const list = trpc.admin.payments.list.useQuery(
    { filters, cursor, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const nextCursor = list.data?.nextCursor ?? null;
  const query = paymentFiltersToQuery(filters).toString();
  const csvHref = `/api/admin/payments.csv${query ? `?${query}` : ""}`;

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
    };
    const amountMin = minorFromInput(form.get("amountMin"), currency, moneyLocaleFor(currency));
    const amountMax = minorFromInput(form.get("amountMax"), currency, moneyLocaleFor(currency));
    const id = text("id");
    const from = text("from");
    const to = text("to");
    const next: PaymentListFiltersInput = {
      status: form.getAll("status").filter((value): value is string => typeof value === "string" && value !== ""),
      paymentMethod: text("method"),
      // Whole days in the browser's time zone: from the start of the first to the end of the last.
      createdFrom: from ? new Date(`${from}T00:00:00`).toISOString() : undefined,
      createdTo: to ? new Date(`${to}T23:59:59.999`).toISOString() : undefined,
      amountMinMinor: amountMin === "invalid" ? undefined : amountMin,
      amountMaxMinor: amountMax === "invalid" ? undefined : amountMax,
      payerEmail: text("email"),
      externalReference: text("ref"),
      providerPaymentId: id && /^\d+$/.test(id) ? Number(id) : undefined,
      account: text("account"),
      sort: (text("sort") as PaymentListFilters["sort"] | undefined) ?? "created_desc",
    };
    setParams(paymentFiltersToQuery(next));
  };

  const toDateInput = (iso: string | undefined) => {
    if (!iso) return "";
    const date = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  };
  const toAmountInput = (minor: number | undefined) =>
    minor === undefined || !isSupportedCurrency(currency)
      ? ""
      : formatMoneyInput(minor, currency, moneyLocaleFor(currency));

  const goNext = (nextCursor: string) => {
    const next = new URLSearchParams(params);
    next.set(CURSOR_PARAM, nextCursor);
    setParams(next);
  };

  const columns: AdminColumn<PaymentListItem>[] = [
    {
      id: "id",
      header: t("admin.payments.col.id"),
      kind: "id",
      cell: (item) => <Link to={`/admin/payments/${item.providerPaymentId}`}>{item.providerPaymentId}</Link>,
    },
    { id: "created", header: t("admin.payments.col.created"), cell: (item) => formatDate(item.createdAt, "dateTime") },
    {
      id: "status",
      header: t("admin.payments.col.status"),
      cell: (item) => <PaymentStatusBadge status={item.status} statusDetail={item.statusDetail} />,
    },
    {
      id: "amount",
      header: t("admin.payments.col.amount"),
      kind: "num",
      cell: (item) => <Money {...item.amount} locale={moneyLocaleFor(item.amount.currency)} />,
    },
    {
      id: "refunded",
      header: t("admin.payments.col.refunded"),
      kind: "num",
      cell: (item) =>
        item.refunded.amountMinor > 0 ? (
          <Money {...item.refunded} locale={moneyLocaleFor(item.refunded.currency)} />
        ) : null,
    },
    { id: "method", header: t("admin.payments.col.method"), cell: (item) => item.paymentMethodId ?? "" },
    {
      id: "payer",
      header: t("admin.payments.col.payer"),
      cell: (item) => (item.payerEmail ? <Truncate text={item.payerEmail} /> : ""),
    },
    {
      id: "reference",
      header: t("admin.payments.col.reference"),
      kind: "id",
      cell: (item) => (item.externalReference ? <Truncate text={item.externalReference} /> : ""),
    },
    {
      id: "account",
      header: t("admin.payments.col.account"),
      cell: (item) => <AccountLabel accountId={item.accountId} />,
    },
  ];

  return (
    <section>
      <PageHeading
        title={t("admin.payments.title")}
        actions={<SyncPanel canSync={user ? canActOnPayments(user.role) : false} />}
      />
      <ReadOnlyNotice />

      {/* key: the uncontrolled inputs start again from the URL when it changes (back button, shared link). */}
      <form key={query} className="payments-filters" onSubmit={applyFilters} aria-label={t("admin.payments.filters")}>
        <fieldset className="payments-filters">
          <legend>{t("admin.payments.filter.status")}</legend>
          {PAYMENT_STATUSES.map((status) => (
            <label key={status} style={{ flexDirection: "row", alignItems: "center" }}>
              <input type="checkbox" name="status" value={status} defaultChecked={filters.status?.includes(status)} />
              {t(`payment.status.${status}`)}
            </label>
          ))}
        </fieldset>
        <label>
          {t("admin.payments.filter.method")}
          <input name="method" defaultValue={filters.paymentMethod ?? ""} />
        </label>
        <label>
          {t("admin.payments.filter.from")}
          <input type="date" name="from" defaultValue={toDateInput(filters.createdFrom)} />
        </label>
        <label>
          {t("admin.payments.filter.to")}
          <input type="date" name="to" defaultValue={toDateInput(filters.createdTo)} />
        </label>
        <label>
          {t("admin.payments.filter.amountMin", { currency })}
          <input name="amountMin" inputMode="decimal" defaultValue={toAmountInput(filters.amountMinMinor)} />
        </label>
        <label>
          {t("admin.payments.filter.amountMax", { currency })}
          <input name="amountMax" inputMode="decimal" defaultValue={toAmountInput(filters.amountMaxMinor)} />
        </label>
        <label>
          {t("admin.payments.filter.email")}
          <input type="email" name="email" defaultValue={filters.payerEmail ?? ""} />
        </label>
        <label>
          {t("admin.payments.filter.reference")}
          <input name="ref" defaultValue={filters.externalReference ?? ""} />
        </label>
        <label>
          {t("admin.payments.filter.id")}
          <input name="id" inputMode="numeric" defaultValue={filters.providerPaymentId ?? ""} />
        </label>
        <AccountFilter defaultValue={filters.account} />
        <label>
          {t("admin.payments.filter.sort")}
          <select name="sort" defaultValue={filters.sort}>
            {PAYMENT_LIST_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`admin.payments.sort.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">{t("admin.payments.filter.apply")}</Button>
        <Link to="/admin/payments">{t("admin.payments.filter.clear")}</Link>
        <a href={csvHref} download>
          {t("admin.payments.exportCsv")}
        </a>
      </form>

      {invalid ? <Alert tone="warning">{t("admin.payments.filter.invalid")}</Alert> : null}

      <AdminTable
        label={t("admin.payments.title")}
        query={list}
        items={list.data?.items}
        failed={list.isError && !list.data}
        loadingLabel={t("common.loading")}
        failedTitle={t("admin.payments.loadFailed")}
        empty={{ title: t("admin.payments.empty") }}
        busy={list.isFetching}
        columns={columns}
        rowKey={(item) => item.providerPaymentId}
        rowProps={(item) => ({ "data-payment-id": item.providerPaymentId })}
        before={() => (list.isError ? <Alert tone="danger">{t("admin.payments.loadFailed")}</Alert> : null)}
        after={() => (
          <div className="payment-actions">
            {cursor ? (
              <Link to={`/admin/payments${query ? `?${query}` : ""}`}>{t("admin.payments.firstPage")}</Link>
            ) : null}
            {nextCursor ? (
              <Button variant="secondary" onClick={() => goNext(nextCursor)}>
                {t("admin.payments.nextPage")}
              </Button>
            ) : null}
          </div>
        )}
      />
    </section>
  );
}
