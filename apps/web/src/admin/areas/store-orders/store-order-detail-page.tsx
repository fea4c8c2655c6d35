// /admin/store-orders/:checkoutId: one shop order — its items, payer, every payment made for it (each linking to
// the payment's page), and a human timeline (placed, each payment status, each receipt sent). Operators resend
// the receipt; anyone opens the printable receipt.
import { Alert, Card, ErrorState, LoadingState, Money, PageHeading } from "@cobro/ui";
import { Link, useParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { describePaymentOutcome } from "../../../i18n/payment-status";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { PaymentStatusBadge } from "../../../shared/components/payment-status-badge";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { describeError } from "../../../shared/errors/describe-error";
import { httpStatusOf, trpc } from "../../../trpc";
import { LineItemsTable } from "../../components/line-items-table";
import { useStatusWords } from "../../components/status-words";
import { PayerEmailLink } from "../customers/customer-by-email-page";
import { ReadOnlyNotice } from "../read-only-notice";
import { ResendReceiptButton } from "./resend-receipt-button";
import { StoreOrderStateBadge } from "./store-order-words";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The order named by the route's :checkoutId (a malformed id is not valid and is never asked for). */
export function useStoreOrder() {
  const checkoutId = useParams().checkoutId ?? "";
  const valid = UUID.test(checkoutId);
  const detail = trpc.admin.storeOrders.get.useQuery({ checkoutId }, { enabled: valid });
  return { valid, detail };
}

/**
 * What an order page shows before it has its order: 404 for a malformed or unknown id, the loading state, or the
 * error with a retry; null once the order is here.
 */
export function StoreOrderPending({ valid, detail }: ReturnType<typeof useStoreOrder>) {
  const { t, language } = useI18n();
  if (!valid) return <ErrorStatusPage status={404} />;
  if (detail.isPending) return <LoadingState label={t("common.loading")} />;
  if (detail.isError) {
    if (httpStatusOf(detail.error) === 404) return <ErrorStatusPage status={404} />;
    return (
      <ErrorState
        title={t("admin.storeOrders.failed")}
        message={describeError(detail.error, { t, language }).message}
        onRetry={() => void detail.refetch()}
        retryLabel={t("common.retry")}
        retrying={detail.isFetching}
      />
    );
  }
  return null;
}

export function StoreOrderDetailPage() {
  const { t, formatDate, moneyLocaleFor } = useI18n();
  const words = useStatusWords();
  const { valid, detail } = useStoreOrder();
  useDocumentTitle(
    detail.data
      ? t("admin.storeOrders.detailTitle", { number: detail.data.orderNumber })
      : t("admin.storeOrders.title"),
  );
  if (!detail.data) return <StoreOrderPending valid={valid} detail={detail} />;
  const order = detail.data;
  const money = (value: { amountMinor: number; currency: string }) => (
    <Money {...value} locale={moneyLocaleFor(value.currency)} />
  );
  const hasReceipt = order.payments.some((payment) => payment.providerPaymentId === order.providerPaymentId);

  return (
    <section>
      <p>
        <Link to="/admin/store-orders">{t("admin.storeOrders.back")}</Link>
      </p>
      <PageHeading
        title={t("admin.storeOrders.detailTitle", { number: order.orderNumber })}
        actions={<StoreOrderStateBadge state={order.state} />}
      />
      <ReadOnlyNotice />
      <div className="payment-actions">
        {hasReceipt ? (
          <Link className="ui-button ui-button--secondary" to={`/admin/store-orders/${order.checkoutId}/receipt`}>
            {t("admin.storeOrders.receipt.print")}
          </Link>
        ) : null}
        {hasReceipt && order.payer.email && ["paid", "refunded", "disputed", "charged_back"].includes(order.state) ? (
          <ResendReceiptButton checkoutId={order.checkoutId} email={order.payer.email} />
        ) : null}
      </div>
      <Card>
        <dl className="payment-facts">
          <dt>{t("admin.storeOrders.col.total")}</dt>
          <dd data-testid="store-order-total">{money(order.total)}</dd>
          <dt>{t("admin.storeOrders.col.created")}</dt>
          <dd>{formatDate(order.createdAt, "dateTime")}</dd>
          <dt>{t("admin.storeOrders.col.payer")}</dt>
          <dd data-testid="store-order-payer">
            {order.payer.name ? `${order.payer.name} · ` : ""}
            {order.payer.email ? <PayerEmailLink email={order.payer.email} /> : order.payer.name ? "" : "—"}
            {order.payer.userId === null ? ` (${t("admin.storeOrders.guest")})` : ""}
          </dd>
          <dt>{t("admin.storeOrders.method")}</dt>
          <dd>{order.paymentMethod ? words.method(order.paymentMethod) : "—"}</dd>
          <dt>{t("admin.storeOrders.reference")}</dt>
          <dd className="admin-mono">{order.externalReference}</dd>
        </dl>
      </Card>

      <h2>{t("admin.storeOrders.items")}</h2>
      <LineItemsTable
        testId="store-order-items"
        items={order.items.map((item) => ({ title: item.name, quantity: item.quantity, unitPrice: item.unitPrice }))}
      />

      <h2>{t("admin.storeOrders.payments")}</h2>
      {order.payments.length === 0 ? (
        <Alert tone="info">{t("admin.storeOrders.noPayments")}</Alert>
      ) : (
        <table className="payments-table" data-testid="store-order-payments">
          <tbody>
            {order.payments.map((payment) => (
              <tr key={payment.providerPaymentId}>
                <td className="admin-mono">
                  <Link to={`/admin/payments/${payment.providerPaymentId}`}>{payment.providerPaymentId}</Link>
                </td>
                <td>{formatDate(payment.createdAt, "dateTime")}</td>
                <td>
                  <PaymentStatusBadge status={payment.status} statusDetail={payment.statusDetail} />
                </td>
                <td>{words.method(payment.paymentMethodId)}</td>
                <td className="num">{money(payment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t("admin.storeOrders.timeline")}</h2>
      <ol className="payment-timeline" data-testid="store-order-timeline">
        {order.timeline.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is rebuilt whole on each read
          <li key={index} data-kind={entry.kind}>
            <time dateTime={entry.at}>{formatDate(entry.at, "dateTime")}</time>{" "}
            {entry.kind === "created"
              ? t("admin.storeOrders.event.created")
              : entry.kind === "payment"
                ? t("admin.storeOrders.event.payment", {
                    id: entry.providerPaymentId ?? "",
                    status: t(describePaymentOutcome(entry.what ?? "", null).statusKey),
                  })
                : t("admin.storeOrders.event.email")}
          </li>
        ))}
      </ol>
    </section>
  );
}
