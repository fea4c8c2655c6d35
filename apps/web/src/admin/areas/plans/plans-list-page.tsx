// /admin/plans: Mercado Pago's subscription plans, filtered by status and by text (the provider searches the name,
// the id and the external reference), paged by offset; the filters and the page live in the URL. Operators create
// plans from here (on the store's own account). The account filter chooses whose plans are searched (default the
// store's own); a connected account's row opens its detail with `?account=<id>`.
import { ACCOUNT_FILTER_OWN, planStatusSchema } from "@cobro/contracts";
import { type CurrencyCode, isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, Button, PageHeading, SelectField, TextField } from "@cobro/ui";
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
import { CreatePlanDialog } from "./create-plan-dialog";
import { PlanStatusBadge, usePlanSchedule } from "./plan-terms";
import "./plans.css";
import { AccountFilter, connectionOf } from "../../components/account-filter";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { ListPager } from "../../components/list-pager";
import { ReadOnlyNotice } from "../read-only-notice";

type PlanListItem = RouterOutputs["admin"]["plans"]["search"]["items"][number];

const PAGE_SIZE = 20;
const FILTER_KEYS = ["q", "status", "account"] as const;

export function PlansListPage() {
  const { t, formatDate, formatMoney } = useI18n();
  useDocumentTitle(t("admin.plans.title"));
  const canAct = useCanAct("operator");
  const schedule = usePlanSchedule();
  const location = useLocation();
  const navigate = useNavigate();
  const [filters, setFilters, { offset, goTo }] = useUrlFilters(FILTER_KEYS);
  const statusParam = planStatusSchema.safeParse(filters.status);
  const status = statusParam.success ? statusParam.data : undefined;
  const q = (filters.q ?? "").trim().slice(0, 100);
  const [draftQ, setDraftQ] = useState(q);
  const [draftStatus, setDraftStatus] = useState<string>(status ?? "");
  const connection = connectionOf(filters.account);
  const [draftAccount, setDraftAccount] = useState<string>(connection ?? ACCOUNT_FILTER_OWN);
  const [creating, setCreating] = useState(false);
  const notice = (location.state as { outcome?: string } | null)?.outcome ?? null;
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const currency: CurrencyCode =
    config.data && isSupportedCurrency(config.data.currency) ? config.data.currency : "ARS";

  const plans = trpc.admin.plans.search.useQuery(
    {
      ...(status ? { status } : {}),
      ...(q ? { q } : {}),
      ...(connection ? { account: connection } : {}),
      offset,
      limit: PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({
      q: draftQ,
      status: draftStatus,
      account: draftAccount === ACCOUNT_FILTER_OWN ? "" : draftAccount,
    });
  };

  const columns: AdminColumn<PlanListItem>[] = [
    {
      id: "reason",
      header: t("admin.plans.colReason"),
      rowHeader: true,
      cell: (plan) => (
        <Link to={`/admin/plans/${encodeURIComponent(plan.id)}${connection ? `?account=${connection}` : ""}`}>
          <Truncate text={plan.reason || t("admin.plans.unnamed")} className="admin-cell-title" />
        </Link>
      ),
    },
    { id: "status", header: t("admin.plans.colStatus"), cell: (plan) => <PlanStatusBadge plan={plan} /> },
    {
      id: "amount",
      header: t("admin.plans.colAmount"),
      cell: (plan) => (plan.amount ? formatMoney(plan.amount.amountMinor, plan.amount.currency) : ""),
    },
    {
      id: "schedule",
      header: t("admin.plans.colSchedule"),
      cell: (plan) => schedule(plan.frequency, plan.frequencyType),
    },
    {
      id: "created",
      header: t("admin.plans.colCreated"),
      cell: (plan) => (plan.createdAt ? formatDate(plan.createdAt, "dateTime") : ""),
    },
  ];

  const page = plans.data;
  return (
    <>
      <PageHeading
        title={t("admin.plans.title")}
        description={t("admin.plans.description")}
        actions={
          canAct ? (
            <Button onClick={() => setCreating(true)} data-testid="new-plan">
              {t("admin.plans.new")}
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
      <search aria-label={t("admin.plans.filters")}>
        <form className="admin-filters" onSubmit={search} noValidate>
          <TextField
            label={t("admin.plans.searchLabel")}
            description={t("admin.plans.searchHint")}
            type="search"
            name="q"
            maxLength={100}
            value={draftQ}
            onChange={(event) => setDraftQ(event.target.value)}
          />
          <SelectField
            label={t("admin.plans.statusFilter")}
            name="status"
            value={draftStatus}
            onChange={(event) => setDraftStatus(event.target.value)}
            options={[
              { value: "", label: t("admin.plans.status.any") },
              { value: "active", label: t("admin.plans.status.active") },
              { value: "inactive", label: t("admin.plans.status.inactive") },
            ]}
          />
          <AccountFilter providerSearch value={draftAccount} onChange={setDraftAccount} />
          <Button type="submit" variant="secondary">
            {t("admin.plans.searchSubmit")}
          </Button>
          {q || status || connection ? <Link to="/admin/plans">{t("admin.plans.clear")}</Link> : null}
        </form>
      </search>
      <AdminTable
        label={t("admin.plans.title")}
        query={plans}
        items={page?.items}
        failed={plans.isError && !page}
        loadingLabel={t("admin.plans.loading")}
        failedTitle={t("admin.plans.failed")}
        empty={{ title: t("admin.plans.empty"), description: t("admin.plans.emptyHint") }}
        busy={plans.isFetching}
        columns={columns}
        rowKey={(plan) => plan.id}
        rowProps={(plan) => ({ "data-testid": `plan-row-${plan.id}` })}
        after={(items) => (
          <>
            {plans.isError ? <Alert tone="danger">{t("admin.plans.failed")}</Alert> : null}
            <ListPager
              offset={offset}
              shown={items.length}
              total={page?.total ?? items.length}
              pageSize={PAGE_SIZE}
              busy={plans.isFetching}
              onGo={goTo}
            />
          </>
        )}
      />
      {creating ? <CreatePlanDialog currency={currency} onClose={() => setCreating(false)} /> : null}
    </>
  );
}
