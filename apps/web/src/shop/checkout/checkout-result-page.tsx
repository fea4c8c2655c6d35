// `/checkout/result`: what happened to the payment. Reached after a card, Pix
// or cash payment (`?checkout_id=`), or from the provider's hosted checkout
// (`?external_reference=…&payment_id=…`). While the payment is unsettled the
// page asks again every few seconds and turns by itself when the webhook (or
// the server's polling fallback) brings the outcome.
// Never a stale state: the page shows only an answer read since it opened (or
// the payment's own answer, handed over by the checkout), and the neutral
// "checking your payment" state until it has one, so an older cached read
// (say "pending" from before the payment) never flashes before the outcome.

import { Alert, Card, EmptyState, ErrorState, LoadingState, PageHeading, QrCodeImage, StatusBadge } from "@cobro/ui";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { describePaymentOutcome } from "../../i18n/payment-status";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { describeError } from "../../shared/errors/describe-error";
import { PaymentPlanNote } from "../../shared/payments/payment-plan-note";
import { type RouterOutputs, trpc } from "../../trpc";
import { useCart } from "../cart/cart-context";
import { Price } from "../catalog/price";
import { clearStoredCheckout, readStoredCheckout, rememberReceipt, storedTokenFor } from "../checkout/checkout-session";
import { parseResultParams } from "../checkout/result-params";
import { cardSavedFromState, handoverFromState } from "../checkout/use-go-to-result";

type CheckoutResult = RouterOutputs["checkout"]["result"];

/** How often an unsettled payment is asked about again. */
export const RESULT_POLL_INTERVAL_MS = 2500;

/** Statuses that can still change without the shopper doing anything. */
// `confirming`: a payment went out and its answer is not known yet; the page follows it and never offers to pay again.
const UNSETTLED = new Set(["open", "confirming", "pending", "in_process", "authorized"]);

/** Whole minutes left until `expiresAt`, or null without a date; 0 once past. */
export function minutesLeft(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 60_000));
}

function useNow(intervalMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}

function TimeLeft({ expiresAt }: { expiresAt: string | null }) {
  const { t, formatDate } = useI18n();
  const now = useNow(30_000, expiresAt !== null);
  const minutes = minutesLeft(expiresAt, now);
  if (minutes === null || !expiresAt) return null;
  if (minutes === 0) return <p>{t("result.expired")}</p>;
  const hours = Math.floor(minutes / 60);
  const left =
    hours > 0 ? t("result.timeLeftHours", { hours, minutes: minutes % 60 }) : t("result.timeLeftMinutes", { minutes });
  return (
    <p>
      {left} <time dateTime={expiresAt}>({t("result.until", { date: formatDate(expiresAt, "dateTime") })})</time>
    </p>
  );
}

function PixInstructions({ pix, total }: { pix: NonNullable<CheckoutResult["pix"]>; total: CheckoutResult["total"] }) {
  const { t, formatMoney } = useI18n();
  return (
    <Card title={t("result.pix.title")}>
      <p>{t("result.pix.text")}</p>
      <QrCodeImage
        base64Png={pix.qrCodeBase64}
        code={pix.qrCode}
        alt={t("result.pix.alt", { amount: formatMoney(total.amountMinor, total.currency) })}
        codeLabel={t("result.pix.codeLabel")}
        copyLabel={t("result.copy")}
        copiedLabel={t("result.copied")}
        copyFailedLabel={t("result.copyFailed")}
      />
      <TimeLeft expiresAt={pix.expiresAt} />
    </Card>
  );
}

function TicketInstructions({ ticket }: { ticket: NonNullable<CheckoutResult["ticket"]> }) {
  const { t } = useI18n();
  return (
    <Card title={t("result.ticket.title")}>
      <p>{t("result.ticket.text")}</p>
      <p>
        <a className="ui-button ui-button--primary" href={ticket.url} target="_blank" rel="noopener noreferrer">
          {t("result.ticket.open")}
        </a>
      </p>
      <dl className="ui-details">
        {ticket.digitableLine ? (
          <>
            <dt>{t("result.ticket.digitableLine")}</dt>
            <dd className="ui-code">{ticket.digitableLine}</dd>
          </>
        ) : null}
        {ticket.barcode ? (
          <>
            <dt>{t("result.ticket.barcode")}</dt>
            <dd className="ui-code">{ticket.barcode}</dd>
          </>
        ) : null}
      </dl>
      <TimeLeft expiresAt={ticket.expiresAt} />
    </Card>
  );
}

/**
 * Whether the checkout's order is placed: its payment went through or was authorized, or it is a Pix or cash ticket
 * the shopper pays later (a pending card may still be declined, and then the same cart pays again).
 */
export function orderIsPlaced(result: Pick<CheckoutResult, "status" | "pix" | "ticket">): boolean {
  if (result.status === "approved" || result.status === "authorized") return true;
  return result.status === "pending" && (result.pix !== undefined || result.ticket !== undefined);
}

function ResultView({ result, polling }: { result: CheckoutResult; polling: boolean }) {
  const { t, formatDate } = useI18n();
  const location = useLocation();
  const cardSaved = result.cardSaved ?? cardSavedFromState(location.state);
  const outcome = describePaymentOutcome(result.status, result.reason ?? result.statusDetail);
  const rejected = result.status === "rejected";
  const titleKey = rejected
    ? "result.title.rejected"
    : result.status === "approved"
      ? "result.title.approved"
      : result.status === "authorized"
        ? "result.title.authorized"
        : result.status === "cancelled"
          ? "result.title.cancelled"
          : result.status === "refunded"
            ? "result.title.refunded"
            : result.status === "confirming"
              ? "result.title.confirming"
              : "result.title.pending";
  return (
    <>
      <section className="ui-result" aria-labelledby="result-title">
        <p>
          <StatusBadge tone={outcome.tone}>{t(outcome.statusKey)}</StatusBadge>
        </p>
        <h2 id="result-title" className="ui-result__title">
          {t(titleKey)}
        </h2>
        <p className="ui-result__detail">{t(outcome.detailKey)}</p>
        {outcome.nextKey ? <p>{t(outcome.nextKey)}</p> : null}
        {polling ? (
          <p className="ui-result__polling" role="status">
            {t("result.polling")}
          </p>
        ) : null}
        {rejected ? (
          <p>
            <Link className="ui-button ui-button--primary" to="/checkout">
              {t("result.tryAnotherCard")}
            </Link>
          </p>
        ) : null}
      </section>
      {result.pix && UNSETTLED.has(result.status) ? <PixInstructions pix={result.pix} total={result.total} /> : null}
      {result.ticket && UNSETTLED.has(result.status) ? <TicketInstructions ticket={result.ticket} /> : null}
      <Card title={t("result.summary.title")}>
        <dl className="ui-details">
          <dt>{t("result.summary.total")}</dt>
          <dd>
            <Price money={result.total} />
            <PaymentPlanNote plan={result.plan} status={result.status} />
          </dd>
          {result.refunded.amountMinor > 0 ? (
            <>
              <dt>{t("result.summary.refunded")}</dt>
              <dd>
                <Price money={result.refunded} />
              </dd>
            </>
          ) : null}
          {result.paymentId !== null ? (
            <>
              <dt>{t("result.summary.paymentId")}</dt>
              <dd>{result.paymentId}</dd>
            </>
          ) : null}
          <dt>{t("result.summary.order")}</dt>
          <dd>{t("order.number", { number: result.orderNumber })}</dd>
          <dt>{t("result.summary.updated")}</dt>
          <dd>
            <time dateTime={result.updatedAt}>{formatDate(result.updatedAt, "dateTime")}</time>
          </dd>
        </dl>
        {cardSaved === true ? <Alert tone="success">{t("result.cardSaved")}</Alert> : null}
        {cardSaved === false ? <Alert tone="info">{t("result.cardNotSaved")}</Alert> : null}
        <p>
          <Link to="/">{t("common.backToStore")}</Link>
        </p>
      </Card>
    </>
  );
}

export function CheckoutResultPage() {
  const { t, language } = useI18n();
  const cart = useCart();
  const [search] = useSearchParams();
  const location = useLocation();
  useDocumentTitle(t("page.checkoutResult.title"));
  const stored = useMemo(() => readStoredCheckout(), []);
  const lookup = useMemo(() => parseResultParams(search, stored), [search, stored]);
  // After the provider's redirect was checked once, keep asking by checkout id (cheaper, and the redirect's
  // payment id may be an earlier attempt).
  const [resolvedId, setResolvedId] = useState<string | null>(null);

  const input =
    lookup.kind === "redirect" && resolvedId === null
      ? {
          externalReference: lookup.externalReference,
          paymentId: lookup.paymentId,
          checkoutToken: storedTokenFor(lookup.externalReference, stored),
        }
      : lookup.kind === "none"
        ? null
        : (() => {
            const checkoutId =
              resolvedId ?? (lookup.kind === "checkout" ? lookup.checkoutId : lookup.externalReference);
            return { checkoutId, checkoutToken: storedTokenFor(checkoutId, stored) };
          })();

  const result = trpc.checkout.result.useQuery(input ?? { checkoutId: "" }, {
    enabled: input !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && UNSETTLED.has(query.state.data.status) ? RESULT_POLL_INTERVAL_MS : false,
    // Keep showing the last answer while the input switches from the redirect to the checkout id.
    placeholderData: (previous) => previous,
  });

  // What may be shown: a read made since this page opened, else the payment's answer the checkout handed over.
  // A cached read from before (the payment step's "open") is never shown; the last shown answer stays up while
  // the input switches from the redirect to the checkout id.
  const handover = useMemo(
    () => handoverFromState(location.state, lookup.kind === "checkout" ? lookup.checkoutId : null),
    [location.state, lookup],
  );
  const fresh = result.isFetchedAfterMount && !result.isPlaceholderData ? result.data : undefined;
  const lastShown = useRef<CheckoutResult | undefined>(undefined);
  lastShown.current = fresh ?? lastShown.current ?? handover?.paid;
  const data = lastShown.current;

  // The handed-over answer is good only right after paying: once a fresh read is in, drop it from the history
  // entry (keeping `cardSaved`), so a reload or a visit back later starts from "checking" again, never from it.
  const navigate = useNavigate();
  useEffect(() => {
    if (fresh === undefined || handover === null) return;
    const state = handover.cardSaved === undefined ? null : { cardSaved: handover.cardSaved };
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state });
  }, [fresh, handover, navigate, location.pathname, location.search]);
  useEffect(() => {
    if (lookup.kind === "redirect" && data && resolvedId === null) setResolvedId(data.checkoutId);
  }, [lookup.kind, data, resolvedId]);

  // The order has its payment (approved, authorized, or a Pix or cash ticket waiting to be paid): empty the cart and
  // forget the checkout (once), so the next order holds only what is added next.
  const cleared = useRef(false);
  const { clear } = cart;
  useEffect(() => {
    if (data && orderIsPlaced(data) && !cleared.current) {
      cleared.current = true;
      clear();
      const current = readStoredCheckout();
      if (current?.checkoutId === data.checkoutId) {
        rememberReceipt(current.checkoutId, current.checkoutToken);
        clearStoredCheckout();
      }
    }
  }, [data, clear]);

  const heading = <PageHeading title={t("page.checkoutResult.title")} />;
  if (input === null) {
    return (
      <>
        {heading}
        <EmptyState
          title={t("result.none.title")}
          description={t("result.none.text")}
          action={<Link to="/">{t("common.backToStore")}</Link>}
        />
      </>
    );
  }
  if (!data && (result.isPending || result.isFetching)) {
    return (
      <>
        {heading}
        <LoadingState label={t("result.loading")} />
      </>
    );
  }
  if (result.isError && !data) {
    const described = describeError(result.error, { t, language });
    return (
      <>
        {heading}
        <ErrorState
          title={t("result.failed")}
          message={described.message}
          onRetry={described.httpStatus === 404 ? undefined : () => void result.refetch()}
          retryLabel={t("common.retry")}
          retrying={result.isFetching}
          retryingLabel={t("common.retrying")}
        />
        <p>
          <Link to="/">{t("common.backToStore")}</Link>
        </p>
      </>
    );
  }
  if (!data) return heading;
  return (
    <>
      {heading}
      <ResultView result={data} polling={UNSETTLED.has(data.status)} />
    </>
  );
}
