// /admin/virtual-terminal/:orderId: one order of the virtual terminal — its status and detail, every payment transaction
// with its state, its refunds, the staff actions taken and the timeline (states, provider calls, notifications,
// staff actions). Operators and admins get the actions the order's state allows: in manual mode add / change /
// remove the payment before processing, then Process; Capture an authorized order; Cancel; Refund the whole order
// or part of one transaction. A viewer sees none of them.
import type { Money as MoneyValue } from "@cobro/contracts";
import { Alert, Button, Card, ErrorState, LoadingState, Money, PageHeading } from "@cobro/ui";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { describeError } from "../../../shared/errors/describe-error";
import { httpStatusOf, trpc } from "../../../trpc";
import { useStatusWords } from "../../components/status-words";
import { PayerEmailLink } from "../customers/customer-by-email-page";
import { TimelineLine } from "../payments/payment-timeline";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { OrderCardPanel, RefundOrderDialog, SimpleActionDialog, type SimpleOrderAction } from "./order-action-dialogs";
import { OrderStatusBadge, shownStatusOf, useOrderWords } from "./order-words";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type OpenDialog =
  | { kind: SimpleOrderAction; transactionId?: string }
  | { kind: "refund"; transactionId?: string; limit: MoneyValue }
  | { kind: "card"; transactionId?: string };

export function OrderDetailPage() {
  const { t, language, formatDate, moneyLocaleFor } = useI18n();
  const statusWord = useStatusWords();
  const { statusWords, detailWords, reasonWords } = useOrderWords();
  const params = useParams();
  const orderId = params.orderId ?? "";
  const valid = UUID.test(orderId);
  const canAct = useCanAct("operator");
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const utils = trpc.useUtils();
  const detail = trpc.admin.orders.get.useQuery({ orderId }, { enabled: valid });
  const refresh = trpc.admin.orders.refresh.useMutation({
    onSettled: () => {
      void utils.admin.orders.get.invalidate({ orderId });
      void utils.admin.orders.list.invalidate();
    },
  });
  useDocumentTitle(
    detail.data ? t("admin.orders.detailTitle", { reference: detail.data.externalReference }) : t("admin.orders.title"),
  );

  if (!valid) return <ErrorStatusPage status={404} />;
  if (detail.isPending) return <LoadingState label={t("common.loading")} />;
  if (detail.isError) {
    if (httpStatusOf(detail.error) === 404) return <ErrorStatusPage status={404} />;
    return (
      <ErrorState
        title={t("admin.orders.loadFailed")}
        message={describeError(detail.error, { t, language }).message}
        onRetry={() => void detail.refetch()}
        retryLabel={t("common.retry")}
        retrying={detail.isFetching}
      />
    );
  }
  const order = detail.data;
  const money = (value: MoneyValue) => <Money {...value} locale={moneyLocaleFor(value.currency)} />;
  const shown = shownStatusOf(order);
  const closeDialog = () => setDialog(null);
  const allowed = order.allowed;

  return (
    <section>
      <p>
        <Link to="/admin/virtual-terminal">{t("admin.orders.back")}</Link>
      </p>
      <PageHeading
        title={t("admin.orders.detailTitle", { reference: order.externalReference })}
        actions={<OrderStatusBadge order={order} />}
      />
      <ReadOnlyNotice />
      {shown === "confirming" ? <Alert tone="warning">{t("admin.orders.confirming")}</Alert> : null}
      {shown === "failed" ? (
        <Alert tone="danger">
          {t("admin.orders.declined", { reason: reasonWords(order.error ?? order.statusDetail) })}
        </Alert>
      ) : null}
      {shown === "refused" ? (
        <Alert tone="danger">{t("admin.orders.refusedCreate", { reason: reasonWords(order.error) })}</Alert>
      ) : null}

      {canAct ? (
        <div className="payment-actions">
          {order.providerOrderId ? (
            <Button
              variant="secondary"
              busy={refresh.isPending}
              busyLabel={t("admin.orders.dialog.working")}
              onClick={() => refresh.mutate({ orderId })}
            >
              {t("admin.orders.refresh")}
            </Button>
          ) : null}
          {allowed.process ? (
            <Button onClick={() => setDialog({ kind: "process" })}>{t("admin.orders.process.open")}</Button>
          ) : null}
          {allowed.capture ? (
            <Button onClick={() => setDialog({ kind: "capture" })}>{t("admin.orders.capture.open")}</Button>
          ) : null}
          {allowed.refund ? (
            <Button variant="danger" onClick={() => setDialog({ kind: "refund", limit: order.refundable })}>
              {t("admin.orders.refund.open")}
            </Button>
          ) : null}
          {allowed.cancel ? (
            <Button variant="danger" onClick={() => setDialog({ kind: "cancel" })}>
              {t("admin.orders.cancel.open")}
            </Button>
          ) : null}
          {allowed.editTransactions && order.transactions.length === 0 ? (
            <Button variant="secondary" onClick={() => setDialog({ kind: "card" })}>
              {t("admin.orders.addTx.open")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {refresh.isError ? <Alert tone="danger">{describeError(refresh.error, { t, language }).message}</Alert> : null}
      {refresh.isSuccess ? <Alert tone="success">{t("admin.orders.refreshed")}</Alert> : null}

      <Card>
        <dl className="payment-facts">
          <dt>{t("admin.orders.facts.status")}</dt>
          <dd data-testid="order-status">
            {statusWords(shown)}
            {order.statusDetail && shown !== "confirming" && order.statusDetail !== order.status
              ? ` · ${detailWords(order.statusDetail)}`
              : ""}
          </dd>
          <dt>{t("admin.orders.facts.amount")}</dt>
          <dd data-testid="order-amount">{money(order.amount)}</dd>
          <dt>{t("admin.orders.facts.refunded")}</dt>
          <dd data-testid="order-refunded">{money(order.refunded)}</dd>
          <dt>{t("admin.orders.facts.refundable")}</dt>
          <dd data-testid="order-refundable">{money(order.refundable)}</dd>
          <dt>{t("admin.orders.facts.mode")}</dt>
          <dd>{t(`admin.orders.mode.${order.processingMode}`)}</dd>
          <dt>{t("admin.orders.facts.capture")}</dt>
          <dd>
            {order.captureMode === "manual"
              ? t("admin.orders.facts.captureManual")
              : t("admin.orders.facts.captureAutomatic")}
          </dd>
          <dt>{t("admin.orders.facts.providerId")}</dt>
          <dd className="admin-mono" data-testid="order-provider-id">
            {order.providerOrderId ?? "—"}
          </dd>
          <dt>{t("admin.orders.facts.payer")}</dt>
          <dd>
            {order.payerEmail ? <PayerEmailLink email={order.payerEmail} /> : null}
            {order.payerIdentification ? ` · ${order.payerIdentification}` : ""}
          </dd>
          <dt>{t("admin.orders.facts.description")}</dt>
          <dd>{order.description ?? "—"}</dd>
          <dt>{t("admin.orders.facts.createdBy")}</dt>
          <dd>{order.createdByEmail ?? "—"}</dd>
          <dt>{t("admin.orders.facts.created")}</dt>
          <dd>{formatDate(order.createdAt, "dateTime")}</dd>
          <dt>{t("admin.orders.facts.mirrored")}</dt>
          <dd>{formatDate(order.mirroredAt, "dateTime")}</dd>
        </dl>
      </Card>

      <h2>{t("admin.orders.transactions")}</h2>
      {order.transactions.length === 0 ? (
        <p>{t("admin.orders.noTransactions")}</p>
      ) : (
        <table className="payments-table" data-testid="order-transactions">
          <thead>
            <tr>
              <th scope="col">{t("admin.orders.tx.id")}</th>
              <th scope="col">{t("admin.orders.tx.status")}</th>
              <th scope="col" className="num">
                {t("admin.orders.tx.amount")}
              </th>
              <th scope="col" className="num">
                {t("admin.orders.tx.refunded")}
              </th>
              <th scope="col">{t("admin.orders.tx.method")}</th>
              {canAct ? <th scope="col" /> : null}
            </tr>
          </thead>
          <tbody>
            {order.transactions.map((tx) => (
              <tr key={tx.id} data-transaction-id={tx.id}>
                <td className="admin-mono">{tx.id}</td>
                <td>
                  {statusWords(tx.status)}
                  {tx.statusDetail && tx.statusDetail !== tx.status ? ` · ${detailWords(tx.statusDetail)}` : ""}
                </td>
                <td className="num">{money(tx.amount)}</td>
                <td className="num">{money(tx.refunded)}</td>
                <td>
                  {statusWord.method(tx.paymentMethodId)}
                  {tx.installments ? ` · ${t("admin.orders.tx.installments", { count: tx.installments })}` : ""}
                  {tx.mirroredPaymentId ? (
                    <>
                      {" · "}
                      <Link to={`/admin/payments/${tx.mirroredPaymentId}`}>
                        {t("admin.orders.tx.payment", { id: tx.mirroredPaymentId })}
                      </Link>
                    </>
                  ) : null}
                </td>
                {canAct ? (
                  <td>
                    {allowed.editTransactions ? (
                      <>
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setDialog({ kind: "card", transactionId: tx.id })}
                        >
                          {t("admin.orders.changeTx.open")}
                        </Button>{" "}
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setDialog({ kind: "deleteTransaction", transactionId: tx.id })}
                        >
                          {t("admin.orders.removeTx.open")}
                        </Button>
                      </>
                    ) : null}
                    {allowed.refund && tx.refundable.amountMinor > 0 ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setDialog({ kind: "refund", transactionId: tx.id, limit: tx.refundable })}
                      >
                        {t("admin.orders.refund.openTx")}
                      </Button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {order.refunds.length > 0 ? (
        <>
          <h2>{t("admin.orders.refunds")}</h2>
          <table className="payments-table" data-testid="order-refunds">
            <thead>
              <tr>
                <th scope="col">{t("admin.col.id")}</th>
                <th scope="col">{t("admin.col.transaction")}</th>
                <th scope="col" className="num">
                  {t("admin.col.amount")}
                </th>
                <th scope="col">{t("admin.col.status")}</th>
              </tr>
            </thead>
            <tbody>
              {order.refunds.map((refund) => (
                <tr key={refund.id}>
                  <td className="admin-mono">{refund.id}</td>
                  <td className="admin-mono">{refund.transactionId ?? ""}</td>
                  <td className="num">{money(refund.amount)}</td>
                  <td>{refund.status ? statusWord.status(refund.status) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}

      {order.actions.length > 0 ? (
        <>
          <h2>{t("admin.orders.actions")}</h2>
          <table className="payments-table" data-testid="order-actions">
            <thead>
              <tr>
                <th scope="col">{t("admin.col.date")}</th>
                <th scope="col">{t("admin.col.action")}</th>
                <th scope="col">{t("admin.col.amount")}</th>
                <th scope="col">{t("admin.col.status")}</th>
                <th scope="col">{t("admin.col.by")}</th>
              </tr>
            </thead>
            <tbody>
              {order.actions.map((action) => (
                <tr key={action.id} data-status={action.status}>
                  <td>{formatDate(action.createdAt, "dateTime")}</td>
                  <td>{t(`admin.orders.action.kind.${action.kind as "process"}`)}</td>
                  <td>{action.amount ? money(action.amount) : ""}</td>
                  <td>
                    {t(`admin.orders.action.status.${action.status}`)}
                    {action.error ? ` · ${reasonWords(action.error)}` : ""}
                  </td>
                  <td>{action.createdByEmail ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}

      <h2>{t("admin.orders.timeline")}</h2>
      <ol className="payment-timeline" data-testid="order-timeline">
        {order.timeline.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is rebuilt whole on each read
          <li key={index} data-kind={entry.kind}>
            <TimelineLine entry={entry} />
          </li>
        ))}
      </ol>

      {canAct && dialog && dialog.kind !== "refund" && dialog.kind !== "card" ? (
        <SimpleActionDialog
          kind={dialog.kind}
          orderId={order.id}
          amount={order.amount}
          captureMode={order.captureMode}
          {...(dialog.transactionId ? { transactionId: dialog.transactionId } : {})}
          onClose={closeDialog}
        />
      ) : null}
      {canAct && dialog?.kind === "refund" ? (
        <RefundOrderDialog
          orderId={order.id}
          limit={dialog.limit}
          {...(dialog.transactionId ? { transactionId: dialog.transactionId } : {})}
          onClose={closeDialog}
        />
      ) : null}
      {canAct && dialog?.kind === "card" ? (
        <OrderCardPanel
          orderId={order.id}
          amount={order.amount}
          {...(dialog.transactionId ? { transactionId: dialog.transactionId } : {})}
          onClose={closeDialog}
        />
      ) : null}
    </section>
  );
}
