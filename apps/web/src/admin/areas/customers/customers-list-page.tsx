// /admin/customers: Mercado Pago's customers, searched by exact e-mail (the provider's only documented filter) and
// paged by offset; the search and the page live in the URL. Each row shows the Cobro user whose saved cards live
// under the customer. Operators create customers from here.
import { customerEmailSchema } from "@cobro/contracts";
import { Alert, Button, PageHeading, TextField } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { type RouterOutputs, trpc } from "../../../trpc";
import { OutcomeAlert } from "../admin-outcome";
import { useCanAct } from "../use-can-act";
import { useUrlFilters } from "../use-url-filters";
import { CreateCustomerDialog } from "./create-customer-dialog";
import "./customers.css";
import { AccountFilter } from "../../components/account-filter";
import { accountScopeInput, accountScopeSearch } from "../../components/account-scope";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { ListPager } from "../../components/list-pager";
import { ReadOnlyNotice } from "../read-only-notice";

type CustomerListItem = RouterOutputs["admin"]["customers"]["search"]["items"][number];

const PAGE_SIZE = 20;
const FILTER_KEYS = ["email", "account"] as const;

export function CustomersListPage() {
  const { t, formatDate } = useI18n();
  useDocumentTitle(t("admin.customers.title"));
  const canAct = useCanAct("operator");
  const location = useLocation();
  const navigate = useNavigate();
  const [filters, setFilters, { offset, goTo }] = useUrlFilters(FILTER_KEYS);
  const emailParam = filters.email ?? "";
  const parsedEmail = emailParam ? customerEmailSchema.safeParse(emailParam) : null;
  const email = parsedEmail?.success ? parsedEmail.data : undefined;
  // Which account's customers are searched (the store's own by default): in the URL as `account=`.
  const scope = accountScopeInput(filters.account);
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
    setFilters({ email: text, account });
  };

  const page = customers.data;
  const columns: AdminColumn<CustomerListItem>[] = [
    {
      id: "email",
      header: t("admin.customers.colEmail"),
      rowHeader: true,
      cell: (customer) => (
        <Link to={`/admin/customers/${encodeURIComponent(customer.id)}${accountScopeSearch(scope.account)}`}>
          <Truncate text={customer.email} />
        </Link>
      ),
    },
    {
      id: "name",
      header: t("admin.customers.colName"),
      cell: (customer) => [customer.firstName, customer.lastName].filter(Boolean).join(" "),
    },
    {
      id: "document",
      header: t("admin.customers.colDocument"),
      cell: (customer) => [customer.identification.type, customer.identification.number].filter(Boolean).join(" "),
    },
    { id: "cards", header: t("admin.customers.colCards"), kind: "num", cell: (customer) => customer.cardCount },
    {
      id: "user",
      header: t("admin.customers.colUser"),
      cell: (customer) => (customer.linkedUser ? <Truncate text={customer.linkedUser.email} /> : ""),
    },
    {
      id: "created",
      header: t("admin.customers.colCreated"),
      cell: (customer) => (customer.createdAt ? formatDate(customer.createdAt, "dateTime") : ""),
    },
  ];

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
        <AdminTable
          label={t("admin.customers.title")}
          query={customers}
          items={page?.items}
          failed={customers.isError && !page}
          loadingLabel={t("admin.customers.loading")}
          failedTitle={t("admin.customers.failed")}
          empty={{ title: t("admin.customers.empty"), description: t("admin.customers.emptyHint") }}
          busy={customers.isFetching}
          columns={columns}
          rowKey={(customer) => customer.id}
          rowProps={(customer) => ({ "data-testid": `customer-row-${customer.email}` })}
          after={(items) => (
            <>
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
        />
      )}
      {creating ? <CreateCustomerDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
