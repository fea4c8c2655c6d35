// /admin/customers: Mercado Pago's customers, searched by exact e-mail (the provider's only documented filter) and
// paged by offset; the search and the page live in the URL. Each row shows the Cobro user whose saved cards live
// under the customer. Operators create customers from here.
import { customerEmailSchema } from "@cobro/contracts";
import { Alert, Button, OffsetPager, PageHeading, TextField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { QueryList } from "../../../components/query-list";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { OutcomeAlert } from "../admin-outcome";
import { useCanAct } from "../use-can-act";
import { CreateCustomerDialog } from "./create-customer-dialog";
import "./customers.css";

const PAGE_SIZE = 20;

function readOffset(value: string | null): number {
  const offset = Number(value ?? 0);
  return Number.isInteger(offset) && offset >= 0 && offset <= 10_000 ? offset : 0;
}

export function CustomersListPage() {
  const { t, formatDate } = useI18n();
  useDocumentTitle(t("admin.customers.title"));
  const canAct = useCanAct("operator");
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const emailParam = params.get("email") ?? "";
  const parsedEmail = emailParam ? customerEmailSchema.safeParse(emailParam) : null;
  const email = parsedEmail?.success ? parsedEmail.data : undefined;
  const offset = readOffset(params.get("offset"));
  const [draft, setDraft] = useState(emailParam);
  const [draftError, setDraftError] = useState<string | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const notice = (location.state as { outcome?: string } | null)?.outcome ?? null;

  const customers = trpc.admin.customers.search.useQuery(
    { ...(email ? { email } : {}), offset, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData, enabled: parsedEmail === null || parsedEmail.success },
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text) {
      const parsed = customerEmailSchema.safeParse(text);
      if (!parsed.success) {
        setDraftError(parsed.error.issues[0]?.message);
        return;
      }
    }
    setDraftError(undefined);
    setParams(text ? { email: text } : {});
  };
  const goTo = (nextOffset: number) => {
    const next = new URLSearchParams(params);
    if (nextOffset > 0) next.set("offset", String(nextOffset));
    else next.delete("offset");
    setParams(next);
  };

  const page = customers.data;
  return (
    <>
      <PageHeading
        title={t("admin.customers.title")}
        description={t("admin.customers.description")}
        actions={
          canAct ? (
            <Button onClick={() => setCreating(true)} data-testid="new-customer">
              {t("admin.customers.new")}
            </Button>
          ) : null
        }
      />
      {notice ? (
        <OutcomeAlert
          outcome={{ tone: "success", message: notice }}
          onDismiss={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
        />
      ) : null}
      <search aria-label={t("admin.customers.filters")}>
        <form className="admin-filters" onSubmit={search} noValidate>
          <TextField
            label={t("admin.customers.searchLabel")}
            description={t("admin.customers.searchHint")}
            type="search"
            name="email"
            value={draft}
            error={draftError}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            {t("admin.customers.searchSubmit")}
          </Button>
          {emailParam ? <Link to="/admin/customers">{t("admin.customers.clear")}</Link> : null}
        </form>
      </search>
      {parsedEmail && !parsedEmail.success ? (
        <Alert tone="warning">{parsedEmail.error.issues[0]?.message}</Alert>
      ) : (
        <QueryList
          query={customers}
          items={page?.items}
          failed={customers.isError && !page}
          loadingLabel={t("admin.customers.loading")}
          failedTitle={t("admin.customers.failed")}
          empty={{ title: t("admin.customers.empty"), description: t("admin.customers.emptyHint") }}
        >
          {(items) => (
            <>
              <div className="admin-table-wrap" aria-busy={customers.isFetching}>
                <table className="admin-table" aria-label={t("admin.customers.title")}>
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.customers.colEmail")}</th>
                      <th scope="col">{t("admin.customers.colName")}</th>
                      <th scope="col">{t("admin.customers.colDocument")}</th>
                      <th scope="col">{t("admin.customers.colCards")}</th>
                      <th scope="col">{t("admin.customers.colUser")}</th>
                      <th scope="col">{t("admin.customers.colCreated")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((customer) => (
                      <tr key={customer.id} data-testid={`customer-row-${customer.email}`}>
                        <th scope="row">
                          <Link to={`/admin/customers/${encodeURIComponent(customer.id)}`}>{customer.email}</Link>
                        </th>
                        <td>{[customer.firstName, customer.lastName].filter(Boolean).join(" ")}</td>
                        <td>
                          {[customer.identification.type, customer.identification.number].filter(Boolean).join(" ")}
                        </td>
                        <td>{customer.cardCount}</td>
                        <td>{customer.linkedUser?.email ?? ""}</td>
                        <td>{customer.createdAt ? formatDate(customer.createdAt, "dateTime") : ""}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {customers.isError ? <Alert tone="danger">{t("admin.customers.failed")}</Alert> : null}
              <OffsetPager
                offset={offset}
                shown={items.length}
                pageSize={PAGE_SIZE}
                hasNext={offset + items.length < (page?.total ?? 0)}
                busy={customers.isFetching}
                onGo={goTo}
                rangeLabel={t("admin.pager.range", {
                  from: offset + 1,
                  to: offset + items.length,
                  total: page?.total ?? items.length,
                })}
                previousLabel={t("admin.pager.previous")}
                nextLabel={t("admin.pager.next")}
                label={t("admin.pager.label")}
              />
            </>
          )}
        </QueryList>
      )}
      {creating ? <CreateCustomerDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
