// /admin/payments/:paymentId: one payment from the mirror — amounts, payer, items, its checkout, refunds, the
// authorization's time left, and the timeline (states, provider calls, notifications, staff actions) — with the
// provider's raw JSON on demand. Operators and admins get "Refresh from provider" and the money dialogs; a
// viewer sees none of them.
import type { Money as MoneyValue } from "@cobro/contracts";
import { Alert, Button, Card, ErrorState, LoadingState, Money, PageHeading } from "@cobro/ui";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { PaymentStatusBadge } from "../../../shared/components/payment-status-badge";
import { describeError } from "../../../shared/errors/describe-error";
import { httpStatusOf, trpc } from "../../../trpc";
import { AccountLabel } from "../../components/account-filter";
import { JsonBlock } from "../../components/json-block";
import { LineItemsTable } from "../../components/line-items-table";
import { StatusWord, useStatusWords } from "../../components/status-words";
import { PayerEmailLink } from "../customers/customer-by-email-page";
import { ReadOnlyNotice } from "../read-only-notice";
import { CancelDialog, CaptureDialog, type PaymentDialogKind, RefundDialog } from "./payment-action-dialogs";
import { canActOnPayments } from "./payment-permissions";
import { PaymentStory } from "./payment-story";
import { TimelineLine } from "./payment-timeline";

function RawJson({ providerPaymentId }: { providerPaymentId: number }) {
  const { t } = useI18n();
  const raw = trpc.admin.payments.raw.useQuery({ providerPaymentId });
  if (raw.isPending) return <LoadingState label={t("common.loading")} />;
  if (raw.isError) return <Alert tone="danger">{t("admin.payments.loadFailed")}</Alert>;
  return <JsonBlock className="payment-raw" value={raw.data.snapshot} label={t("admin.payments.rawJson")} />;
}

function timeLeft(deadline: string, now: number): { days: number; hours: number } | null {
  const ms = Date.parse(deadline) - now;
  if (!(ms > 0)) return null;
  return { days: Math.floor(ms / 86_400_000), hours: Math.floor((ms % 86_400_000) / 3_600_000) };
}

export function PaymentDetailPage() {
  const { t, language, formatDate, moneyLocaleFor } = useI18n();
  const words = useStatusWords();
  const { user } = useCurrentUser();
  const params = useParams();
  const idText = params.paymentId ?? "";
  const providerPaymentId = /^\d{1,15}$/.test(idText) ? Number(idText) : null;
  // The dialog keeps the amount it opened with: the payment it acts on changes under it (a capture ends the
  // authorization), and the dialog must stay to show the outcome.
  const [dialog, setDialog] = useState<{ kind: PaymentDialogKind; limit: MoneyValue } | null>(null);
  const [showRaw, setShowRaw] = useState(false);
  const utils = trpc.useUtils();
  const detail = trpc.admin.payments.get.useQuery(
    { providerPaymentId: providerPaymentId ?? 0 },
    { enabled: providerPaymentId !== null && providerPaymentId > 0 },
  );
  const refresh = trpc.admin.payments.refresh.useMutation({
    onSettled: () => {
      void utils.admin.payments.get.invalidate();
      void utils.admin.payments.raw.invalidate();
    },
  });

  if (providerPaymentId === null || providerPaymentId <= 0) return <ErrorStatusPage status={404} />;
  if (detail.isPending) return <LoadingState label={t("common.loading")} />;
  if (detail.isError) {
    if (httpStatusOf(detail.error) === 404) return <ErrorStatusPage status={404} />;
    return (
      <ErrorState
        title={t("admin.payments.loadFailed")}
        message={describeError(detail.error, { t, language }).message}
        onRetry={() => void detail.refetch()}
        retryLabel={t("common.retry")}
        retrying={detail.isFetching}
      />
    );
  }
  const payment = detail.data;
  const canAct = user ? canActOnPayments(user.role) : false;
  const money = (value: { amountMinor: number; currency: string } | null) =>
    value ? <Money {...value} locale={moneyLocaleFor(value.currency)} /> : "—";
  const left = payment.captureDeadline ? timeLeft(payment.captureDeadline, Date.now()) : null;
  const closeDialog = () => setDialog(null);

  return (
    <section>
      <p>
        <Link to="/admin/payments">{t("admin.payments.back")}</Link>
      </p>
      <PageHeading
        title={t("admin.payments.detailTitle", { id: payment.providerPaymentId })}
        actions={
          <>
            <PaymentStatusBadge status={payment.status} statusDetail={payment.statusDetail} />
            {/* A charged-back payment has a dispute: its chargebacks are one click away. */}
            {payment.status === "charged_back" ? (
              <Link to={`/admin/disputes?payment=${providerPaymentId}`} data-testid="payment-chargeback-link">
                {t("admin.payments.detail.chargebackLink")}
              </Link>
            ) : null}
          </>
        }
      />
      <ReadOnlyNotice />
      {canAct ? (
        <div className="payment-actions">
          <Button
            variant="secondary"
            busy={refresh.isPending}
            busyLabel={t("admin.payments.action.working")}
            onClick={() => refresh.mutate({ providerPaymentId: payment.providerPaymentId })}
          >
            {t("admin.payments.refresh")}
          </Button>
          {payment.refundable.amountMinor > 0 ? (
            <Button variant="danger" onClick={() => setDialog({ kind: "refund", limit: payment.refundable })}>
              {t("admin.payments.refund.open")}
            </Button>
          ) : null}
          {payment.authorized ? (
            <Button onClick={() => payment.authorized && setDialog({ kind: "capture", limit: payment.authorized })}>
              {t("admin.payments.capture.open")}
            </Button>
          ) : null}
          {["pending", "in_process", "authorized"].includes(payment.status) ? (
            <Button variant="danger" onClick={() => setDialog({ kind: "cancel", limit: payment.amount })}>
              {t("admin.payments.cancel.open")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {refresh.isError ? <Alert tone="danger">{describeError(refresh.error, { t, language }).message}</Alert> : null}
      {refresh.isSuccess ? <Alert tone="success">{t("admin.payments.refreshed")}</Alert> : null}

      <Card>
        <dl className="payment-facts">
          <dt>{t("admin.payments.col.amount")}</dt>
          <dd data-testid="payment-amount">{money(payment.amount)}</dd>
          <dt>{t("admin.payments.refunded")}</dt>
          <dd data-testid="payment-refunded">{money(payment.refunded)}</dd>
          <dt>{t("admin.payments.refundable")}</dt>
          <dd data-testid="payment-refundable">{money(payment.refundable)}</dd>
          <dt>{t("admin.payments.netReceived")}</dt>
          <dd data-testid="payment-net">{money(payment.netReceived)}</dd>
          <dt>{t("admin.payments.fees")}</dt>
          <dd data-testid="payment-fees">{money(payment.fees)}</dd>
          <dt>{t("admin.payments.captured")}</dt>
          <dd>{money(payment.captured)}</dd>
          {payment.authorized ? (
            <>
              <dt>{t("admin.payments.authorized")}</dt>
              <dd>
                {money(payment.authorized)} ·{" "}
                {left
                  ? t("admin.payments.captureLeft", { days: left.days, hours: left.hours })
                  : t("admin.payments.captureExpired")}
              </dd>
            </>
          ) : null}
          <dt>{t("admin.payments.col.method")}</dt>
          <dd>
            {words.method(payment.paymentMethodId, payment.paymentTypeId) || "—"}
            {/* One installment is a plain payment: "1 installments" said nothing and read wrong. */}
            {payment.installments && payment.installments > 1
              ? ` · ${t("admin.payments.installments", { count: payment.installments })}`
              : ""}
          </dd>
          {payment.card ? (
            <>
              <dt>{t("admin.payments.card")}</dt>
              <dd data-testid="payment-card">
                {[
                  payment.card.brand ? words.method(payment.card.brand) : null,
                  payment.card.lastFour ? `•••• ${payment.card.lastFour}` : null,
                ]
                  .filter(Boolean)
                  .join(" ")}
                {payment.card.holderName ? ` · ${payment.card.holderName}` : ""}
              </dd>
            </>
          ) : null}
          <dt>{t("admin.payments.col.created")}</dt>
          <dd>{formatDate(payment.createdAt, "dateTime")}</dd>
          <dt>{t("admin.payments.col.payer")}</dt>
          <dd>
            {[payment.payer.firstName, payment.payer.lastName].filter(Boolean).join(" ")}{" "}
            {payment.payer.email ? <PayerEmailLink email={payment.payer.email} account={payment.accountId} /> : null}
            {payment.payer.identification ? ` · ${payment.payer.identification}` : ""}
          </dd>
          <dt>{t("admin.payments.col.reference")}</dt>
          <dd>{payment.externalReference ?? "—"}</dd>
          <dt>{t("admin.payments.checkout")}</dt>
          <dd>
            {payment.checkout ? (
              <Link to={`/admin/store-orders/${payment.checkout.id}`} data-testid="payment-store-order">
                {t("admin.storeOrders.viewOrder", { number: payment.checkout.orderNumber })}
              </Link>
            ) : (
              "—"
            )}
          </dd>
          <dt>{t("admin.links.paymentLink")}</dt>
          <dd>
            {payment.preferenceId ? (
              <Link to={`/admin/links/${encodeURIComponent(payment.preferenceId)}`} data-testid="payment-link">
                {payment.preferenceId}
              </Link>
            ) : (
              "—"
            )}
          </dd>
          <dt>{t("admin.payments.col.account")}</dt>
          <dd data-testid="payment-account">
            <AccountLabel accountId={payment.accountId} />
          </dd>
          <dt>{t("admin.payments.mirrored")}</dt>
          <dd>{formatDate(payment.mirroredAt, "dateTime")}</dd>
        </dl>
      </Card>

      {payment.items.length > 0 ? (
        <>
          <h2>{t("admin.payments.items")}</h2>
          <LineItemsTable items={payment.items} />
        </>
      ) : null}

      <h2>{t("admin.payments.refunds")}</h2>
      {payment.refunds.length === 0 ? (
        <p>{t("admin.payments.noRefunds")}</p>
      ) : (
        <table className="payments-table" data-testid="payment-refunds">
          <thead>
            <tr>
              <th scope="col">{t("admin.col.date")}</th>
              <th scope="col" className="num">
                {t("admin.col.amount")}
              </th>
              <th scope="col">{t("admin.col.status")}</th>
              <th scope="col">{t("admin.col.reason")}</th>
              <th scope="col">{t("admin.col.note")}</th>
              <th scope="col">{t("admin.col.by")}</th>
            </tr>
          </thead>
          <tbody>
            {payment.refunds.map((refund) => (
              <tr key={refund.id}>
                <td>{formatDate(refund.createdAt, "dateTime")}</td>
                <td className="num">{money(refund.amount)}</td>
                <td>
                  <StatusWord code={refund.status} />
                </td>
                <td>{refund.reason ? words.refundReason(refund.reason) : ""}</td>
                <td>{refund.note ?? ""}</td>
                <td>{refund.createdByEmail ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t("admin.payments.timeline")}</h2>
      <PaymentStory createdAt={payment.createdAt} entries={payment.timeline} />

      <h2>{t("admin.payments.technicalLog")}</h2>
      <ol className="payment-timeline">
        {payment.timeline.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is rebuilt whole on each read
          <li key={index} data-kind={entry.kind}>
            <TimelineLine entry={entry} />
          </li>
        ))}
      </ol>

      <Button variant="link" aria-expanded={showRaw} onClick={() => setShowRaw((shown) => !shown)}>
        {showRaw ? t("admin.payments.hideRaw") : t("admin.payments.showRaw")}
      </Button>
      {showRaw ? <RawJson providerPaymentId={payment.providerPaymentId} /> : null}

      {canAct && dialog?.kind === "refund" ? (
        <RefundDialog providerPaymentId={payment.providerPaymentId} limit={dialog.limit} onClose={closeDialog} />
      ) : null}
      {canAct && dialog?.kind === "capture" ? (
        <CaptureDialog providerPaymentId={payment.providerPaymentId} limit={dialog.limit} onClose={closeDialog} />
      ) : null}
      {canAct && dialog?.kind === "cancel" ? (
        <CancelDialog providerPaymentId={payment.providerPaymentId} onClose={closeDialog} />
      ) : null}
    </section>
  );
}
