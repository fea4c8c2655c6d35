// /admin/payments: the mirror's payments in a dense table. The filters live in the URL through the list kit's
// useUrlFilters (shareable; the back button walks through them; a date preset is kept by name), the keyset cursor
// too (`after`), and a reload keeps the previous rows on screen instead of blocking the page. The CSV link exports
// exactly the filters shown.
import {
  formatMoneyInput,
  isDateRangeReversed,
  PAYMENT_LIST_SORTS,
  PAYMENT_STATUSES,
  PAYMENT_URL_KEYS,
  type PaymentListItem,
  type PaymentUrlKey,
  parseMoneyInput,
  paymentCursorSchema,
  paymentFiltersFromUrl,
  paymentFiltersToQuery,
  paymentListFiltersSchema,
  paymentMethodName,
} from "@cobro/contracts";
import { isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, Button, Money, PageHeading, SelectField, TextField } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { trpc } from "../../../trpc";
import { AccountFilter, AccountLabel, accountFilterOf } from "../../components/account-filter";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { DateRangeField } from "../../components/date-range-field";
import { ReadOnlyNotice } from "../read-only-notice";
import { useUrlFilters } from "../use-url-filters";
import { usePaymentColumns } from "./payment-columns";
import { canActOnPayments } from "./payment-permissions";
import { SyncPanel } from "./sync-panel";

const PAGE_SIZE = 50;
type UrlValues = Partial<Record<PaymentUrlKey, string>>;

/** The URL's filters, or the defaults when they are not valid (a hand-edited link). */
function readFilters(values: UrlValues) {
  const parsed = paymentListFiltersSchema.safeParse(paymentFiltersFromUrl(values));
  return parsed.success
    ? { filters: parsed.data, invalid: false }
    : { filters: paymentListFiltersSchema.parse({}), invalid: true };
}

/** An amount typed the page's way ("5.000,50" in es-AR: parseMoneyInput) as minor units, "" when not one. */
function minorFromInput(text: string | undefined, currency: string, locale: string): string {
  const typed = text?.trim() ?? "";
  if (typed === "" || !isSupportedCurrency(currency)) return "";
  const result = parseMoneyInput(typed, { currency, locale });
  return result.ok ? String(result.amountMinor) : "";
}

export function PaymentsListPage() {
  const { t, moneyLocaleFor } = useI18n();
  const { user } = useCurrentUser();
  const [values, setValues] = useUrlFilters(PAYMENT_URL_KEYS);
  const { filters, invalid } = readFilters(values);
  const cursor = values.after && paymentCursorSchema.safeParse(values.after).success ? values.after : null;
  const list = trpc.admin.payments.list.useQuery(
    { filters, cursor, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const nextCursor = list.data?.nextCursor ?? null;
  const query = paymentFiltersToQuery(filters).toString();
  const csvHref = `/api/admin/payments.csv${query ? `?${query}` : ""}`;
  const { after: _after, ...shownFilters } = values;

  const columns: AdminColumn<PaymentListItem>[] = [
    ...usePaymentColumns(),
    {
      id: "refunded",
      header: t("admin.payments.col.refunded"),
      kind: "num",
      cell: (item) =>
        item.refunded.amountMinor > 0 ? (
          <Money {...item.refunded} locale={moneyLocaleFor(item.refunded.currency)} />
        ) : null,
    },
    {
      id: "method",
      header: t("admin.payments.col.method"),
      cell: (item) => (item.paymentMethodId ? paymentMethodName(item.paymentMethodId) : ""),
    },
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
      {/* key: the draft starts again from the URL when it changes (back button, shared link). */}
      <PaymentFilters
        key={new URLSearchParams(shownFilters).toString()}
        values={shownFilters}
        onApply={setValues}
        csvHref={csvHref}
      />

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
              <Button variant="secondary" onClick={() => setValues(shownFilters)}>
                {t("admin.payments.firstPage")}
              </Button>
            ) : null}
            {nextCursor ? (
              <Button variant="secondary" onClick={() => setValues({ ...shownFilters, after: nextCursor })}>
                {t("admin.payments.nextPage")}
              </Button>
            ) : null}
          </div>
        )}
      />
    </section>
  );
}

/** The filter form: a draft of the URL's values, applied together. */
function PaymentFilters({
  values,
  onApply,
  csvHref,
}: {
  values: UrlValues;
  onApply(next: UrlValues): void;
  csvHref: string;
}) {
  const { t, moneyLocaleFor } = useI18n();
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const currency = config.data?.currency ?? "ARS";
  const locale = moneyLocaleFor(currency);
  const toAmountInput = (minor: string | undefined) =>
    minor && /^\d{1,16}$/.test(minor) && isSupportedCurrency(currency)
      ? formatMoneyInput(Number(minor), currency, locale)
      : "";
  // Amounts are typed the page's way in the draft and kept in minor units in the URL.
  const [draft, setDraft] = useState<UrlValues>({
    ...values,
    amountMin: toAmountInput(values.amountMin),
    amountMax: toAmountInput(values.amountMax),
  });
  const set = (key: PaymentUrlKey) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const statuses = draft.status ? draft.status.split(",") : [];
  const toggleStatus = (status: string, checked: boolean) =>
    setDraft((current) => ({
      ...current,
      status: (checked ? [...statuses, status] : statuses.filter((s) => s !== status)).join(","),
    }));
  const rangeReversed = isDateRangeReversed(draft);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const id = draft.id?.trim();
    onApply({
      ...draft,
      amountMin: minorFromInput(draft.amountMin, currency, locale),
      amountMax: minorFromInput(draft.amountMax, currency, locale),
      id: id && /^\d+$/.test(id) ? id : "",
      account: accountFilterOf(draft.account) ?? "",
      sort: draft.sort === "created_desc" ? "" : draft.sort,
    });
  };

  return (
    <form className="admin-filters" onSubmit={apply} aria-label={t("admin.payments.filters")}>
      <fieldset className="payments-filters">
        <legend>{t("admin.payments.filter.status")}</legend>
        {PAYMENT_STATUSES.map((status) => (
          <label key={status} style={{ flexDirection: "row", alignItems: "center" }}>
            <input
              type="checkbox"
              name="status"
              value={status}
              checked={statuses.includes(status)}
              onChange={(event) => toggleStatus(status, event.target.checked)}
            />
            {t(`payment.status.${status}`)}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t("admin.payments.filter.method")}
        name="method"
        value={draft.method ?? ""}
        onChange={set("method")}
      />
      <DateRangeField
        label={t("admin.dateRange.created")}
        value={draft}
        onChange={(range) => setDraft((current) => ({ ...current, ...range }))}
      />
      <TextField
        label={t("admin.payments.filter.amountMin", { currency })}
        name="amountMin"
        inputMode="decimal"
        value={draft.amountMin ?? ""}
        onChange={set("amountMin")}
      />
      <TextField
        label={t("admin.payments.filter.amountMax", { currency })}
        name="amountMax"
        inputMode="decimal"
        value={draft.amountMax ?? ""}
        onChange={set("amountMax")}
      />
      <TextField
        label={t("admin.payments.filter.email")}
        type="email"
        name="email"
        value={draft.email ?? ""}
        onChange={set("email")}
      />
      <TextField
        label={t("admin.payments.filter.reference")}
        name="ref"
        value={draft.ref ?? ""}
        onChange={set("ref")}
      />
      <TextField
        label={t("admin.payments.filter.id")}
        name="id"
        inputMode="numeric"
        value={draft.id ?? ""}
        onChange={set("id")}
      />
      <AccountFilter
        value={draft.account ?? ""}
        onChange={(account) => setDraft((current) => ({ ...current, account }))}
      />
      <SelectField
        label={t("admin.payments.filter.sort")}
        name="sort"
        value={draft.sort || "created_desc"}
        onChange={set("sort")}
        options={PAYMENT_LIST_SORTS.map((sort) => ({ value: sort, label: t(`admin.payments.sort.${sort}`) }))}
      />
      <Button type="submit" disabled={rangeReversed}>
        {t("admin.payments.filter.apply")}
      </Button>
      <Link to="/admin/payments">{t("admin.payments.filter.clear")}</Link>
      <a href={csvHref} download>
        {t("admin.payments.exportCsv")}
      </a>
    </form>
  );
}
