// /admin/store-orders/:checkoutId/receipt: the order's receipt as a page to print (or save as PDF): the store,
// the order number and date, the items, the total and the payment. The print style sheet hides the console around it.
import { Button, Money } from "@cobro/ui";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { describePaymentOutcome } from "../../../i18n/payment-status";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { StoreOrderPending, useStoreOrder } from "./store-order-detail-page";
import "./store-orders.css";
import { useStatusWords } from "../../components/status-words";

export function StoreOrderReceiptPage() {
  const { t, formatDate, moneyLocaleFor } = useI18n();
  const words = useStatusWords();
  const { valid, detail } = useStoreOrder();
  useDocumentTitle(
    detail.data
      ? `${t("admin.storeOrders.receipt.title")} ${detail.data.orderNumber}`
      : t("admin.storeOrders.receipt.title"),
  );
  if (!detail.data) return <StoreOrderPending valid={valid} detail={detail} />;
  const order = detail.data;
  const money = (value: { amountMinor: number; currency: string }) => (
    <Money {...value} locale={moneyLocaleFor(value.currency)} />
  );
  const payment = order.payments.find((candidate) => candidate.providerPaymentId === order.providerPaymentId);
  return (
    <article className="store-receipt" data-testid="store-receipt">
      <p className="store-receipt__tools">
        <Link to={`/admin/store-orders/${order.checkoutId}`}>
          {t("admin.storeOrders.viewOrder", { number: order.orderNumber })}
        </Link>{" "}
        <Button variant="secondary" onClick={() => window.print()}>
          {t("admin.storeOrders.receipt.printNow")}
        </Button>
      </p>
      <h1>
        {t("admin.storeOrders.receipt.title")} · {order.orderNumber}
      </h1>
      <p>{formatDate(order.createdAt, "dateTime")}</p>
      <p>{[order.payer.name, order.payer.email].filter(Boolean).join(" · ")}</p>
      <table className="store-receipt__items">
        <tbody>
          {order.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's lines never reorder
            <tr key={index}>
              <td>{item.name}</td>
              <td className="num">× {item.quantity}</td>
              <td className="num">{money(item.unitPrice)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t("admin.storeOrders.receipt.total")}
            </th>
            <td className="num">{money(order.total)}</td>
          </tr>
        </tfoot>
      </table>
      {payment ? (
        <p>
          {t("admin.storeOrders.col.payment")} {payment.providerPaymentId} · {words.method(payment.paymentMethodId)} ·{" "}
          {t(describePaymentOutcome(payment.status, payment.statusDetail).statusKey)}
        </p>
      ) : null}
    </article>
  );
}
