// /admin/subscriptions/:subscriptionId: one subscription — its payer, plan, amount and next charge date, and every
// charge Mercado Pago made for it (a failed one shows the provider's reason and its retries; each links the payment it
// produced). Operators pause, resume or cancel it, each confirmed first (cancelling cannot be undone), also on a
// connected seller's subscription (sent to that seller's account).
import type { AdminSubscriptionDetail, SubscriptionAction } from "@cobro/contracts";
import { Alert, Button, ConfirmDialog, LoadingState, PageHeading } from "@cobro/ui";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { MessageKey } from "../../../i18n/dictionary";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryErrorState } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { connectionInUrl } from "../../components/account-filter";
import { type Outcome, OutcomeAlert } from "../admin-outcome";
import { PayerEmailLink } from "../customers/customer-by-email-page";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { ChangeAmountDialog, ChangeCardPanel } from "./subscription-change-dialogs";
import { ChargeCells, SubscriptionStatusBadge } from "./subscription-status";

const ACTION_WORDS: Record<
  SubscriptionAction,
  { button: MessageKey; title: MessageKey; body: MessageKey; done: MessageKey }
> = {
  pause: {
    button: "admin.subscriptions.pause",
    title: "admin.subscriptions.pause.title",
    body: "admin.subscriptions.pause.body",
    done: "admin.subscriptions.pause.done",
  },
  resume: {
    button: "admin.subscriptions.resume",
    title: "admin.subscriptions.resume.title",
    body: "admin.subscriptions.resume.body",
    done: "admin.subscriptions.resume.done",
  },
  cancel: {
    button: "admin.subscriptions.cancelSubscription",
    title: "admin.subscriptions.cancelSubscription.title",
    body: "admin.subscriptions.cancelSubscription.body",
    done: "admin.subscriptions.cancelSubscription.done",
  },
};

/** The connected seller a subscription belongs to (its changes go to that account); empty for the store's own. */
export type SubscriptionAccount = { account?: string };

function ActionDialog({
  subscription,
  scope,
  action,
  onClose,
  onDone,
}: {
  subscription: AdminSubscriptionDetail;
  scope: SubscriptionAccount;
  action: SubscriptionAction;
  onClose(): void;
  onDone(message: string): void;
}) {
  const { t, language } = useI18n();
  const utils = trpc.useUtils();
  const change = trpc.admin.subscriptions.changeStatus.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const words = ACTION_WORDS[action];
  const confirm = async () => {
    if (change.isPending) return;
    try {
      const saved = await change.mutateAsync({ subscriptionId: subscription.id, action, ...scope });
      utils.admin.subscriptions.get.setData({ subscriptionId: subscription.id, ...scope }, saved);
      await utils.admin.subscriptions.search.invalidate();
      onDone(t(words.done, { reason: saved.reason }));
    } catch (error) {
      setFailure(describeError(error, { t, language }).message);
    }
  };
  return (
    <ConfirmDialog
      open
      tone={action === "resume" ? "primary" : "danger"}
      title={t(words.title)}
      confirmLabel={t(words.button)}
      cancelLabel={t("admin.subscriptions.keep")}
      busy={change.isPending}
      busyLabel={t("admin.subscriptions.working")}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t(words.body, { reason: subscription.reason })}</p>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
    </ConfirmDialog>
  );
}

export function SubscriptionDetailPage() {
  const { t, tPlural, formatDate, formatMoney } = useI18n();
  const { subscriptionId = "" } = useParams();
  // A connected seller's subscription (`?account=<id>`) is read and changed with that seller's credentials. Its card
  // is changed on the store's own account only: the card token is made with the store's public key.
  const [params] = useSearchParams();
  const connection = connectionInUrl(params);
  const scope: SubscriptionAccount = connection ? { account: connection } : {};
  const canAct = useCanAct("operator");
  const subscription = trpc.admin.subscriptions.get.useQuery({ subscriptionId, ...scope });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [action, setAction] = useState<SubscriptionAction | null>(null);
  const [changing, setChanging] = useState<"amount" | "card" | null>(null);
  const data = subscription.data;
  useDocumentTitle(data ? data.reason || data.id : t("admin.subscriptions.title"));

  const back = (
    <Link to={connection ? `/admin/subscriptions?account=${connection}` : "/admin/subscriptions"}>
      {t("admin.subscriptions.back")}
    </Link>
  );
  if (subscription.isPending) return <LoadingState label={t("admin.subscriptions.detail.loading")} />;
  if (!data) {
    return (
      <>
        {back}
        <QueryErrorState title={t("admin.subscriptions.detail.failed")} query={subscription} />
      </>
    );
  }
  const none = t("admin.subscriptions.detail.none");
  const actions: SubscriptionAction[] =
    data.status === "authorized"
      ? ["pause", "cancel"]
      : data.status === "paused"
        ? ["resume", "cancel"]
        : data.status === "pending"
          ? ["cancel"]
          : [];
  return (
    <>
      {back}
      <PageHeading
        title={data.reason || data.id}
        description={data.payerEmail ?? undefined}
        actions={
          canAct && actions.length > 0 ? (
            <div className="admin-actions">
              <Button variant="secondary" onClick={() => setChanging("amount")}>
                {t("admin.subscriptions.changeAmount")}
              </Button>
              {connection ? null : (
                <Button variant="secondary" onClick={() => setChanging("card")}>
                  {t("admin.subscriptions.changeCard")}
                </Button>
              )}
              {actions.map((candidate) => (
                <Button
                  key={candidate}
                  variant={candidate === "resume" ? "primary" : candidate === "cancel" ? "danger" : "secondary"}
                  onClick={() => setAction(candidate)}
                >
                  {t(ACTION_WORDS[candidate].button)}
                </Button>
              ))}
            </div>
          ) : null
        }
      />
      <OutcomeAlert outcome={outcome} onDismiss={() => setOutcome(null)} />
      {connection ? <Alert tone="info">{t("admin.subscriptions.connectedSeller")}</Alert> : null}
      <ReadOnlyNotice />
      {subscription.isError ? <Alert tone="danger">{t("admin.subscriptions.detail.failed")}</Alert> : null}
      {data.pendingChanges.map((pending) => (
        <Alert key={pending.id} tone="warning">
          {t("admin.subscriptions.pendingChange", {
            date: formatDate(pending.createdAt, "dateTime"),
            what: [
              pending.amountMinor !== null && data.amount
                ? t("admin.subscriptions.pendingChange.amount", {
                    amount: formatMoney(pending.amountMinor, data.amount.currency),
                  })
                : null,
              pending.newCard ? t("admin.subscriptions.pendingChange.card") : null,
            ]
              .filter(Boolean)
              .join(", "),
          })}{" "}
          <Button variant="secondary" onClick={() => void subscription.refetch()} disabled={subscription.isFetching}>
            {t("admin.subscriptions.refresh")}
          </Button>
        </Alert>
      ))}
      {changing === "card" ? (
        <ChangeCardPanel
          subscription={data}
          onClose={() => setChanging(null)}
          onDone={(message) => {
            setChanging(null);
            setOutcome({ tone: "success", message });
          }}
        />
      ) : null}

      <section aria-labelledby="subscription-facts-title">
        <h2 id="subscription-facts-title" className="admin-subheading">
          {t("admin.subscriptions.detail.facts")}
        </h2>
        <dl className="admin-facts" data-testid="subscription-facts">
          <div>
            <dt>{t("admin.subscriptions.field.status")}</dt>
            <dd>
              <SubscriptionStatusBadge status={data.status} />
            </dd>
          </div>
          <div>
            <dt>{t("admin.subscriptions.col.amount")}</dt>
            <dd>{data.amount ? formatMoney(data.amount.amountMinor, data.amount.currency) : none}</dd>
          </div>
          <div>
            <dt>{t("admin.subscriptions.col.next")}</dt>
            <dd>
              {data.nextPaymentDate && data.status === "authorized" ? formatDate(data.nextPaymentDate, "date") : none}
            </dd>
          </div>
          <div>
            <dt>{t("admin.subscriptions.col.payer")}</dt>
            <dd>
              {data.payerEmail ? (
                <PayerEmailLink email={data.payerEmail} {...(connection ? { account: connection } : {})} />
              ) : (
                none
              )}
            </dd>
          </div>
          <div>
            <dt>{t("admin.subscriptions.detail.shopper")}</dt>
            <dd>{data.shopperEmail ?? none}</dd>
          </div>
          <div>
            <dt>{t("admin.subscriptions.detail.plan")}</dt>
            <dd>
              {data.plan ? (
                <Link
                  to={`/admin/plans/${encodeURIComponent(data.plan.id)}${connection ? `?account=${connection}` : ""}`}
                >
                  {data.plan.reason || data.plan.id}
                </Link>
              ) : (
                t("admin.subscriptions.detail.noPlan")
              )}
            </dd>
          </div>
          <div>
            <dt>{t("admin.subscriptions.detail.charged")}</dt>
            <dd>
              {data.summary?.chargedAmount && data.summary.chargedQuantity > 0
                ? tPlural(
                    {
                      one: "admin.subscriptions.detail.chargedValue.one",
                      other: "admin.subscriptions.detail.chargedValue.other",
                    },
                    data.summary.chargedQuantity,
                    {
                      count: data.summary.chargedQuantity,
                      amount: formatMoney(data.summary.chargedAmount.amountMinor, data.summary.chargedAmount.currency),
                    },
                  )
                : t("admin.subscriptions.detail.chargedNone")}
            </dd>
          </div>
          <div>
            <dt>{t("admin.subscriptions.detail.externalReference")}</dt>
            <dd>{data.externalReference || none}</dd>
          </div>
          <div>
            <dt>{t("admin.subscriptions.detail.id")}</dt>
            <dd className="admin-mono">{data.id}</dd>
          </div>
          <div>
            <dt>{t("admin.subscriptions.col.created")}</dt>
            <dd>{data.createdAt ? formatDate(data.createdAt, "dateTime") : none}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="subscription-charges-title">
        <h2 id="subscription-charges-title" className="admin-subheading">
          {t("admin.subscriptions.charges.title")}
        </h2>
        {data.charges.length === 0 ? (
          <p className="admin-hint">{t("admin.subscriptions.charges.empty")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table" aria-label={t("admin.subscriptions.charges.title")}>
              <thead>
                <tr>
                  <th scope="col">{t("admin.subscriptions.charges.date")}</th>
                  <th scope="col">{t("admin.subscriptions.field.status")}</th>
                  <th scope="col">{t("admin.subscriptions.col.amount")}</th>
                  <th scope="col">{t("admin.subscriptions.charges.payment")}</th>
                  <th scope="col">{t("admin.subscriptions.charges.retries")}</th>
                </tr>
              </thead>
              <tbody>
                {data.charges.map((charge) => (
                  <tr key={charge.id} data-testid={`charge-row-${charge.id}`}>
                    <th scope="row">
                      {charge.debitDate ? formatDate(charge.debitDate, "dateTime") : String(charge.id)}
                    </th>
                    <ChargeCells charge={charge} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {changing === "amount" ? (
        <ChangeAmountDialog
          subscription={data}
          scope={scope}
          onClose={() => setChanging(null)}
          onDone={(message) => {
            setChanging(null);
            setOutcome({ tone: "success", message });
          }}
        />
      ) : null}
      {action ? (
        <ActionDialog
          subscription={data}
          scope={scope}
          action={action}
          onClose={() => setAction(null)}
          onDone={(message) => {
            setAction(null);
            setOutcome({ tone: "success", message });
          }}
        />
      ) : null}
    </>
  );
}
