// `/account`: the signed-in shopper's orders, saved cards and subscriptions.
// Visitors are sent to sign in first and come back here afterwards.
import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeading,
  Pagination,
  StatusBadge,
  type Tone,
} from "@cobro/ui";
import { useState } from "react";
import { Link, Navigate } from "react-router";
import { signInPathFor } from "../auth/safe-next";
import { resultPathFor } from "../checkout/result-params";
import { useCurrentUser } from "../components/app-layout";
import { PaymentStatusBadge } from "../components/payment-status-badge";
import { describeFrequency } from "../components/plan-frequency";
import { Price } from "../components/price";
import { useDocumentTitle } from "../components/use-document-title";
import { describeError } from "../errors/describe-error";
import { useI18n } from "../i18n/i18n-context";
import { type RouterOutputs, trpc } from "../trpc";
import { subscriptionStatusKey } from "./plan-page";

type SavedCard = RouterOutputs["account"]["cards"]["list"][number];
type Subscription = RouterOutputs["account"]["subscriptions"]["list"][number];

/** Orders per page of the list. */
export const ORDERS_PAGE_SIZE = 10;

const SUBSCRIPTION_TONES: Readonly<Record<ReturnType<typeof subscriptionStatusKey>, Tone>> = {
  authorized: "success",
  paused: "warning",
  cancelled: "neutral",
  pending: "info",
};

function OrdersSection() {
  const { t, tPlural, language, formatDate } = useI18n();
  const orders = trpc.account.orders.useInfiniteQuery(
    { limit: ORDERS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );

  let body: React.ReactNode;
  if (orders.isPending) body = <LoadingState label={t("account.orders.loading")} />;
  else if (orders.isError && !orders.data) {
    body = (
      <ErrorState
        headingLevel={3}
        title={t("account.orders.failed")}
        message={describeError(orders.error, { t, language }).message}
        onRetry={() => void orders.refetch()}
        retryLabel={t("common.retry")}
        retrying={orders.isRefetching}
        retryingLabel={t("common.retrying")}
      />
    );
  } else {
    const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
    body =
      items.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t("account.orders.empty.title")}
          description={t("account.orders.empty.text")}
          action={<Link to="/">{t("common.backToStore")}</Link>}
        />
      ) : (
        <>
          <ul className="ui-order-list">
            {items.map((order) => (
              <li key={order.checkoutId} className="ui-order">
                <div className="ui-order__head">
                  <time dateTime={order.createdAt}>{formatDate(order.createdAt, "dateTime")}</time>
                  <PaymentStatusBadge status={order.status} statusDetail={order.statusDetail} />
                </div>
                <ul className="ui-line-items">
                  {order.items.map((line, index) => (
                    // Lines have no id of their own; their position in the order is stable.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <li key={index}>
                      <span>{t("checkout.line", { quantity: line.quantity, name: line.name })}</span>
                      <Price
                        money={{
                          amountMinor: line.unitPrice.amountMinor * line.quantity,
                          currency: line.unitPrice.currency,
                        }}
                      />
                    </li>
                  ))}
                </ul>
                <p className="ui-order__total">
                  <span>{t("cart.total")}</span> <Price money={order.total} />
                </p>
                {order.refunded.amountMinor > 0 ? (
                  <p className="ui-order__refund">
                    {t("account.orders.refunded")} <Price money={order.refunded} />
                  </p>
                ) : null}
                <Link to={resultPathFor(order.checkoutId)}>{t("account.orders.details")}</Link>
              </li>
            ))}
          </ul>
          {orders.isFetchNextPageError ? (
            <Alert tone="danger">{describeError(orders.error, { t, language }).message}</Alert>
          ) : null}
          <Pagination
            hasMore={orders.hasNextPage}
            loading={orders.isFetchingNextPage}
            onLoadMore={() => void orders.fetchNextPage()}
            loadMoreLabel={t("common.loadMore")}
            loadingLabel={t("common.loadingMore")}
            status={tPlural({ one: "account.orders.showing.one", other: "account.orders.showing.other" }, items.length)}
          />
        </>
      );
  }
  return <Card title={t("account.orders.title")}>{body}</Card>;
}

function CardsSection() {
  const { t, language } = useI18n();
  const utils = trpc.useUtils();
  const cards = trpc.account.cards.list.useQuery();
  const remove = trpc.account.cards.remove.useMutation();
  const [pending, setPending] = useState<SavedCard | null>(null);
  const [outcome, setOutcome] = useState<{ tone: Tone; message: string } | null>(null);

  const confirmRemove = async () => {
    if (!pending || remove.isPending) return;
    try {
      await remove.mutateAsync({ cardId: pending.id });
      setOutcome({ tone: "success", message: t("account.cards.removed", { lastFour: pending.lastFour }) });
      await utils.account.cards.list.invalidate();
    } catch (error) {
      setOutcome({ tone: "danger", message: describeError(error, { t, language }).message });
    } finally {
      setPending(null);
    }
  };

  let body: React.ReactNode;
  if (cards.isPending) body = <LoadingState label={t("account.cards.loading")} />;
  else if (cards.isError) {
    body = (
      <ErrorState
        headingLevel={3}
        title={t("account.cards.failed")}
        message={describeError(cards.error, { t, language }).message}
        onRetry={() => void cards.refetch()}
        retryLabel={t("common.retry")}
        retrying={cards.isRefetching}
        retryingLabel={t("common.retrying")}
      />
    );
  } else if (cards.data.length === 0) {
    body = (
      <EmptyState headingLevel={3} title={t("account.cards.empty.title")} description={t("account.cards.empty.text")} />
    );
  } else {
    body = (
      <ul className="ui-saved-cards">
        {cards.data.map((card) => (
          <li key={card.id} className="ui-saved-card">
            <div>
              <p className="ui-saved-card__name">
                {t("account.cards.ending", { brand: card.brand, lastFour: card.lastFour })}
              </p>
              {card.expirationMonth !== null && card.expirationYear !== null ? (
                <p className="ui-saved-card__meta">
                  {t("account.cards.expires", {
                    date: `${String(card.expirationMonth).padStart(2, "0")}/${String(card.expirationYear).slice(-2)}`,
                  })}
                </p>
              ) : null}
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`${t("common.remove")}: ${t("account.cards.ending", { brand: card.brand, lastFour: card.lastFour })}`}
              onClick={() => setPending(card)}
            >
              {t("common.remove")}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card title={t("account.cards.title")}>
      {outcome ? (
        <Alert tone={outcome.tone} onDismiss={() => setOutcome(null)} dismissLabel={t("common.close")}>
          {outcome.message}
        </Alert>
      ) : null}
      {body}
      <ConfirmDialog
        open={pending !== null}
        title={t("account.cards.confirm.title")}
        confirmLabel={t("account.cards.confirm.confirm")}
        cancelLabel={t("account.cards.confirm.cancel")}
        busy={remove.isPending}
        busyLabel={t("account.cards.removing")}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setPending(null)}
      >
        <p>{pending ? t("account.cards.confirm.text", { brand: pending.brand, lastFour: pending.lastFour }) : null}</p>
      </ConfirmDialog>
    </Card>
  );
}

type SubscriptionAction = "pause" | "resume" | "cancel";

function SubscriptionsSection() {
  const i18n = useI18n();
  const { t, language, formatDate } = i18n;
  const utils = trpc.useUtils();
  const subscriptions = trpc.account.subscriptions.list.useQuery();
  const pause = trpc.account.subscriptions.pause.useMutation();
  const resume = trpc.account.subscriptions.resume.useMutation();
  const cancel = trpc.account.subscriptions.cancel.useMutation();
  const [confirming, setConfirming] = useState<Subscription | null>(null);
  const [working, setWorking] = useState<{ id: string; action: SubscriptionAction } | null>(null);
  const [outcome, setOutcome] = useState<{ tone: Tone; message: string } | null>(null);

  const run = async (subscription: Subscription, action: SubscriptionAction) => {
    if (working) return;
    setWorking({ id: subscription.id, action });
    setOutcome(null);
    try {
      const mutation = action === "pause" ? pause : action === "resume" ? resume : cancel;
      const updated = await mutation.mutateAsync({ id: subscription.id });
      utils.account.subscriptions.list.setData(undefined, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      setOutcome({
        tone: "success",
        message: t(`account.subscriptions.done.${action}`, {
          name: subscription.reason ?? t("account.subscriptions.unnamed"),
        }),
      });
      await utils.account.subscriptions.list.invalidate();
    } catch (error) {
      setOutcome({ tone: "danger", message: describeError(error, { t, language }).message });
    } finally {
      setWorking(null);
      setConfirming(null);
    }
  };

  let body: React.ReactNode;
  if (subscriptions.isPending) body = <LoadingState label={t("account.subscriptions.loading")} />;
  else if (subscriptions.isError) {
    body = (
      <ErrorState
        headingLevel={3}
        title={t("account.subscriptions.failed")}
        message={describeError(subscriptions.error, { t, language }).message}
        onRetry={() => void subscriptions.refetch()}
        retryLabel={t("common.retry")}
        retrying={subscriptions.isRefetching}
        retryingLabel={t("common.retrying")}
      />
    );
  } else if (subscriptions.data.length === 0) {
    body = (
      <EmptyState
        headingLevel={3}
        title={t("account.subscriptions.empty.title")}
        description={t("account.subscriptions.empty.text")}
        action={<Link to="/plans">{t("account.subscriptions.browse")}</Link>}
      />
    );
  } else {
    body = (
      <ul className="ui-subscriptions">
        {subscriptions.data.map((subscription) => {
          const status = subscriptionStatusKey(subscription.status);
          const name = subscription.reason ?? t("account.subscriptions.unnamed");
          const busy = (action: SubscriptionAction) => working?.id === subscription.id && working.action === action;
          return (
            <li key={subscription.id} className="ui-subscription">
              <div className="ui-order__head">
                <h3 className="ui-subscription__name">{name}</h3>
                <StatusBadge tone={SUBSCRIPTION_TONES[status]}>{t(`subscription.status.${status}`)}</StatusBadge>
              </div>
              <p>
                <Price money={subscription.amount} />{" "}
                {subscription.frequency !== null && subscription.frequencyType !== null
                  ? describeFrequency(i18n, subscription.frequency, subscription.frequencyType)
                  : null}
              </p>
              {subscription.nextPaymentDate && status === "authorized" ? (
                <p>
                  {t("account.subscriptions.next")}{" "}
                  <time dateTime={subscription.nextPaymentDate}>{formatDate(subscription.nextPaymentDate)}</time>
                </p>
              ) : null}
              {status !== "cancelled" ? (
                <div className="ui-actions">
                  {status === "authorized" ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      busy={busy("pause")}
                      busyLabel={t("account.subscriptions.pausing")}
                      disabled={working !== null}
                      aria-label={`${t("account.subscriptions.pause")}: ${name}`}
                      onClick={() => void run(subscription, "pause")}
                    >
                      {t("account.subscriptions.pause")}
                    </Button>
                  ) : null}
                  {status === "paused" ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      busy={busy("resume")}
                      busyLabel={t("account.subscriptions.resuming")}
                      disabled={working !== null}
                      aria-label={`${t("account.subscriptions.resume")}: ${name}`}
                      onClick={() => void run(subscription, "resume")}
                    >
                      {t("account.subscriptions.resume")}
                    </Button>
                  ) : null}
                  <Button
                    variant="danger"
                    size="sm"
                    disabled={working !== null}
                    aria-label={`${t("account.subscriptions.cancel")}: ${name}`}
                    onClick={() => setConfirming(subscription)}
                  >
                    {t("account.subscriptions.cancel")}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Card title={t("account.subscriptions.title")}>
      {outcome ? (
        <Alert tone={outcome.tone} onDismiss={() => setOutcome(null)} dismissLabel={t("common.close")}>
          {outcome.message}
        </Alert>
      ) : null}
      {body}
      <ConfirmDialog
        open={confirming !== null}
        title={t("account.subscriptions.confirm.title")}
        confirmLabel={t("account.subscriptions.confirm.confirm")}
        cancelLabel={t("account.subscriptions.confirm.cancel")}
        busy={working?.action === "cancel"}
        busyLabel={t("account.subscriptions.cancelling")}
        onConfirm={() => {
          if (confirming) void run(confirming, "cancel");
        }}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {confirming
            ? t("account.subscriptions.confirm.text", {
                name: confirming.reason ?? t("account.subscriptions.unnamed"),
              })
            : null}
        </p>
      </ConfirmDialog>
    </Card>
  );
}

export function AccountPage() {
  const { t } = useI18n();
  useDocumentTitle(t("page.account.title"));
  const { user, loading } = useCurrentUser();

  if (loading) {
    return (
      <>
        <PageHeading title={t("page.account.title")} />
        <LoadingState label={t("common.loading")} />
      </>
    );
  }
  if (!user) return <Navigate to={signInPathFor("/account")} replace />;

  return (
    <>
      <PageHeading
        title={t("page.account.title")}
        description={t("account.signedInAs", { name: user.name, email: user.email })}
      />
      <OrdersSection />
      <SubscriptionsSection />
      <CardsSection />
    </>
  );
}
