// "Charge on this terminal" (operators): amount, description, installments and who pays their interest, a receipt
// on the terminal, an external reference. The dialog keys its charge by `useIntentKey`, so a double click or a
// retry after a lost answer sends one charge; a definite refusal (a busy terminal, a bad field) gets a fresh key,
// since nothing was made. The amount is typed in the currency's decimals and sent in minor units.
import { createPointIntentInputSchema, POINT_MAX_INSTALLMENTS } from "@cobro/contracts";
import type { CurrencyCode } from "@cobro/provider-client/money";
import { Alert, ConfirmDialog, SelectField, TextField } from "@cobro/ui";
import { CheckboxField } from "@cobro/ui/admin";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useMoneyInput } from "../../../shared/forms/money-input";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { trpc } from "../../../trpc";

interface ChargeForm {
  checkoutId: string;
  amount: string;
  description: string;
  installments: string;
  installmentsCost: "seller" | "buyer";
  printOnTerminal: boolean;
  externalReference: string;
}

const INSTALLMENT_CHOICES = [1, 2, 3, 6, 9, 12, 18, 24].filter((n) => n <= POINT_MAX_INSTALLMENTS);

export function ChargeDialog({
  deviceId,
  currency,
  onClose,
}: {
  deviceId: string;
  currency: CurrencyCode;
  onClose(): void;
}) {
  const { t } = useI18n();
  const money = useMoneyInput();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const intent = useIntentKey();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = trpc.admin.terminals.createIntent.useMutation({
    onSettled: () => void utils.admin.terminals.intents.invalidate(),
  });
  const form = useForm<ChargeForm>({
    defaultValues: {
      checkoutId: "",
      amount: "",
      description: "",
      installments: "1",
      installmentsCost: "seller",
      printOnTerminal: true,
      externalReference: "",
    },
  });

  const submit = form.handleSubmit(async (values) => {
    if (create.isPending) return;
    const checkoutId = values.checkoutId.trim();
    // A shop order is charged its own total: the amount may be left empty then.
    const typed =
      checkoutId !== "" && values.amount.trim() === ""
        ? undefined
        : money.parse(values.amount, currency, t("admin.terminals.charge.amount", { currency }));
    const amountMinor = typed === undefined ? undefined : typed.ok ? typed.amountMinor : Number.NaN;
    const parsed = createPointIntentInputSchema.safeParse({
      idempotencyKey: intent.idempotencyKey,
      deviceId,
      ...(checkoutId ? { checkoutId } : {}),
      amountMinor: amountMinor === undefined || Number.isNaN(amountMinor) ? undefined : amountMinor,
      ...(values.description.trim() ? { description: values.description.trim() } : {}),
      installments: Number(values.installments),
      installmentsCost: values.installmentsCost,
      printOnTerminal: values.printOnTerminal,
      ...(values.externalReference.trim() ? { externalReference: values.externalReference.trim() } : {}),
    });
    const badAmount = amountMinor !== undefined && Number.isNaN(amountMinor);
    if (badAmount || !parsed.success) {
      // The server's own schema, checked here first: nothing is sent while a field is wrong.
      const errors: Record<string, string> = {};
      if (typed && !typed.ok) errors.amountMinor = typed.message;
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const path = String(issue.path[0] ?? "");
        errors[path] ??= issue.message;
      }
      setFieldErrors(errors);
      setFailure(null);
      return;
    }
    setFieldErrors({});
    setFailure(null);
    try {
      const charge = await create.mutateAsync(parsed.data);
      // Not seen: the same dialog (the same key) sends again; the provider replays instead of charging twice.
      intent.answered(charge.requestStatus);
      if (charge.requestStatus === "unknown") return;
      navigate(`/admin/terminals/intents/${charge.id}`);
    } catch (error) {
      const described = intent.failed(error);
      // An unseen answer is said by the "being confirmed" note, never as a failure.
      if (described.unseen) return;
      setFailure(described.message);
      if (described.field && described.field !== "idempotencyKey" && described.field !== "deviceId") {
        setFieldErrors({ [described.field]: described.message });
      }
    }
  });

  const busy = create.isPending;
  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t("admin.terminals.charge.title", { device: deviceId })}
      confirmLabel={t("admin.terminals.charge.submit")}
      cancelLabel={t("admin.terminals.cancel")}
      busy={busy}
      busyLabel={t("admin.terminals.working")}
      onConfirm={() => void submit()}
      onCancel={onClose}
    >
      <form className="terminal-charge-form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t("admin.terminals.charge.intro")}</p>
        <TextField
          id="terminal-charge-checkout"
          label={t("admin.terminals.charge.checkout")}
          description={t("admin.terminals.charge.checkoutHint")}
          autoComplete="off"
          disabled={busy}
          error={fieldErrors.checkoutId}
          {...form.register("checkoutId")}
        />
        <TextField
          id="terminal-charge-amount"
          label={t("admin.terminals.charge.amount", { currency })}
          inputMode="decimal"
          autoComplete="off"
          disabled={busy}
          error={fieldErrors.amountMinor}
          {...form.register("amount")}
        />
        <TextField
          id="terminal-charge-description"
          label={t("admin.terminals.charge.description")}
          disabled={busy}
          error={fieldErrors.description}
          {...form.register("description")}
        />
        <SelectField
          id="terminal-charge-installments"
          label={t("admin.terminals.charge.installments")}
          disabled={busy}
          error={fieldErrors.installments}
          options={INSTALLMENT_CHOICES.map((n) => ({ value: String(n), label: String(n) }))}
          {...form.register("installments")}
        />
        <SelectField
          id="terminal-charge-cost"
          label={t("admin.terminals.charge.installmentsCost")}
          disabled={busy}
          options={[
            { value: "seller", label: t("admin.terminals.charge.cost.seller") },
            { value: "buyer", label: t("admin.terminals.charge.cost.buyer") },
          ]}
          {...form.register("installmentsCost")}
        />
        <CheckboxField
          id="terminal-charge-print"
          label={t("admin.terminals.charge.print")}
          disabled={busy}
          {...form.register("printOnTerminal")}
        />
        <TextField
          id="terminal-charge-reference"
          label={t("admin.terminals.charge.externalReference")}
          description={t("admin.terminals.charge.externalReferenceHint")}
          disabled={busy}
          error={fieldErrors.externalReference}
          {...form.register("externalReference")}
        />
        {intent.unknown ? <Alert tone="warning">{t("admin.terminals.charge.unknown")}</Alert> : null}
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
      </form>
    </ConfirmDialog>
  );
}
