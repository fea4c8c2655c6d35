// /admin/subscriptions: Mercado Pago's subscriptions, filtered by status, payer e-mail, plan and free text (the
// provider searches the id, reason, external reference and payer), paged by offset; the filters live in the URL.
// The account filter chooses whose subscriptions are searched (default the store's own); a connected account's row
// opens its detail with `?account=<id>`.
import { ACCOUNT_FILTER_OWN, subscriptionSearchInputSchema, subscriptionStatusSchema } from "@cobro/contracts";
import { Alert, Button, PageHeading, SelectField, TextField } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { type RouterOutputs, trpc } from "../../../trpc";
import { AccountFilter, accountFilterOf, connectionOf } from "../../components/account-filter";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { ListPager } from "../../components/list-pager";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { useUrlFilters } from "../use-url-filters";
import { SubscriptionStatusBadge } from "./subscription-status";

type SubscriptionListItem = RouterOutputs["admin"]["subscriptions"]["search"]["items"][number];

const PAGE_SIZE = 20;
const FILTER_KEYS = ["status", "payerEmail", "planId", "q", "account"] as const;

export function SubscriptionsListPage() {
  const { t, formatDate, formatMoney } = useI18n();
  useDocumentTitle(t("admin.subscriptions.title"));
  const canAct = useCanAct("operator");
  const [filters, setFilters, { offset, goTo }] = useUrlFilters(FILTER_KEYS);
  const draftFrom = () => ({
    status: filters.status ?? "",
    payerEmail: filters.payerEmail ?? "",
    planId: filters.planId ?? "",
    q: filters.q ?? "",
    account: accountFilterOf(filters.account) ?? ACCOUNT_FILTER_OWN,
  });
  const connection = connectionOf(filters.account);
  const [draft, setDraft] = useState(draftFrom);
  const status = subscriptionStatusSchema.safeParse(filters.status);
  const parsed = subscriptionSearchInputSchema.safeParse({
    ...(status.success ? { status: status.data } : {}),
    ...(filters.payerEmail ? { payerEmail: filters.payerEmail } : {}),
    ...(filters.planId ? { planId: filters.planId } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(connection ? { account: connection } : {}),
    offset,
    limit: PAGE_SIZE,
  });
  const subscriptions = trpc.admin.subscriptions.search.useQuery(
    parsed.success ? parsed.data : { offset: 0, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData, enabled: parsed.success },
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, account: draft.account === ACCOUNT_FILTER_OWN ? "" : draft.account });
  };

  const filtered = FILTER_KEYS.some((key) => filters[key]);
  const page = subscriptions.data;
  const columns: AdminColumn<SubscriptionListItem>[] = [
    {
      id: "reason",
      header: t("admin.subscriptions.col.reason"),
      rowHeader: true,
      cell: (subscription) => (
        <Link
          to={`/admin/subscriptions/${encodeURIComponent(subscription.id)}${connection ? `?account=${connection}` : ""}`}
        >
          <Truncate text={subscription.reason || subscription.id} className="admin-cell-title" />
        </Link>
      ),
    },
    {
      id: "status",
      header: t("admin.subscriptions.field.status"),
      cell: (subscription) => <SubscriptionStatusBadge status={subscription.status} />,
    },
    {
      id: "payer",
      header: t("admin.subscriptions.col.payer"),
      cell: (subscription) => (subscription.payerEmail ? <Truncate text={subscription.payerEmail} /> : ""),
    },
    {
      id: "amount",
      header: t("admin.subscriptions.col.amount"),
      cell: (subscription) =>
        subscription.amount ? formatMoney(subscription.amount.amountMinor, subscription.amount.currency) : "",
    },
    {
      id: "next",
      header: t("admin.subscriptions.col.next"),
      cell: (subscription) => (subscription.nextPaymentDate ? formatDate(subscription.nextPaymentDate, "date") : ""),
    },
    {
      id: "created",
      header: t("admin.subscriptions.col.created"),
      cell: (subscription) => (subscription.createdAt ? formatDate(subscription.createdAt, "dateTime") : ""),
    },
  ];

  return (
    <>
      <PageHeading
        title={t("admin.subscriptions.title")}
        description={t("admin.subscriptions.description")}
        actions={
          canAct ? (
            <Link className="ui-button ui-button--primary" to="/admin/subscriptions/new">
              {t("admin.subscriptions.new")}
            </Link>
          ) : null
        }
      />
      <ReadOnlyNotice />
      <search aria-label={t("admin.subscriptions.filters")}>
        <form className="admin-filters" onSubmit={search} noValidate>
          <SelectField
            label={t("admin.subscriptions.field.status")}
            name="status"
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
            options={[
              { value: "", label: t("admin.subscriptions.status.any") },
              { value: "authorized", label: t("admin.subscriptions.status.authorized") },
              { value: "paused", label: t("admin.subscriptions.status.paused") },
              { value: "pending", label: t("admin.subscriptions.status.pending") },
              { value: "cancelled", label: t("admin.subscriptions.status.cancelled") },
            ]}
          />
          <AccountFilter
            providerSearch
            value={draft.account}
            onChange={(value) => setDraft({ ...draft, account: value })}
          />
          <TextField
            label={t("admin.subscriptions.field.payerEmail")}
            type="search"
            name="payerEmail"
            value={draft.payerEmail}
            onChange={(event) => setDraft({ ...draft, payerEmail: event.target.value })}
          />
          <TextField
            label={t("admin.subscriptions.field.planId")}
            type="search"
            name="planId"
            value={draft.planId}
            onChange={(event) => setDraft({ ...draft, planId: event.target.value })}
          />
          <TextField
            label={t("admin.subscriptions.field.q")}
            type="search"
            name="q"
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
          <Button type="submit" variant="secondary">
            {t("admin.subscriptions.searchSubmit")}
          </Button>
          {filtered ? <Link to="/admin/subscriptions">{t("admin.subscriptions.clear")}</Link> : null}
        </form>
      </search>
      {!parsed.success ? (
        <Alert tone="warning">{t("admin.subscriptions.badFilter")}</Alert>
      ) : (
        <AdminTable
          label={t("admin.subscriptions.title")}
          query={subscriptions}
          items={page?.items}
          failed={subscriptions.isError && !page}
          loadingLabel={t("admin.subscriptions.loading")}
          failedTitle={t("admin.subscriptions.failed")}
          empty={{ title: t("admin.subscriptions.empty"), description: t("admin.subscriptions.emptyHint") }}
          busy={subscriptions.isFetching}
          columns={columns}
          rowKey={(subscription) => subscription.id}
          rowProps={(subscription) => ({ "data-testid": `subscription-row-${subscription.id}` })}
          after={(items) => (
            <>
              {subscriptions.isError ? <Alert tone="danger">{t("admin.subscriptions.failed")}</Alert> : null}
              <ListPager
                offset={offset}
                shown={items.length}
                total={page?.total ?? items.length}
                pageSize={PAGE_SIZE}
                busy={subscriptions.isFetching}
                onGo={goTo}
              />
            </>
          )}
        />
      )}
    </>
  );
}
