// The dialogs of an order's actions: Process, Capture, Cancel, Remove the payment, Refund (the whole order, or
// part of one transaction), and the card panel that adds or changes a manual order's payment. Each dialog keys its
// action by `useIntentKey`: a double click or "Try again" after an unseen answer reuses the key, so money moves at
// most once; a refusal ends the intent, so the next attempt is a new request with a new key. An answer not seen is said as such ("being confirmed"),
// never as a failure; a decline and a refusal are said in words.
import { type Money, type OrderOutcome, REFUND_REASONS, refundOrderInputSchema } from "@cobro/contracts";
import { Alert, Button, ConfirmDialog } from "@cobro/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "../../../i18n/i18n-context";
import { describeError } from "../../../shared/errors/describe-error";
import { useMoneyInput } from "../../../shared/forms/money-input";
import { type IntentKey, useIntentKey } from "../../../shared/forms/use-intent-key";
import { CardForm, type CardFormSubmission } from "../../../shared/payments/card-form";
import { trpc } from "../../../trpc";
import { useOrderWords } from "./order-words";

export type SimpleOrderAction = "process" | "capture" | "cancel" | "deleteTransaction";

interface MutationLike {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  data?: OrderOutcome;
  error: unknown;
}

/** What the last attempt in a dialog came to, in words. */
function OutcomeAlert({ mutation }: { mutation: MutationLike }) {
  const { t, language } = useI18n();
  const { reasonWords } = useOrderWords();
  if (mutation.isSuccess && mutation.data) {
    if (mutation.data.outcome === "unknown") return <Alert tone="warning">{t("admin.orders.dialog.unknown")}</Alert>;
    if (mutation.data.outcome === "declined") {
      return (
        <Alert tone="danger">
          {t("admin.orders.dialog.declined", { reason: reasonWords(mutation.data.statusDetail) })}
        </Alert>
      );
    }
    return <Alert tone="success">{t("admin.orders.dialog.done")}</Alert>;
  }
  if (mutation.isError) {
    const described = describeError(mutation.error, { t, language });
    if (described.network) return <Alert tone="warning">{t("admin.orders.dialog.unknown")}</Alert>;
    return <Alert tone="danger">{described.message}</Alert>;
  }
  return null;
}

/** The dialog is over (Done closes it) once an answer was seen; an unseen one keeps "Try again". */
function isSettled(mutation: MutationLike): boolean {
  if (mutation.isSuccess && mutation.data) return mutation.data.outcome !== "unknown";
  return false;
}

/** The options of an order action's mutation: its answer decides the intent's key; then the order is re-read. */
function useOrderActionOptions(orderId: string, intent: IntentKey) {
  const utils = trpc.useUtils();
  return {
    onSuccess: (result: OrderOutcome) => intent.answered(result.outcome),
    onError: (error: unknown) => void intent.failed(error),
    onSettled: () => {
      void utils.admin.orders.get.invalidate({ orderId });
      void utils.admin.orders.list.invalidate();
    },
  };
}

const SIMPLE_WORDS = {
  process: {
    title: "admin.orders.process.title",
    body: "admin.orders.process.body",
    confirm: "admin.orders.process.confirm",
  },
  capture: {
    title: "admin.orders.capture.title",
    body: "admin.orders.capture.body",
    confirm: "admin.orders.capture.confirm",
  },
  cancel: {
    title: "admin.orders.cancel.title",
    body: "admin.orders.cancel.body",
    confirm: "admin.orders.cancel.confirm",
  },
  deleteTransaction: {
    title: "admin.orders.removeTx.title",
    body: "admin.orders.removeTx.body",
    confirm: "admin.orders.removeTx.confirm",
  },
} as const;

/** Process, Capture, Cancel and Remove the payment: a confirmation, one key, the outcome. */
export function SimpleActionDialog(props: {
  kind: SimpleOrderAction;
  orderId: string;
  amount: Money;
  /** The order's capture mode: processing an authorize-only order holds the amount, it charges nothing yet. */
  captureMode?: "automatic" | "manual";
  transactionId?: string;
  onClose(): void;
}) {
  const { t, formatMoney } = useI18n();
  const intent = useIntentKey();
  const options = useOrderActionOptions(props.orderId, intent);
  const process = trpc.admin.orders.process.useMutation(options);
  const capture = trpc.admin.orders.capture.useMutation(options);
  const cancel = trpc.admin.orders.cancel.useMutation(options);
  const remove = trpc.admin.orders.deleteTransaction.useMutation(options);
  const mutation = { process, capture, cancel, deleteTransaction: remove }[props.kind];
  const words = SIMPLE_WORDS[props.kind];
  const settled = isSettled(mutation);
  const retrying = mutation.isError || (mutation.isSuccess && mutation.data?.outcome === "unknown");

  const run = () => {
    const input = { orderId: props.orderId, idempotencyKey: intent.idempotencyKey };
    if (props.kind === "process") process.mutate(input);
    else if (props.kind === "capture") capture.mutate(input);
    else if (props.kind === "cancel") cancel.mutate(input);
    else if (props.transactionId) remove.mutate({ ...input, transactionId: props.transactionId });
  };

  return (
    <ConfirmDialog
      open
      tone={props.kind === "cancel" || props.kind === "deleteTransaction" ? "danger" : "primary"}
      title={t(words.title)}
      confirmLabel={
        settled ? t("admin.orders.dialog.close") : retrying ? t("admin.orders.dialog.tryAgain") : t(words.confirm)
      }
      cancelLabel={t("admin.orders.dialog.cancel")}
      busy={mutation.isPending}
      busyLabel={t("admin.orders.dialog.working")}
      finished={settled}
      onConfirm={settled ? props.onClose : run}
      onCancel={props.onClose}
    >
      <p>
        {t(
          props.kind === "process" && props.captureMode === "manual"
            ? "admin.orders.process.bodyAuthorize"
            : words.body,
          {
            amount: formatMoney(props.amount.amountMinor, props.amount.currency),
          },
        )}
      </p>
      <OutcomeAlert mutation={mutation} />
    </ConfirmDialog>
  );
}

/** Refund: the whole order, or (with `transactionId`) part of one payment transaction up to `limit`. */
export function RefundOrderDialog(props: { orderId: string; transactionId?: string; limit: Money; onClose(): void }) {
  const { t, formatMoney } = useI18n();
  const intent = useIntentKey();
  const refund = trpc.admin.orders.refund.useMutation(useOrderActionOptions(props.orderId, intent));
  const currency = props.limit.currency;
  const money = useMoneyInput();
  const form = useForm({ defaultValues: { amount: money.initial(props.limit.amountMinor, currency), reason: "" } });
  const [problem, setProblem] = useState<string | null>(null);
  const settled = isSettled(refund);
  const retrying = refund.isError || (refund.isSuccess && refund.data?.outcome === "unknown");
  const partial = props.transactionId !== undefined;
  const max = formatMoney(props.limit.amountMinor, currency);

  const run = form.handleSubmit(({ amount, reason }) => {
    const typed = partial ? money.parse(amount, currency, t("admin.orders.refund.amount", { currency })) : null;
    if (typed && !typed.ok) {
      setProblem(typed.message);
      return;
    }
    const amountMinor = typed ? typed.amountMinor : null;
    const parsed = refundOrderInputSchema.safeParse({
      orderId: props.orderId,
      idempotencyKey: intent.idempotencyKey,
      reason,
      ...(props.transactionId ? { transactionId: props.transactionId, amountMinor } : {}),
    });
    if (partial && (amountMinor === null || amountMinor > props.limit.amountMinor)) {
      setProblem(t("admin.orders.refund.amountInvalid", { max }));
      return;
    }
    if (!parsed.success) {
      setProblem(t("admin.orders.refund.reasonRequired"));
      return;
    }
    setProblem(null);
    refund.mutate(parsed.data);
  });

  return (
    <ConfirmDialog
      open
      title={
        partial ? t("admin.orders.refund.titleTx", { id: props.transactionId ?? "" }) : t("admin.orders.refund.title")
      }
      confirmLabel={
        settled
          ? t("admin.orders.dialog.close")
          : retrying
            ? t("admin.orders.dialog.tryAgain")
            : t("admin.orders.refund.confirm")
      }
      cancelLabel={t("admin.orders.dialog.cancel")}
      busy={refund.isPending}
      busyLabel={t("admin.orders.dialog.working")}
      finished={settled}
      onConfirm={settled ? props.onClose : () => void run()}
      onCancel={props.onClose}
    >
      <form
        className="payment-dialog-form"
        noValidate
        onSubmit={(event) => {
          if (settled) event.preventDefault();
          else void run(event);
        }}
      >
        <p>{partial ? t("admin.orders.refund.left", { amount: max }) : t("admin.orders.refund.wholeBody")}</p>
        {partial ? (
          <label>
            {t("admin.orders.refund.amount", { currency })}
            <input
              inputMode="decimal"
              {...form.register("amount")}
              disabled={refund.isPending || settled}
              aria-invalid={problem ? true : undefined}
            />
          </label>
        ) : null}
        <label>
          {t("admin.orders.refund.reason")}
          <select {...form.register("reason")} disabled={refund.isPending || settled}>
            <option value="" disabled>
              {t("admin.orders.refund.chooseReason")}
            </option>
            {REFUND_REASONS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.payments.refundReason.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {problem ? <span role="alert">{problem}</span> : null}
        <OutcomeAlert mutation={refund} />
      </form>
    </ConfirmDialog>
  );
}

/**
 * Adds (no `transactionId`) or changes the card of a manual order's payment: the card is typed into the secure
 * fields, then a confirmation sends its token with the panel's one key.
 */
export function OrderCardPanel(props: { orderId: string; transactionId?: string; amount: Money; onClose(): void }) {
  const { t, formatMoney } = useI18n();
  const intent = useIntentKey();
  const { idempotencyKey } = intent;
  const [generation, setGeneration] = useState(0);
  const [card, setCard] = useState<CardFormSubmission | null>(null);
  const options = useOrderActionOptions(props.orderId, intent);
  const add = trpc.admin.orders.addTransaction.useMutation(options);
  const update = trpc.admin.orders.updateTransaction.useMutation(options);
  const changing = props.transactionId !== undefined;
  const mutation = changing ? update : add;
  const settled = isSettled(mutation);
  const retrying = mutation.isError || (mutation.isSuccess && mutation.data?.outcome === "unknown");

  const run = () => {
    if (!card) return;
    const chosen = {
      cardToken: card.cardToken,
      paymentMethodId: card.paymentMethodId,
      installments: card.installments,
    };
    if (props.transactionId) {
      update.mutate({ orderId: props.orderId, transactionId: props.transactionId, idempotencyKey, card: chosen });
    } else {
      add.mutate({ orderId: props.orderId, idempotencyKey, card: chosen });
    }
  };

  return (
    <section className="ui-add-card" aria-labelledby="order-card-panel-title">
      <h3 id="order-card-panel-title">
        {changing
          ? t("admin.orders.cardPanel.changeTitle", { id: props.transactionId ?? "" })
          : t("admin.orders.cardPanel.addTitle")}
      </h3>
      <CardForm
        key={generation}
        idPrefix="order-card"
        installmentsFor={props.amount}
        submitLabel={t("admin.orders.cardPanel.use")}
        busyLabel={t("admin.orders.cardPanel.working")}
        onSubmit={async (submission) => setCard(submission)}
      />
      <Button variant="secondary" onClick={props.onClose}>
        {t("admin.orders.cardPanel.close")}
      </Button>
      <ConfirmDialog
        open={card !== null}
        tone="primary"
        title={changing ? t("admin.orders.cardConfirm.changeTitle") : t("admin.orders.cardConfirm.addTitle")}
        confirmLabel={
          settled
            ? t("admin.orders.dialog.close")
            : retrying
              ? t("admin.orders.dialog.tryAgain")
              : t("admin.orders.cardConfirm.confirm")
        }
        cancelLabel={t("admin.orders.dialog.cancel")}
        busy={mutation.isPending}
        busyLabel={t("admin.orders.dialog.working")}
        finished={settled}
        onConfirm={settled ? props.onClose : run}
        onCancel={() => {
          if (settled || retrying) {
            props.onClose();
            return;
          }
          // The token was not used: fresh secure fields for another try.
          setCard(null);
          setGeneration((value) => value + 1);
        }}
      >
        {card ? (
          <p>
            {t("admin.orders.cardConfirm.body", {
              brand: card.paymentMethodId,
              installments: card.installments,
              amount: formatMoney(props.amount.amountMinor, props.amount.currency),
            })}
          </p>
        ) : null}
        <OutcomeAlert mutation={mutation} />
      </ConfirmDialog>
    </section>
  );
}
