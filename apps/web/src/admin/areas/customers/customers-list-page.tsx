// /admin/customers: Mercado Pago's customers, searched by exact e-mail (the provider's only documented filter) and
// paged by offset; the search and the page live in the URL. Each row shows the Cobro user whose saved cards live
// under the customer. Operators create customers from here.
import { customerEmailSchema } from "@cobro/contracts";
import { Alert, Button, PageHeading, TextField } from "@cobro/ui";
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
import { AccountFilter } from "../../components/account-filter";
import { accountScopeInput, accountScopeSearch } from "../../components/account-scope";
import { ListPager } from "../../components/list-pager";
import { useOffsetPage } from "../../components/use-offset-page";
import { ReadOnlyNotice } from "../read-only-notice";

const PAGE_SIZE = 20;

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
  // Which account's customers are searched (the store's own by default): in the URL as `account=`.
  const accountParam = params.get("account") ?? undefined;
  const scope = accountScopeInput(accountParam);
  const { offset, goTo } = useOffsetPage();
  const [draft, setDraft] = useState(emailParam);
  const [draftError, setDraftError] = useState<string | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const notice = (location.state as { outcome?: string } | null)?.outcome ?? null;

  const customers = trpc.admin.customers.search.useQuery(
    { ...(email ? { email } : {}), ...scope, offset, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData, enabled: parsedEmail === null || parsedEmail.success },
  );

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get("account");
    const account = accountScopeInput(typeof chosen === "string" ? chosen : undefined).account;
    const text = draft.trim();
    if (text) {
      const parsed = customerEmailSchema.safeParse(text);
      if (!parsed.success) {
        setDraftError(parsed.error.issues[0]?.message);
        return;
      }
    }
    setDraftError(undefined);
    setParams({ ...(text ? { email: text } : {}), ...(account ? { account } : {}) });
  };

  const page = customers.data;
  return (
    <>
      <PageHeading
        title={t("admin.customers.title")}
        description={t("admin.customers.description")}
        actions={
          // A new customer is made on the store's own account: not offered while a seller's are on show.
          canAct && !scope.account ? (
            <Button onClick={() => setCreating(true)} data-testid="new-customer">
              {t("admin.customers.new")}
            </Button>
          ) : null
        }
      />
      <ReadOnlyNotice />
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
          <AccountFilter key={scope.account ?? ""} defaultValue={scope.account} providerSearch />
          <Button type="submit" variant="secondary">
            {t("admin.customers.searchSubmit")}
          </Button>
          {emailParam || scope.account ? <Link to="/admin/customers">{t("admin.customers.clear")}</Link> : null}
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
                          <Link
                            to={`/admin/customers/${encodeURIComponent(customer.id)}${accountScopeSearch(scope.account)}`}
                          >
                            {customer.email}
                          </Link>
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
              <ListPager
                offset={offset}
                shown={items.length}
                total={page?.total ?? items.length}
                pageSize={PAGE_SIZE}
                busy={customers.isFetching}
                onGo={goTo}
              />
            </>
          )}
        </QueryList>
      )}
      {creating ? <CreateCustomerDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
