// /admin/charges: the subscription charges, filtered by subscription id or payment id (the provider's search
// filters), paged by offset; the filters live in the URL. A failed charge shows the payment's status and the
// provider's reason, and its retries. The account filter chooses whose charges are searched (default the store's
// own); a connected account's subscription opens with `?account=<id>`.
import { ACCOUNT_FILTER_OWN, type AdminChargeListItem, chargeSearchInputSchema } from "@cobro/contracts";
import { Alert, Button, PageHeading, TextField } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { trpc } from "../../../trpc";
import { AccountFilter, connectionOf } from "../../components/account-filter";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { ListPager } from "../../components/list-pager";
import { useChargeColumns } from "../subscriptions/subscription-status";
import { useUrlFilters } from "../use-url-filters";

const PAGE_SIZE = 20;
const FILTER_KEYS = ["subscriptionId", "paymentId", "account"] as const;

export function ChargesListPage() {
  const { t, formatDate } = useI18n();
  const chargeColumns = useChargeColumns();
  useDocumentTitle(t("admin.charges.title"));
  const [filters, setFilters, { offset, goTo }] = useUrlFilters(FILTER_KEYS);
  const connection = connectionOf(filters.account);
  const [draft, setDraft] = useState({
    account: connection ?? ACCOUNT_FILTER_OWN,
    subscriptionId: filters.subscriptionId ?? "",
    paymentId: filters.paymentId ?? "",
  });
  const paymentParam = filters.paymentId;
  const parsed = chargeSearchInputSchema.safeParse({
    ...(filters.subscriptionId ? { subscriptionId: filters.subscriptionId } : {}),
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
    setFilters({ ...draft, account: draft.account === ACCOUNT_FILTER_OWN ? "" : draft.account });
  };
  const columns: AdminColumn<AdminChargeListItem>[] = [
    {
      id: "date",
      header: t("admin.subscriptions.charges.date"),
      rowHeader: true,
      cell: (charge) => (charge.debitDate ? formatDate(charge.debitDate, "dateTime") : String(charge.id)),
    },
    {
      id: "reason",
      header: t("admin.subscriptions.col.reason"),
      cell: (charge) => (
        <Link
          to={`/admin/subscriptions/${encodeURIComponent(charge.subscriptionId)}${connection ? `?account=${connection}` : ""}`}
        >
          <Truncate text={charge.reason || charge.subscriptionId} className="admin-cell-title" />
        </Link>
      ),
    },
    ...chargeColumns,
  ];
  const page = charges.data;
  return (
    <>
      <PageHeading title={t("admin.charges.title")} description={t("admin.charges.description")} />
      <search aria-label={t("admin.charges.filters")}>
        <form className="admin-filters" onSubmit={search} noValidate>
          <AccountFilter
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
          {filters.subscriptionId || paymentParam || connection ? (
            <Link to="/admin/charges">{t("admin.subscriptions.clear")}</Link>
          ) : null}
        </form>
      </search>
      {!parsed.success ? (
        <Alert tone="warning">{t("admin.charges.badFilter")}</Alert>
      ) : (
        <AdminTable
          label={t("admin.charges.title")}
          query={charges}
          items={page?.items}
          failed={charges.isError && !page}
          loadingLabel={t("admin.charges.loading")}
          failedTitle={t("admin.charges.failed")}
          empty={{ title: t("admin.charges.empty"), description: t("admin.charges.emptyHint") }}
          busy={charges.isFetching}
          columns={columns}
          rowKey={(charge) => charge.id}
          rowProps={(charge) => ({ "data-testid": `charge-row-${charge.id}` })}
          after={(items) => (
            <>
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
        />
      )}
    </>
  );
}
