// /admin/subscriptions: Mercado Pago's subscriptions, filtered by status, payer e-mail, plan and free text (the
// provider searches the id, reason, external reference and payer), paged by offset; the filters live in the URL.
// The account filter chooses whose subscriptions are searched (default the store's own); a connected account's row
// opens its detail with `?account=<id>`.
import { ACCOUNT_FILTER_OWN, subscriptionSearchInputSchema, subscriptionStatusSchema } from "@cobro/contracts";
import { Alert, Button, PageHeading, SelectField, TextField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { QueryList } from "../../../components/query-list";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { AccountFilterField, accountFilterOf } from "../../components/account-filter";
import { ListPager } from "../../components/list-pager";
import { useOffsetPage } from "../../components/use-offset-page";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { SubscriptionStatusBadge } from "./subscription-status";

const PAGE_SIZE = 20;

export function SubscriptionsListPage() {
  const { t, formatDate, formatMoney } = useI18n();
  useDocumentTitle(t("admin.subscriptions.title"));
  const canAct = useCanAct("operator");
  const [params, setParams] = useSearchParams();
  const draftFrom = () => ({
    status: params.get("status") ?? "",
    payerEmail: params.get("payerEmail") ?? "",
    planId: params.get("planId") ?? "",
    q: params.get("q") ?? "",
    account: accountFilterOf(params.get("account") ?? undefined) ?? ACCOUNT_FILTER_OWN,
  });
  const account = accountFilterOf(params.get("account") ?? undefined);
  const connection = account && account !== ACCOUNT_FILTER_OWN ? account : null;
  const [draft, setDraft] = useState(draftFrom);
  const { offset, goTo } = useOffsetPage();
  const status = subscriptionStatusSchema.safeParse(params.get("status"));
  const parsed = subscriptionSearchInputSchema.safeParse({
    ...(status.success ? { status: status.data } : {}),
    ...(params.get("payerEmail") ? { payerEmail: params.get("payerEmail") } : {}),
    ...(params.get("planId") ? { planId: params.get("planId") } : {}),
    ...(params.get("q") ? { q: params.get("q") } : {}),
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
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) {
      if (value.trim() && !(key === "account" && value === ACCOUNT_FILTER_OWN)) next.set(key, value.trim());
    }
    setParams(next);
  };
  const filtered = ["status", "payerEmail", "planId", "q", "account"].some((key) => params.get(key));
  const page = subscriptions.data;
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
          <AccountFilterField
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
        <QueryList
          query={subscriptions}
          items={page?.items}
          failed={subscriptions.isError && !page}
          loadingLabel={t("admin.subscriptions.loading")}
          failedTitle={t("admin.subscriptions.failed")}
          empty={{ title: t("admin.subscriptions.empty"), description: t("admin.subscriptions.emptyHint") }}
        >
          {(items) => (
            <>
              <div className="admin-table-wrap" aria-busy={subscriptions.isFetching}>
                <table className="admin-table" aria-label={t("admin.subscriptions.title")}>
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.subscriptions.col.reason")}</th>
                      <th scope="col">{t("admin.subscriptions.field.status")}</th>
                      <th scope="col">{t("admin.subscriptions.col.payer")}</th>
                      <th scope="col">{t("admin.subscriptions.col.amount")}</th>
                      <th scope="col">{t("admin.subscriptions.col.next")}</th>
                      <th scope="col">{t("admin.subscriptions.col.created")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((subscription) => (
                      <tr key={subscription.id} data-testid={`subscription-row-${subscription.id}`}>
                        <th scope="row">
                          <Link
                            to={`/admin/subscriptions/${encodeURIComponent(subscription.id)}${connection ? `?account=${connection}` : ""}`}
                          >
                            {subscription.reason || subscription.id}
                          </Link>
                        </th>
                        <td>
                          <SubscriptionStatusBadge status={subscription.status} />
                        </td>
                        <td>{subscription.payerEmail ?? ""}</td>
                        <td>
                          {subscription.amount
                            ? formatMoney(subscription.amount.amountMinor, subscription.amount.currency)
                            : ""}
                        </td>
                        <td>{subscription.nextPaymentDate ? formatDate(subscription.nextPaymentDate, "date") : ""}</td>
                        <td>{subscription.createdAt ? formatDate(subscription.createdAt, "dateTime") : ""}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
        </QueryList>
      )}
    </>
  );
}
