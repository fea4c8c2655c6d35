// /admin/disputes: the chargebacks, the nearest deadline first, filtered in the URL through the list kit's
// useUrlFilters (`?status=`, `?open=1`, `?payment=`) and paged by offset; below them, the provider's claims (read only, with their payment's amount).
import {
  CHARGEBACK_DOCUMENTATION_STATUSES,
  type ChargebackListInput,
  type ChargebackSummary,
  type ClaimSummary,
  chargebackListInputSchema,
  type Money as MoneyValue,
} from "@cobro/contracts";
import { Button, Money, PageHeading, SelectField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { ListPager } from "../../components/list-pager";
import { useUrlFilters } from "../use-url-filters";

const PAGE_SIZE = 25;

/** The fields a chargeback row and a claim row share. */
type DisputeRow = Pick<ChargebackSummary | ClaimSummary, "reason" | "deadline" | "paymentId"> & {
  amount: MoneyValue | null;
};

const FILTER_KEYS = ["status", "open", "payment"] as const;

/** The URL's filters as the list's input; the first page of everything when a hand-edited value is not one. */
function readFilters(
  values: Partial<Record<(typeof FILTER_KEYS)[number], string>>,
  offset: number,
): ChargebackListInput {
  const raw: Record<string, unknown> = { limit: PAGE_SIZE, ...(offset > 0 ? { offset } : {}) };
  if (values.status) raw.documentationStatus = values.status;
  if (values.open === "1") raw.openOnly = true;
  const payment = Number(values.payment);
  if (Number.isSafeInteger(payment) && payment > 0) raw.paymentId = payment;
  const parsed = chargebackListInputSchema.safeParse(raw);
  return parsed.success ? parsed.data : { limit: PAGE_SIZE };
}

/** What a chargeback and a claim show alike: amount, reason and deadline (before the status), then the payment. */
function useDisputeColumns(): AdminColumn<DisputeRow>[] {
  const { t, formatDate, moneyLocaleFor } = useI18n();
  return [
    {
      id: "amount",
      header: t("admin.disputes.col.amount"),
      kind: "num",
      cell: (row) => (row.amount ? <Money {...row.amount} locale={moneyLocaleFor(row.amount.currency)} /> : "—"),
    },
    { id: "reason", header: t("admin.disputes.col.reason"), cell: (row) => row.reason ?? "—" },
    {
      id: "deadline",
      header: t("admin.disputes.col.deadline"),
      cell: (row) => (row.deadline ? formatDate(row.deadline, "dateTime") : "—"),
    },
    {
      id: "payment",
      header: t("admin.disputes.col.payment"),
      cell: (row) => (row.paymentId ? <Link to={`/admin/payments/${row.paymentId}`}>{row.paymentId}</Link> : "—"),
    },
  ];
}

/** A documentation status in words. */
export function useDocumentationStatusLabel() {
  const { t } = useI18n();
  return (status: string) =>
    (CHARGEBACK_DOCUMENTATION_STATUSES as readonly string[]).includes(status)
      ? t(`admin.disputes.documentation.${status as (typeof CHARGEBACK_DOCUMENTATION_STATUSES)[number]}`)
      : status;
}

export function DisputesListPage() {
  const { t } = useI18n();
  const disputeColumns = useDisputeColumns();
  const [values, setValues, { offset, goTo }] = useUrlFilters(FILTER_KEYS);
  const filters = readFilters(values, offset);
  const list = trpc.admin.disputes.list.useQuery(filters, { placeholderData: keepPreviousData });
  const statusLabel = useDocumentationStatusLabel();
  const page = list.data;

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const status = form.get("status");
    setValues({
      status: typeof status === "string" ? status : "",
      open: form.get("open") === "1" ? "1" : "",
      payment: values.payment,
    });
  };

  return (
    <section>
      <PageHeading title={t("admin.disputes.title")} />
      <h2>{t("admin.disputes.chargebacks")}</h2>
      <form
        key={new URLSearchParams(values).toString()}
        className="admin-filters"
        onSubmit={applyFilters}
        aria-label={t("admin.disputes.filters")}
      >
        <SelectField
          id="disputes-filter-status"
          label={t("admin.disputes.col.status")}
          name="status"
          defaultValue={filters.documentationStatus ?? ""}
          options={[
            { value: "", label: t("admin.disputes.filter.anyStatus") },
            ...CHARGEBACK_DOCUMENTATION_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
          ]}
        />
        <label className="admin-filters-check">
          <input type="checkbox" name="open" value="1" defaultChecked={filters.openOnly === true} />{" "}
          {t("admin.disputes.filter.openOnly")}
        </label>
        <Button type="submit">{t("admin.disputes.filter.apply")}</Button>
        <Link to="/admin/disputes">{t("admin.disputes.filter.clear")}</Link>
      </form>
      <AdminTable
        label={t("admin.disputes.chargebacks")}
        query={list}
        items={page?.items}
        failed={list.isError && !page}
        loadingLabel={t("common.loading")}
        failedTitle={t("admin.disputes.loadFailed")}
        empty={{ title: t("admin.disputes.empty") }}
        busy={list.isFetching}
        columns={[
          {
            id: "id",
            header: t("admin.disputes.col.id"),
            cell: (row) => <Link to={`/admin/disputes/${row.id}`}>{row.id}</Link>,
          },
          ...disputeColumns.slice(0, 3),
          { id: "status", header: t("admin.disputes.col.status"), cell: (row) => statusLabel(row.documentationStatus) },
          ...disputeColumns.slice(3),
        ]}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-chargeback-id": row.id })}
        after={(rows) =>
          page ? (
            <ListPager
              offset={page.offset}
              shown={rows.length}
              total={page.total}
              pageSize={PAGE_SIZE}
              hasNext={page.offset + rows.length < page.total}
              busy={list.isFetching}
              onGo={goTo}
            />
          ) : null
        }
      />
      <ClaimsList />
    </section>
  );
}

function ClaimsList() {
  const { t } = useI18n();
  const disputeColumns = useDisputeColumns();
  const [offset, setOffset] = useState(0);
  const claims = trpc.admin.disputes.claims.useQuery(
    { limit: PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  const page = claims.data;
  return (
    <>
      <h2>{t("admin.disputes.claims")}</h2>
      <AdminTable
        label={t("admin.disputes.claims")}
        listKey="claims"
        query={claims}
        items={page?.items}
        failed={claims.isError && !page}
        loadingLabel={t("common.loading")}
        failedTitle={t("admin.disputes.claimsLoadFailed")}
        empty={{ title: t("admin.disputes.claimsEmpty") }}
        busy={claims.isFetching}
        columns={[
          { id: "id", header: t("admin.disputes.col.id"), cell: (row) => row.id },
          ...disputeColumns.slice(0, 3),
          { id: "status", header: t("admin.disputes.col.status"), cell: (row) => `${row.status} · ${row.stage}` },
          ...disputeColumns.slice(3),
        ]}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-claim-id": row.id })}
        after={(rows) =>
          page ? (
            <ListPager
              offset={page.offset}
              shown={rows.length}
              total={page.total}
              pageSize={PAGE_SIZE}
              hasNext={page.offset + rows.length < page.total}
              busy={claims.isFetching}
              onGo={setOffset}
            />
          ) : null
        }
      />
    </>
  );
}
