// /admin/charges: the subscription charges, filtered by subscription id or payment id (the provider's search
// filters), paged by offset; the filters live in the URL. A failed charge shows the payment's status and the
// provider's reason, and its retries. The account filter chooses whose charges are searched (default the store's
// own); a connected account's subscription opens with `?account=<id>`.
import { ACCOUNT_FILTER_OWN, chargeSearchInputSchema } from "@cobro/contracts";
import { Alert, Button, PageHeading, TextField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { QueryList } from "../../../components/query-list";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { AccountFilterField, connectionInUrl } from "../../components/account-filter";
import { ListPager } from "../../components/list-pager";
import { useOffsetPage } from "../../components/use-offset-page";
import { ChargeCells } from "../subscriptions/subscription-status";

const PAGE_SIZE = 20;

export function ChargesListPage() {
  const { t, formatDate } = useI18n();
  useDocumentTitle(t("admin.charges.title"));
  const [params, setParams] = useSearchParams();
  const connection = connectionInUrl(params);
  const [draft, setDraft] = useState({
    account: connection ?? ACCOUNT_FILTER_OWN,
    subscriptionId: params.get("subscriptionId") ?? "",
    paymentId: params.get("paymentId") ?? "",
  });
  const { offset, goTo } = useOffsetPage();
  const paymentParam = params.get("paymentId");
  const parsed = chargeSearchInputSchema.safeParse({
    ...(params.get("subscriptionId") ? { subscriptionId: params.get("subscriptionId") } : {}),
    ...(paymentParam ? { paymentId: /^\d{1,15}$/.test(paymentParam) ? Number(paymentParam) : -1 } : {}),
    ...(connection ? { account: connection } : {}),
    offset,
    limit: PAGE_SIZE,
  });
  const charges = trpc.admin.subscriptions.charges.useQuery(
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
  const page = charges.data;
  return (
    <>
      <PageHeading title={t("admin.charges.title")} description={t("admin.charges.description")} />
      <search aria-label={t("admin.charges.filters")}>
        <form className="admin-filters" onSubmit={search} noValidate>
          <AccountFilterField
            providerSearch
            value={draft.account}
            onChange={(value) => setDraft({ ...draft, account: value })}
          />
          <TextField
            label={t("admin.charges.field.subscriptionId")}
            type="search"
            name="subscriptionId"
            value={draft.subscriptionId}
            onChange={(event) => setDraft({ ...draft, subscriptionId: event.target.value })}
          />
          <TextField
            label={t("admin.charges.field.paymentId")}
            type="search"
            inputMode="numeric"
            name="paymentId"
            value={draft.paymentId}
            onChange={(event) => setDraft({ ...draft, paymentId: event.target.value })}
          />
          <Button type="submit" variant="secondary">
            {t("admin.subscriptions.searchSubmit")}
          </Button>
          {params.get("subscriptionId") || paymentParam || connection ? (
            <Link to="/admin/charges">{t("admin.subscriptions.clear")}</Link>
          ) : null}
        </form>
      </search>
      {!parsed.success ? (
        <Alert tone="warning">{t("admin.charges.badFilter")}</Alert>
      ) : (
        <QueryList
          query={charges}
          items={page?.items}
          failed={charges.isError && !page}
          loadingLabel={t("admin.charges.loading")}
          failedTitle={t("admin.charges.failed")}
          empty={{ title: t("admin.charges.empty"), description: t("admin.charges.emptyHint") }}
        >
          {(items) => (
            <>
              <div className="admin-table-wrap" aria-busy={charges.isFetching}>
                <table className="admin-table" aria-label={t("admin.charges.title")}>
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.subscriptions.charges.date")}</th>
                      <th scope="col">{t("admin.subscriptions.col.reason")}</th>
                      <th scope="col">{t("admin.subscriptions.field.status")}</th>
                      <th scope="col">{t("admin.subscriptions.col.amount")}</th>
                      <th scope="col">{t("admin.subscriptions.charges.payment")}</th>
                      <th scope="col">{t("admin.subscriptions.charges.retries")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((charge) => (
                      <tr key={charge.id} data-testid={`charge-row-${charge.id}`}>
                        <th scope="row">
                          {charge.debitDate ? formatDate(charge.debitDate, "dateTime") : String(charge.id)}
                        </th>
                        <td>
                          <Link
                            to={`/admin/subscriptions/${encodeURIComponent(charge.subscriptionId)}${connection ? `?account=${connection}` : ""}`}
                          >
                            {charge.reason || charge.subscriptionId}
                          </Link>
                        </td>
                        <ChargeCells charge={charge} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {charges.isError ? <Alert tone="danger">{t("admin.charges.failed")}</Alert> : null}
              <ListPager
                offset={offset}
                shown={items.length}
                total={page?.total ?? items.length}
                pageSize={PAGE_SIZE}
                busy={charges.isFetching}
                onGo={goTo}
              />
            </>
          )}
        </QueryList>
      )}
    </>
  );
}
