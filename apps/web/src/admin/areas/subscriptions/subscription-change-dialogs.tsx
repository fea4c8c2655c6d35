// Changing what a subscription charges, from its detail page (operators): the amount of each charge, or the card on
// file (a new card, e.g. one with a new expiry date, typed into the provider's secure fields: only its token reaches
// Cobro). provider: the frequency and the charge dates cannot change. Each dialog keys its change by `useIntentKey`
// (the same key for "Try again" after an answer that was not seen, a new one after a refusal), and asks for
// confirmation first: it changes what the payer is charged. An unseen answer is said as "being confirmed", never as
// failed; the page re-reads the subscription from Mercado Pago.
import {
  type AdminSubscriptionDetail,
  type SubscriptionRequestOutcome,
  subscriptionChangeInputSchema,
} from "@cobro/contracts";
import { isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, Button, ConfirmDialog, TextField } from "@cobro/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "../../../i18n/i18n-context";
import { useMoneyInput } from "../../../shared/forms/money-input";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { CardForm, type CardFormSubmission } from "../../../shared/payments/card-form";
import { trpc } from "../../../trpc";

/** After a change: the detail and the lists show what Mercado Pago holds now. */
function useRefreshSubscription(subscriptionId: string) {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.subscriptions.get.invalidate({ subscriptionId });
    void utils.admin.subscriptions.search.invalidate();
  };
}

export function ChangeAmountDialog({
  subscription,
  scope = {},
  onClose,
  onDone,
}: {
  subscription: AdminSubscriptionDetail;
  /** The connected seller the subscription belongs to; empty for the store's own account. */
  scope?: { account?: string };
  onClose(): void;
  onDone(message: string): void;
}) {
  const { t, formatMoney } = useI18n();
  const intent = useIntentKey();
  const { unknown } = intent;
  const change = trpc.admin.subscriptions.change.useMutation();
  const refresh = useRefreshSubscription(subscription.id);
  const current = subscription.amount;
  const currency = current && isSupportedCurrency(current.currency) ? current.currency : "ARS";
  const money = useMoneyInput();
  const form = useForm({ defaultValues: { amount: current ? money.initial(current.amountMinor, currency) : "" } });
  const [problem, setProblem] = useState<string | null>(null);
  const amountLabel = t("admin.subscriptions.changeAmount.field", { currency });

  const confirm = form.handleSubmit(({ amount }) => {
    if (change.isPending) return;
    const typed = money.parse(amount, currency, amountLabel);
    if (!typed.ok) {
      setProblem(typed.message);
      return;
    }
    const amountMinor = typed.amountMinor;
    const parsed = subscriptionChangeInputSchema.safeParse({
      subscriptionId: subscription.id,
      idempotencyKey: intent.idempotencyKey,
      amountMinor,
      ...scope,
    });
    if (!parsed.success || amountMinor === current?.amountMinor) {
      setProblem(t("admin.subscriptions.changeAmount.invalid"));
      return;
    }
    setProblem(null);
    change.mutate(parsed.data, {
      onSuccess: (outcome: SubscriptionRequestOutcome) => {
        refresh();
        intent.answered(outcome.outcome);
        if (outcome.outcome === "unknown") return;
        onDone(t("admin.subscriptions.changeAmount.done", { amount: formatMoney(amountMinor, currency) }));
      },
      onError: (error) => {
        const described = intent.failed(error);
        // Refused: nothing changed; the hook gave the next attempt a new key.
        if (!described.unseen) setProblem(described.message);
      },
    });
  });

  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t("admin.subscriptions.changeAmount.title")}
      confirmLabel={unknown ? t("admin.subscriptions.request.tryAgain") : t("admin.subscriptions.changeAmount.confirm")}
      cancelLabel={t("admin.subscriptions.request.cancel")}
      busy={change.isPending}
      busyLabel={t("admin.subscriptions.working")}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>
        {t("admin.subscriptions.changeAmount.body", {
          payer: subscription.payerEmail ?? subscription.id,
          amount: current ? formatMoney(current.amountMinor, current.currency) : "—",
        })}
      </p>
      <TextField
        label={amountLabel}
        inputMode="decimal"
        autoComplete="off"
        disabled={change.isPending || unknown}
        error={problem ?? undefined}
        {...form.register("amount")}
      />
      <p className="admin-hint">{t("admin.subscriptions.frozenHint")}</p>
      {unknown ? <Alert tone="warning">{t("admin.subscriptions.request.unknown")}</Alert> : null}
    </ConfirmDialog>
  );
}

/** The new card is typed into the secure fields, then a confirmation sends its token with the panel's one key. */
export function ChangeCardPanel({
  subscription,
  onClose,
  onDone,
}: {
  subscription: AdminSubscriptionDetail;
  onClose(): void;
  onDone(message: string): void;
}) {
  const { t, formatMoney } = useI18n();
  const intent = useIntentKey();
  const { unknown } = intent;
  const [generation, setGeneration] = useState(0);
  const [card, setCard] = useState<CardFormSubmission | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const change = trpc.admin.subscriptions.change.useMutation();
  const refresh = useRefreshSubscription(subscription.id);

  const confirm = () => {
    if (!card || change.isPending) return;
    change.mutate(
      { subscriptionId: subscription.id, idempotencyKey: intent.idempotencyKey, cardToken: card.cardToken },
      {
        onSuccess: (outcome) => {
          refresh();
          intent.answered(outcome.outcome);
          if (outcome.outcome === "unknown") return;
          onDone(t("admin.subscriptions.changeCard.done"));
        },
        onError: (error) => {
          const described = intent.failed(error);
          if (described.unseen) return;
          // Refused: the token was not used for anything; fresh secure fields (the hook gave a new key).
          setProblem(described.message);
          setCard(null);
          setGeneration((value) => value + 1);
        },
      },
    );
  };

  return (
    <section className="ui-add-card" aria-labelledby="subscription-card-title">
      <h2 id="subscription-card-title" className="admin-subheading">
        {t("admin.subscriptions.changeCard.title")}
      </h2>
      <p className="admin-hint">{t("admin.subscriptions.changeCard.hint")}</p>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <CardForm
        key={generation}
        idPrefix="subscription-card"
        submitLabel={t("admin.subscriptions.changeCard.use")}
        busyLabel={t("admin.subscriptions.changeCard.working")}
        onSubmit={async (submission) => {
          setProblem(null);
          setCard(submission);
        }}
      />
      <Button variant="secondary" onClick={onClose}>
        {t("admin.subscriptions.request.close")}
      </Button>
      <ConfirmDialog
        open={card !== null}
        tone="primary"
        title={t("admin.subscriptions.changeCard.confirmTitle")}
        confirmLabel={unknown ? t("admin.subscriptions.request.tryAgain") : t("admin.subscriptions.changeCard.confirm")}
        cancelLabel={t("admin.subscriptions.request.cancel")}
        busy={change.isPending}
        busyLabel={t("admin.subscriptions.working")}
        onConfirm={confirm}
        onCancel={() => {
          if (unknown) {
            onClose();
            return;
          }
          setCard(null);
          setGeneration((value) => value + 1);
        }}
      >
        {card ? (
          <p>
            {t("admin.subscriptions.changeCard.confirmBody", {
              brand: card.paymentMethodId || "—",
              reason: subscription.reason || subscription.id,
              amount: subscription.amount
                ? formatMoney(subscription.amount.amountMinor, subscription.amount.currency)
                : "—",
            })}
          </p>
        ) : null}
        {unknown ? <Alert tone="warning">{t("admin.subscriptions.request.unknown")}</Alert> : null}
      </ConfirmDialog>
    </section>
  );
}
