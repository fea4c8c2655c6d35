// A customer's (or a guest's) own activity, by the e-mail they pay with: their latest payments and their
// subscriptions, each linking to its page, and a link to the whole filtered list. Both read what the console already
// lists (the payments mirror, the subscriptions search), so the customer page shows the same rows as those areas.
import type { AdminSubscription } from "@cobro/contracts";
import { Truncate } from "@cobro/ui/admin";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { usePaymentColumns } from "../payments/payment-columns";
import { SubscriptionStatusBadge } from "../subscriptions/subscription-status";

/** How many of each are shown here; the "all" link opens the full list filtered by the e-mail. */
const SHOWN = 10;

interface ActivityProps {
  email: string;
  /** The connected account the page reads (its `?account=`), absent for the store's own. */
  account?: string;
}

function accountQuery(account: string | undefined): string {
  return account ? `&account=${encodeURIComponent(account)}` : "";
}

export function CustomerPaymentsSection({ email, account }: ActivityProps) {
  const { t } = useI18n();
  const payments = trpc.admin.payments.list.useQuery({
    filters: { payerEmail: email, ...(account ? { account } : {}) },
    limit: SHOWN,
  });
  const columns = usePaymentColumns();
  return (
    <section className="customer-section" aria-labelledby="customer-payments-title">
      <h2 id="customer-payments-title" className="admin-subheading">
        {t("admin.payments.title")}
      </h2>
      <AdminTable
        label={t("admin.customers.payments.label", { email })}
        query={payments}
        items={payments.data?.items}
        failed={payments.isError && !payments.data}
        loadingLabel={t("common.loading")}
        failedTitle={t("admin.payments.loadFailed")}
        empty={{ title: t("admin.customers.payments.empty") }}
        busy={payments.isFetching}
        columns={columns}
        rowKey={(item) => item.providerPaymentId}
        after={() =>
          payments.data?.nextCursor ? (
            <p>
              <Link to={`/admin/payments?email=${encodeURIComponent(email)}${accountQuery(account)}`}>
                {t("admin.customers.payments.all")}
              </Link>
            </p>
          ) : null
        }
      />
    </section>
  );
}

export function CustomerSubscriptionsSection({ email, account }: ActivityProps) {
  const { t, formatDate, formatMoney } = useI18n();
  const subscriptions = trpc.admin.subscriptions.search.useQuery({
    payerEmail: email,
    ...(account ? { account } : {}),
    offset: 0,
    limit: SHOWN,
  });
  const detailSearch = account ? `?account=${encodeURIComponent(account)}` : "";
  const columns: AdminColumn<AdminSubscription>[] = [
    {
      id: "reason",
      header: t("admin.subscriptions.col.reason"),
      rowHeader: true,
      cell: (subscription) => (
        <Link to={`/admin/subscriptions/${encodeURIComponent(subscription.id)}${detailSearch}`}>
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
      id: "amount",
      header: t("admin.subscriptions.col.amount"),
      kind: "num",
      cell: (subscription) =>
        subscription.amount ? formatMoney(subscription.amount.amountMinor, subscription.amount.currency) : "",
    },
    {
      id: "next",
      header: t("admin.subscriptions.col.next"),
      cell: (subscription) => (subscription.nextPaymentDate ? formatDate(subscription.nextPaymentDate, "date") : ""),
    },
  ];
  const total = subscriptions.data?.total ?? 0;
  return (
    <section className="customer-section" aria-labelledby="customer-subscriptions-title">
      <h2 id="customer-subscriptions-title" className="admin-subheading">
        {t("admin.subscriptions.title")}
      </h2>
      <AdminTable
        label={t("admin.customers.subscriptions.label", { email })}
        query={subscriptions}
        items={subscriptions.data?.items}
        failed={subscriptions.isError && !subscriptions.data}
        loadingLabel={t("common.loading")}
        failedTitle={t("admin.customers.subscriptions.failed")}
        empty={{ title: t("admin.customers.subscriptions.empty") }}
        busy={subscriptions.isFetching}
        columns={columns}
        rowKey={(subscription) => subscription.id}
        after={(rows) =>
          total > rows.length ? (
            <p>
              <Link to={`/admin/subscriptions?payerEmail=${encodeURIComponent(email)}${accountQuery(account)}`}>
                {t("admin.customers.subscriptions.all", { count: total })}
              </Link>
            </p>
          ) : null
        }
      />
    </section>
  );
}
