// The money dialogs of a payment: Refund (full or part, a required reason, an optional note), Capture (all or
// less) and Cancel. Each dialog keys its action by `useIntentKey`: the key made when it opens is reused by every
// retry after an unseen answer, so a double click or a retry after a timeout moves money at most once; a refusal
// ends the intent, so the next attempt is a new request with a new key. The amount is
// typed in the currency's decimals and converted to minor units before anything is sent; the forms validate
// with the server's own schemas. An answer that was not seen ("unknown") is said as such: we are confirming it
// with Mercado Pago, and retrying is safe.
import {
  cancelPaymentInputSchema,
  capturePaymentInputSchema,
  type Money,
  REFUND_REASONS,
  refundPaymentInputSchema,
} from "@cobro/contracts";
import { isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, ConfirmDialog } from "@cobro/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useI18n } from "../../../i18n/i18n-context";
import { describeError } from "../../../shared/errors/describe-error";
import { useMoneyInput } from "../../../shared/forms/money-input";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { trpc } from "../../../trpc";

export type PaymentDialogKind = "refund" | "capture" | "cancel";

interface DialogProps {
  providerPaymentId: number;
  /** Refund: what is left to refund; capture: the authorized amount. */
  limit: Money;
  onClose(): void;
}

function useOutcome() {
  const { t, language } = useI18n();
  return (mutation: { isSuccess: boolean; isError: boolean; data?: { outcome: string }; error: unknown }) => {
    if (mutation.isSuccess && mutation.data) {
      if (mutation.data.outcome === "unknown")
        return <Alert tone="warning">{t("admin.payments.action.unknown")}</Alert>;
      if (mutation.data.outcome === "refused") return <Alert tone="danger">{t("admin.payments.action.refused")}</Alert>;
      return <Alert tone="success">{t("admin.payments.action.done")}</Alert>;
    }
    if (mutation.isError) return <Alert tone="danger">{describeError(mutation.error, { t, language }).message}</Alert>;
    return null;
  };
}

const refundFormSchema = z.object({
  amount: z.string(),
  full: z.boolean(),
  reason: refundPaymentInputSchema.shape.reason,
  note: z.string().max(500),
});
type RefundForm = z.infer<typeof refundFormSchema>;

export function RefundDialog({ providerPaymentId, limit, onClose }: DialogProps) {
  const { t, formatMoney } = useI18n();
  const intent = useIntentKey();
  const utils = trpc.useUtils();
  const refund = trpc.admin.payments.refund.useMutation({
    onSuccess: (result) => intent.answered(result.outcome),
    onError: (error) => void intent.failed(error),
    onSettled: () => void utils.admin.payments.get.invalidate({ providerPaymentId }),
  });
  const outcome = useOutcome();
  const money = useMoneyInput();
  const currency = isSupportedCurrency(limit.currency) ? limit.currency : "ARS";
  const form = useForm<RefundForm>({
    resolver: zodResolver(refundFormSchema),
    defaultValues: { amount: money.initial(limit.amountMinor, currency), full: true, reason: undefined, note: "" },
  });
  const [amountError, setAmountError] = useState<string | null>(null);
  const full = form.watch("full");
  const done = refund.isSuccess && refund.data.outcome !== "unknown";

  const submit = form.handleSubmit((values) => {
    const typed = values.full
      ? null
      : money.parse(values.amount, currency, t("admin.payments.refund.amount", { currency }));
    if (typed && !typed.ok) {
      setAmountError(typed.message);
      return;
    }
    const amountMinor = typed?.amountMinor;
    const input = {
      providerPaymentId,
      ...(amountMinor !== undefined ? { amountMinor } : {}),
      reason: values.reason,
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
      idempotencyKey: intent.idempotencyKey,
    };
    // The server's schema, checked here too: nothing is sent for an amount that is not one.
    const parsed = refundPaymentInputSchema.safeParse(input);
    if (!parsed.success || (amountMinor !== undefined && amountMinor > limit.amountMinor)) {
      setAmountError(t("admin.payments.refund.amountInvalid", { max: formatMoney(limit.amountMinor, limit.currency) }));
      return;
    }
    setAmountError(null);
    refund.mutate(parsed.data);
  });

  return (
    <ConfirmDialog
      open
      title={t("admin.payments.refund.title")}
      confirmLabel={done ? t("admin.payments.action.close") : t("admin.payments.refund.confirm")}
      cancelLabel={t("admin.payments.action.cancelDialog")}
      busy={refund.isPending}
      busyLabel={t("admin.payments.action.working")}
      finished={done}
      onConfirm={done ? onClose : () => void submit()}
      onCancel={onClose}
    >
      <form className="payment-dialog-form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t("admin.payments.refund.left", { amount: formatMoney(limit.amountMinor, limit.currency) })}</p>
        <label style={{ flexDirection: "row", alignItems: "center", gap: "0.5rem" }}>
          <input type="checkbox" {...form.register("full")} disabled={refund.isPending || done} />
          {t("admin.payments.refund.full")}
        </label>
        {full ? null : (
          <label>
            {t("admin.payments.refund.amount", { currency })}
            <input
              inputMode="decimal"
              {...form.register("amount")}
              disabled={refund.isPending || done}
              aria-invalid={amountError ? true : undefined}
            />
          </label>
        )}
        {amountError ? <span role="alert">{amountError}</span> : null}
        <label>
          {t("admin.payments.refund.reason")}
          <select
            {...form.register("reason")}
            disabled={refund.isPending || done}
            aria-invalid={form.formState.errors.reason ? true : undefined}
            defaultValue=""
          >
            <option value="" disabled>
              {t("admin.payments.refund.chooseReason")}
            </option>
            {REFUND_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`admin.payments.refundReason.${reason}`)}
              </option>
            ))}
          </select>
        </label>
        {form.formState.errors.reason ? <span role="alert">{t("admin.payments.refund.reasonRequired")}</span> : null}
        <label>
          {t("admin.payments.refund.note")}
          <textarea {...form.register("note")} maxLength={500} rows={2} disabled={refund.isPending || done} />
        </label>
        {outcome(refund)}
      </form>
    </ConfirmDialog>
  );
}

export function CaptureDialog({ providerPaymentId, limit, onClose }: DialogProps) {
  const { t, formatMoney } = useI18n();
  const intent = useIntentKey();
  const utils = trpc.useUtils();
  const capture = trpc.admin.payments.capture.useMutation({
    onSuccess: (result) => intent.answered(result.outcome),
    onError: (error) => void intent.failed(error),
    onSettled: () => void utils.admin.payments.get.invalidate({ providerPaymentId }),
  });
  const outcome = useOutcome();
  const money = useMoneyInput();
  const currency = isSupportedCurrency(limit.currency) ? limit.currency : "ARS";
  const form = useForm<{ amount: string }>({
    resolver: zodResolver(z.object({ amount: z.string() })),
    defaultValues: { amount: money.initial(limit.amountMinor, currency) },
  });
  const [amountError, setAmountError] = useState<string | null>(null);
  const done = capture.isSuccess && capture.data.outcome !== "unknown";

  const submit = form.handleSubmit((values) => {
    const typed = money.parse(values.amount, currency, t("admin.payments.capture.amount", { currency }));
    if (!typed.ok) {
      setAmountError(typed.message);
      return;
    }
    const amountMinor = typed.amountMinor;
    const parsed = capturePaymentInputSchema.safeParse({
      providerPaymentId,
      ...(amountMinor !== limit.amountMinor ? { amountMinor } : {}),
      idempotencyKey: intent.idempotencyKey,
    });
    if (!parsed.success || amountMinor > limit.amountMinor) {
      setAmountError(
        t("admin.payments.capture.amountInvalid", { max: formatMoney(limit.amountMinor, limit.currency) }),
      );
      return;
    }
    setAmountError(null);
    capture.mutate(parsed.data);
  });

  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t("admin.payments.capture.title")}
      confirmLabel={done ? t("admin.payments.action.close") : t("admin.payments.capture.confirm")}
      cancelLabel={t("admin.payments.action.cancelDialog")}
      busy={capture.isPending}
      busyLabel={t("admin.payments.action.working")}
      finished={done}
      onConfirm={done ? onClose : () => void submit()}
      onCancel={onClose}
    >
      <form className="payment-dialog-form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t("admin.payments.capture.authorized", { amount: formatMoney(limit.amountMinor, limit.currency) })}</p>
        <label>
          {t("admin.payments.capture.amount", { currency })}
          <input
            inputMode="decimal"
            {...form.register("amount")}
            disabled={capture.isPending || done}
            aria-invalid={amountError ? true : undefined}
          />
        </label>
        {amountError ? <span role="alert">{amountError}</span> : null}
        {outcome(capture)}
      </form>
    </ConfirmDialog>
  );
}

export function CancelDialog({ providerPaymentId, onClose }: Omit<DialogProps, "limit">) {
  const { t } = useI18n();
  const intent = useIntentKey();
  const utils = trpc.useUtils();
  const cancel = trpc.admin.payments.cancel.useMutation({
    onSuccess: (result) => intent.answered(result.outcome),
    onError: (error) => void intent.failed(error),
    onSettled: () => void utils.admin.payments.get.invalidate({ providerPaymentId }),
  });
  const outcome = useOutcome();
  const done = cancel.isSuccess && cancel.data.outcome !== "unknown";
  return (
    <ConfirmDialog
      open
      title={t("admin.payments.cancel.title")}
      confirmLabel={done ? t("admin.payments.action.close") : t("admin.payments.cancel.confirm")}
      cancelLabel={t("admin.payments.action.cancelDialog")}
      busy={cancel.isPending}
      busyLabel={t("admin.payments.action.working")}
      finished={done}
      onConfirm={
        done
          ? onClose
          : () =>
              cancel.mutate(
                cancelPaymentInputSchema.parse({ providerPaymentId, idempotencyKey: intent.idempotencyKey }),
              )
      }
      onCancel={onClose}
    >
      <p>{t("admin.payments.cancel.body")}</p>
      {outcome(cancel)}
    </ConfirmDialog>
  );
}
