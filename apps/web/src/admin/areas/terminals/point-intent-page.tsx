// /admin/terminals/intents/:id: one charge on a terminal, followed live over server-sent events
// (`admin.terminals.intentUpdates`: the server sends the charge at once and on every change it sees in the
// database, whichever server instance processed the `point_integration_wh` notification, and ends the stream on a
// final state; the browser reconnects by itself after a drop). Where the stream is unavailable (no EventSource, or
// it fails), the page falls back to re-reading the charge every 2 seconds. It goes through OPEN → ON_TERMINAL → PROCESSING → FINISHED / CANCELED /
// ERROR / ABANDONED; the resulting payment links to Payments. Operators cancel a queued charge (confirmation);
// provider: once it is on the terminal it can only be cancelled there.
import { Alert, Button, ConfirmDialog, ErrorState, LoadingState, Money, PageHeading, Spinner } from "@cobro/ui";
import { useCallback, useState } from "react";
import { Link, useParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryErrorState } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { describeError } from "../../../shared/errors/describe-error";
import { type RouterOutputs, trpc } from "../../../trpc";
import { canFollowLive, installLiveLink } from "../../live-link";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { IntentStateBadge, stateKey, useCheckoutStatusLabel } from "./terminal-words";

/** How often the page re-reads a charge that is not final, when it cannot follow the stream. */
export const INTENT_POLL_MS = 2_000;

installLiveLink();

type PointIntent = RouterOutputs["admin"]["terminals"]["intent"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function PointIntentPage() {
  const { id = "" } = useParams();
  const { t, language, formatDate } = useI18n();
  useDocumentTitle(t("admin.terminals.intent.title"));
  const canAct = useCanAct("operator");
  const checkoutLabel = useCheckoutStatusLabel();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const utils = trpc.useUtils();
  // Live unless the browser cannot stream or the stream failed for a reason other than a refusal.
  const [streamFailed, setStreamFailed] = useState(!canFollowLive());
  const live = UUID.test(id) && !streamFailed;
  const onStreamData = useCallback(
    (data: PointIntent) => utils.admin.terminals.intent.setData({ id }, data),
    [utils, id],
  );
  trpc.admin.terminals.intentUpdates.useSubscription(
    { id },
    {
      enabled: live,
      onData: onStreamData,
      // A refusal (signed out, not allowed, not found) is shown by the query below; anything else: poll.
      onError: () => setStreamFailed(true),
    },
  );
  const intent = trpc.admin.terminals.intent.useQuery(
    { id },
    {
      // While streaming, the stream fills this query; it is read directly only when polling.
      enabled: UUID.test(id) && !live,
      refetchInterval: (query) => (query.state.data && !query.state.data.final ? INTENT_POLL_MS : false),
    },
  );
  const lastEvent = trpc.admin.terminals.intentStatus.useQuery({ id }, { enabled: false, retry: false });
  const resend = trpc.admin.terminals.resendIntent.useMutation({
    onSuccess: (data) => utils.admin.terminals.intent.setData({ id }, data),
  });
  const cancel = trpc.admin.terminals.cancelIntent.useMutation({
    onSuccess: (data) => {
      utils.admin.terminals.intent.setData({ id }, data);
      setConfirmCancel(false);
    },
    onError: () => {
      setConfirmCancel(false);
      void intent.refetch();
    },
  });

  if (!UUID.test(id)) return <ErrorState title={t("admin.terminals.intent.failed")} />;
  if (intent.isPending) return <LoadingState label={t("admin.terminals.intent.loading")} />;
  // A failed read says why and offers to try again, like every other page's.
  if (intent.isError) return <QueryErrorState title={t("admin.terminals.intent.failed")} query={intent} />;
  const data = intent.data;
  const cancellable = data.intentId !== null && (data.state === null || data.state === "OPEN");
  const who =
    data.installmentsCost === "buyer"
      ? t("admin.terminals.charge.cost.buyer")
      : t("admin.terminals.charge.cost.seller");
  const lastKey = lastEvent.data ? stateKey(lastEvent.data.status) : null;

  return (
    <>
      <p>
        <Link to={`/admin/terminals/${encodeURIComponent(data.deviceId)}`}>{data.deviceId}</Link>
      </p>
      <PageHeading
        title={t("admin.terminals.intent.title")}
        actions={
          canAct && cancellable ? (
            <Button variant="danger" onClick={() => setConfirmCancel(true)}>
              {t("admin.terminals.intent.cancel")}
            </Button>
          ) : null
        }
      />
      <ReadOnlyNotice />
      <div className="terminal-state-live" aria-live="polite" data-testid="intent-state">
        <IntentStateBadge intent={data} />
        {!data.final && data.requestStatus === "succeeded" ? (
          <>
            <Spinner size="sm" />
            <span>{t("admin.terminals.intent.live")}</span>
          </>
        ) : null}
      </div>
      {data.requestStatus === "unknown" || data.requestStatus === "pending" ? (
        <Alert tone="warning" title={t("admin.terminals.intent.unknown")}>
          <p>{t("admin.terminals.intent.resendHint")}</p>
          {canAct ? (
            <Button
              variant="secondary"
              disabled={resend.isPending}
              onClick={() => {
                if (!resend.isPending) resend.mutate({ id });
              }}
            >
              {t("admin.terminals.intent.resend")}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {resend.isError ? <Alert tone="danger">{describeError(resend.error, { t, language }).message}</Alert> : null}
      {data.state === "FINISHED" ? (
        <Alert tone={data.paymentStatus === "approved" ? "success" : "warning"}>
          {data.paymentStatus === "approved"
            ? t("admin.terminals.intent.finishedApproved")
            : t("admin.terminals.intent.finishedOther")}
        </Alert>
      ) : null}
      {data.final && data.state !== "FINISHED" && data.paymentId === null ? (
        <Alert tone="info">{t("admin.terminals.intent.endedWithout")}</Alert>
      ) : null}
      {cancel.isError ? <Alert tone="danger">{describeError(cancel.error, { t, language }).message}</Alert> : null}
      {cancel.isSuccess ? <Alert tone="success">{t("admin.terminals.intent.canceled")}</Alert> : null}
      {cancellable || data.state === "ON_TERMINAL" ? (
        <p className="terminal-rule">{t("admin.terminals.intent.cancelRule")}</p>
      ) : null}
      <dl className="admin-facts">
        <div>
          <dt>{t("admin.terminals.intent.amount")}</dt>
          <dd>
            <Money amountMinor={data.amount.amountMinor} currency={data.amount.currency} />
          </dd>
        </div>
        <div>
          <dt>{t("admin.terminals.intent.payment")}</dt>
          <dd data-testid="intent-payment">
            {data.paymentId ? (
              <Link to={`/admin/payments/${data.paymentId}`}>
                {t("admin.terminals.intent.openPayment", { id: data.paymentId, status: data.paymentStatus ?? "" })}
              </Link>
            ) : (
              t("admin.terminals.intent.noPayment")
            )}
          </dd>
        </div>
        {data.checkoutId ? (
          <div>
            <dt>{t("admin.terminals.intent.checkout")}</dt>
            <dd data-testid="intent-checkout">
              {t("admin.terminals.intent.checkoutValue", {
                id: data.checkoutId,
                status: checkoutLabel(data.checkoutStatus),
              })}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("admin.terminals.intent.device")}</dt>
          <dd className="admin-mono">{data.deviceId}</dd>
        </div>
        <div>
          <dt>{t("admin.terminals.intent.description")}</dt>
          <dd>{data.description ?? ""}</dd>
        </div>
        <div>
          <dt>{t("admin.terminals.intent.installments")}</dt>
          <dd>{t("admin.terminals.intent.installmentsValue", { count: data.installments, who })}</dd>
        </div>
        <div>
          <dt>{t("admin.terminals.intent.print")}</dt>
          <dd>{data.printOnTerminal ? t("admin.terminals.intent.yes") : t("admin.terminals.intent.no")}</dd>
        </div>
        <div>
          <dt>{t("admin.terminals.intent.reference")}</dt>
          <dd>{data.externalReference ?? ""}</dd>
        </div>
        <div>
          <dt>{t("admin.terminals.intent.id")}</dt>
          <dd className="admin-mono">{data.intentId ?? ""}</dd>
        </div>
        <div>
          <dt>{t("admin.terminals.intent.created")}</dt>
          <dd>{formatDate(data.createdAt, "dateTime")}</dd>
        </div>
        <div>
          <dt>{t("admin.terminals.intent.lastEvent")}</dt>
          <dd>
            {lastEvent.data ? (
              t("admin.terminals.intent.lastEventValue", {
                status: lastKey ? t(lastKey) : lastEvent.data.status,
                at: lastEvent.data.createdOn ? formatDate(lastEvent.data.createdOn, "dateTime") : "",
              })
            ) : data.intentId ? (
              <Button variant="secondary" onClick={() => void lastEvent.refetch()} disabled={lastEvent.isFetching}>
                {t("admin.terminals.intent.refreshEvent")}
              </Button>
            ) : (
              ""
            )}
          </dd>
        </div>
      </dl>
      {confirmCancel ? (
        <ConfirmDialog
          open
          title={t("admin.terminals.intent.cancelTitle")}
          confirmLabel={t("admin.terminals.intent.cancelConfirm")}
          cancelLabel={t("admin.terminals.intent.cancelKeep")}
          busy={cancel.isPending}
          busyLabel={t("admin.terminals.working")}
          onConfirm={() => {
            if (!cancel.isPending) cancel.mutate({ id });
          }}
          onCancel={() => setConfirmCancel(false)}
        >
          <p>{t("admin.terminals.intent.cancelRule")}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
