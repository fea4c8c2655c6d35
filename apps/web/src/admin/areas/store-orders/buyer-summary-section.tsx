// A buyer's orders at a glance, by e-mail (on a customer's page): how many orders, how many paid, the lifetime value
// (what they paid in all, refunds taken off) and a link to their orders in the Orders area.
import { Alert, LoadingState, Money } from "@cobro/ui";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";

export function BuyerSummarySection({ email }: { email: string }) {
  const { t, formatDate, moneyLocaleFor } = useI18n();
  const summary = trpc.admin.storeOrders.buyer.useQuery({ email });
  return (
    <section className="customer-section" aria-labelledby="buyer-summary-title">
      <h2 id="buyer-summary-title" className="admin-subheading">
        {t("admin.storeOrders.buyer.title")}
      </h2>
      {summary.isPending ? <LoadingState label={t("common.loading")} /> : null}
      {summary.isError ? <Alert tone="danger">{t("admin.storeOrders.failed")}</Alert> : null}
      {summary.data && summary.data.orderCount === 0 ? (
        <p className="admin-hint">{t("admin.storeOrders.buyer.none")}</p>
      ) : null}
      {summary.data && summary.data.orderCount > 0 ? (
        <dl className="admin-facts">
          <div>
            <dt>{t("admin.storeOrders.buyer.lifetimeValue")}</dt>
            <dd data-testid="buyer-lifetime-value">
              {summary.data.lifetimeValue.length === 0
                ? "—"
                : summary.data.lifetimeValue.map((value) => (
                    <Money key={value.currency} {...value} locale={moneyLocaleFor(value.currency)} />
                  ))}
            </dd>
          </div>
          <div>
            <dt>{t("admin.storeOrders.buyer.orders")}</dt>
            <dd>
              <Link to={`/admin/store-orders?email=${encodeURIComponent(summary.data.email)}`}>
                {t("admin.storeOrders.buyer.counts", {
                  orders: summary.data.orderCount,
                  paid: summary.data.paidOrderCount,
                })}
              </Link>
            </dd>
          </div>
          {summary.data.lastOrderAt ? (
            <div>
              <dt>{t("admin.storeOrders.buyer.lastOrder")}</dt>
              <dd>{formatDate(summary.data.lastOrderAt, "dateTime")}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
