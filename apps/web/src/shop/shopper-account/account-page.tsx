// `/account`: the signed-in shopper's orders, saved cards and subscriptions.
// Visitors are sent to sign in first and come back here afterwards.

import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  LoadingState,
  PageHeading,
  Pagination,
  StatusBadge,
  type Tone,
} from "@cobro/ui";
import { useState } from "react";
import { Link, Navigate } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { useCurrentUser } from "../../shared/components/app-layout";
import { PaymentStatusBadge } from "../../shared/components/payment-status-badge";
import { QueryList } from "../../shared/components/query-list";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { describeError } from "../../shared/errors/describe-error";
import { CardForm, type CardFormSubmission } from "../../shared/payments/card-form";
import { PaymentPlanNote } from "../../shared/payments/payment-plan-note";
import { type RouterOutputs, trpc } from "../../trpc";
import { signInPathFor } from "../auth/safe-next";
import { VerifyEmailBanner } from "../auth/verify-email-banner";
import { Price } from "../catalog/price";
import { resultPathFor } from "../checkout/result-params";
import { describeFrequency } from "../plans/plan-frequency";
import { subscriptionStatusKey } from "../plans/plan-page";
import { SubscriptionCharges } from "../plans/subscription-charges";

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

  return (
    <Card title={t("account.orders.title")}>
      <QueryList
        query={orders}
        items={orders.data?.pages.flatMap((page) => page.items)}
        // Orders already shown stay when "load more" fails.
        failed={orders.isError && !orders.data}
        loadingLabel={t("account.orders.loading")}
        failedTitle={t("account.orders.failed")}
        headingLevel={3}
        empty={{
          title: t("account.orders.empty.title"),
          description: t("account.orders.empty.text"),
          action: <Link to="/">{t("common.backToStore")}</Link>,
        }}
      >
        {(items) => (
          <>
            <ul className="ui-order-list">
              {items.map((order) => (
                <li key={order.checkoutId} className="ui-order">
                  <div className="ui-order__head">
                    <span className="ui-order__number">{t("order.number", { number: order.orderNumber })}</span>
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
                  <PaymentPlanNote plan={order.plan} status={order.status} />
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
              status={tPlural(
                { one: "account.orders.showing.one", other: "account.orders.showing.other" },
                items.length,
              )}
            />
          </>
        )}
      </QueryList>
    </Card>
  );
}

/** What became of the last action of a section ("Card removed", or why it failed). */
type Outcome = { tone: Tone; message: string };

function OutcomeAlert({ outcome, onDismiss }: { outcome: Outcome | null; onDismiss: () => void }) {
  const { t } = useI18n();
  if (!outcome) return null;
  return (
    <Alert tone={outcome.tone} onDismiss={onDismiss} dismissLabel={t("common.close")}>
      {outcome.message}
    </Alert>
  );
}

function CardsSection() {
  const { t, language } = useI18n();
  const utils = trpc.useUtils();
  const cards = trpc.account.cards.list.useQuery();
  const remove = trpc.account.cards.remove.useMutation();
  const [pending, setPending] = useState<SavedCard | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [adding, setAdding] = useState(false);
  const add = trpc.account.cards.add.useMutation();

  /** Saves the card the secure fields tokenized; a failure is shown by the card form. */
  const addCard = async (submission: CardFormSubmission) => {
    const saved = await add.mutateAsync({ cardToken: submission.cardToken });
    setAdding(false);
    setOutcome({
      tone: "success",
      message: t("account.cards.added", { brand: saved.brand, lastFour: saved.lastFour }),
    });
    await utils.account.cards.list.invalidate();
  };

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

  return (
    <Card title={t("account.cards.title")}>
      <OutcomeAlert outcome={outcome} onDismiss={() => setOutcome(null)} />
      <QueryList
        query={cards}
        items={cards.data}
        loadingLabel={t("account.cards.loading")}
        failedTitle={t("account.cards.failed")}
        headingLevel={3}
        empty={{ title: t("account.cards.empty.title"), description: t("account.cards.empty.text") }}
      >
        {(items) => (
          <ul className="ui-saved-cards">
            {items.map((card) => (
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
        )}
      </QueryList>
      {adding ? (
        <section aria-labelledby="add-card-title" className="ui-add-card">
          <h3 id="add-card-title">{t("account.cards.addTitle")}</h3>
          <CardForm
            idPrefix="add-card"
            requireBrand={false}
            submitLabel={t("account.cards.addSubmit")}
            busyLabel={t("account.cards.adding")}
            onSubmit={addCard}
          />
          <Button variant="secondary" onClick={() => setAdding(false)}>
            {t("account.cards.addCancel")}
          </Button>
        </section>
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {t("account.cards.add")}
        </Button>
      )}
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

/** The action that toggles a live subscription, and the words of its button while it runs. */
const TOGGLES = {
  authorized: { action: "pause", busyKey: "account.subscriptions.pausing" },
  paused: { action: "resume", busyKey: "account.subscriptions.resuming" },
} as const;

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
  const [outcome, setOutcome] = useState<Outcome | null>(null);

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

  return (
    <Card title={t("account.subscriptions.title")}>
      <OutcomeAlert outcome={outcome} onDismiss={() => setOutcome(null)} />
      <QueryList
        query={subscriptions}
        items={subscriptions.data}
        loadingLabel={t("account.subscriptions.loading")}
        failedTitle={t("account.subscriptions.failed")}
        headingLevel={3}
        empty={{
          title: t("account.subscriptions.empty.title"),
          description: t("account.subscriptions.empty.text"),
          action: <Link to="/plans">{t("account.subscriptions.browse")}</Link>,
        }}
      >
        {(items) => (
          <ul className="ui-subscriptions">
            {items.map((subscription) => {
              const status = subscriptionStatusKey(subscription.status);
              const name = subscription.reason ?? t("account.subscriptions.unnamed");
              const toggle = status === "authorized" || status === "paused" ? TOGGLES[status] : null;
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
                  <SubscriptionCharges subscriptionId={subscription.id} name={name} />
                  {status !== "cancelled" ? (
                    <div className="ui-actions">
                      {toggle ? (
                        <Button
                          variant="secondary"
                          size="sm"
                          busy={working?.id === subscription.id && working.action === toggle.action}
                          busyLabel={t(toggle.busyKey)}
                          disabled={working !== null}
                          aria-label={`${t(`account.subscriptions.${toggle.action}`)}: ${name}`}
                          onClick={() => void run(subscription, toggle.action)}
                        >
                          {t(`account.subscriptions.${toggle.action}`)}
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
        )}
      </QueryList>
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
      <VerifyEmailBanner />
      <OrdersSection />
      <SubscriptionsSection />
      <CardsSection />
    </>
  );
}
