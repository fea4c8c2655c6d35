// /admin/disputes: the chargebacks, the nearest deadline first, filtered in the URL (`?status=`, `?open=1`,
// `?payment=`) and paged by offset; below them, the provider's claims (read only, with their payment's amount).
import {
  CHARGEBACK_DOCUMENTATION_STATUSES,
  type ChargebackListInput,
  chargebackListInputSchema,
} from "@cobro/contracts";
import { Button, Money, PageHeading, SelectField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { QueryList } from "../../../components/query-list";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { ListPager } from "../../components/list-pager";

const PAGE_SIZE = 25;

function readFilters(params: URLSearchParams): ChargebackListInput {
  const raw: Record<string, unknown> = { limit: PAGE_SIZE };
  const status = params.get("status");
  if (status) raw.documentationStatus = status;
  if (params.get("open") === "1") raw.openOnly = true;
  const payment = Number(params.get("payment"));
  if (Number.isSafeInteger(payment) && payment > 0) raw.paymentId = payment;
  const offset = Number(params.get("offset"));
  if (Number.isSafeInteger(offset) && offset > 0) raw.offset = offset;
  const parsed = chargebackListInputSchema.safeParse(raw);
  return parsed.success ? parsed.data : { limit: PAGE_SIZE };
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
  const { t, formatDate, moneyLocaleFor } = useI18n();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const list = trpc.admin.disputes.list.useQuery(filters, { placeholderData: keepPreviousData });
  const statusLabel = useDocumentationStatusLabel();
  const page = list.data;

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const status = form.get("status");
    if (typeof status === "string" && status !== "") next.set("status", status);
    if (form.get("open") === "1") next.set("open", "1");
    if (filters.paymentId) next.set("payment", String(filters.paymentId));
    setParams(next);
  };
  const goTo = (offset: number) => {
    const next = new URLSearchParams(params);
    next.set("offset", String(offset));
    setParams(next);
  };

  return (
    <section>
      <PageHeading title={t("admin.disputes.title")} />
      <h2>{t("admin.disputes.chargebacks")}</h2>
      <form
        key={params.toString()}
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
      <QueryList
        query={list}
        items={page?.items}
        failed={list.isError && !page}
        loadingLabel={t("common.loading")}
        failedTitle={t("admin.disputes.loadFailed")}
        empty={{ title: t("admin.disputes.empty") }}
      >
        {(rows) => (
          <>
            <div className="admin-table-wrap" aria-busy={list.isFetching}>
              <table className="admin-table" aria-label={t("admin.disputes.chargebacks")}>
                <thead>
                  <tr>
                    <th scope="col">{t("admin.disputes.col.id")}</th>
                    <th scope="col" className="num">
                      {t("admin.disputes.col.amount")}
                    </th>
                    <th scope="col">{t("admin.disputes.col.reason")}</th>
                    <th scope="col">{t("admin.disputes.col.deadline")}</th>
                    <th scope="col">{t("admin.disputes.col.status")}</th>
                    <th scope="col">{t("admin.disputes.col.payment")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} data-chargeback-id={row.id}>
                      <td>
                        <Link to={`/admin/disputes/${row.id}`}>{row.id}</Link>
                      </td>
                      <td className="num">
                        <Money {...row.amount} locale={moneyLocaleFor(row.amount.currency)} />
                      </td>
                      <td>{row.reason ?? "—"}</td>
                      <td>{row.deadline ? formatDate(row.deadline, "dateTime") : "—"}</td>
                      <td>{statusLabel(row.documentationStatus)}</td>
                      <td>
                        {row.paymentId ? <Link to={`/admin/payments/${row.paymentId}`}>{row.paymentId}</Link> : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {page ? (
              <ListPager
                offset={page.offset}
                shown={rows.length}
                total={page.total}
                pageSize={PAGE_SIZE}
                hasNext={page.offset + rows.length < page.total}
                busy={list.isFetching}
                onGo={goTo}
              />
            ) : null}
          </>
        )}
      </QueryList>
      <ClaimsList />
    </section>
  );
}

function ClaimsList() {
  const { t, formatDate, moneyLocaleFor } = useI18n();
  const [offset, setOffset] = useState(0);
  const claims = trpc.admin.disputes.claims.useQuery(
    { limit: PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  const page = claims.data;
  return (
    <>
      <h2>{t("admin.disputes.claims")}</h2>
      <QueryList
        query={claims}
        items={page?.items}
        failed={claims.isError && !page}
        loadingLabel={t("common.loading")}
        failedTitle={t("admin.disputes.claimsLoadFailed")}
        empty={{ title: t("admin.disputes.claimsEmpty") }}
      >
        {(rows) => (
          <>
            <div className="admin-table-wrap" aria-busy={claims.isFetching}>
              <table className="admin-table" aria-label={t("admin.disputes.claims")}>
                <thead>
                  <tr>
                    <th scope="col">{t("admin.disputes.col.id")}</th>
                    <th scope="col" className="num">
                      {t("admin.disputes.col.amount")}
                    </th>
                    <th scope="col">{t("admin.disputes.col.reason")}</th>
                    <th scope="col">{t("admin.disputes.col.deadline")}</th>
                    <th scope="col">{t("admin.disputes.col.status")}</th>
                    <th scope="col">{t("admin.disputes.col.payment")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} data-claim-id={row.id}>
                      <td>{row.id}</td>
                      <td className="num">
                        {row.amount ? <Money {...row.amount} locale={moneyLocaleFor(row.amount.currency)} /> : "—"}
                      </td>
                      <td>{row.reason ?? "—"}</td>
                      <td>{row.deadline ? formatDate(row.deadline, "dateTime") : "—"}</td>
                      <td>{`${row.status} · ${row.stage}`}</td>
                      <td>
                        {row.paymentId ? <Link to={`/admin/payments/${row.paymentId}`}>{row.paymentId}</Link> : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {page ? (
              <ListPager
                offset={page.offset}
                shown={rows.length}
                total={page.total}
                pageSize={PAGE_SIZE}
                hasNext={page.offset + rows.length < page.total}
                busy={claims.isFetching}
                onGo={setOffset}
              />
            ) : null}
          </>
        )}
      </QueryList>
    </>
  );
}
