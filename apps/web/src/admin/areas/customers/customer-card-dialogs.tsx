// A saved card's dialogs: change its expiry (and, optionally, the holder's name) and delete it. The expiry form
// validates with the server's own schema before anything is sent.
import { type AdminCustomerDetail, customerCardUpdateInputSchema } from "@cobro/contracts";
import { Alert, ConfirmDialog, TextField } from "@cobro/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "../../../i18n/i18n-context";
import { describeError, type UserFacingError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";

type SavedCard = AdminCustomerDetail["cards"][number];

export function useCardLabel() {
  const { t } = useI18n();
  return (card: SavedCard) => t("admin.customers.cards.cardLabel", { brand: card.brand, lastFour: card.lastFour });
}

export function formatExpiry(month: number | null, year: number | null): string {
  return month && year ? `${String(month).padStart(2, "0")}/${year}` : "";
}

interface CardDialogProps {
  customerId: string;
  /** The connected seller the customer belongs to; empty for the store's own account. */
  scope: { account?: string };
  card: SavedCard;
  onClose(): void;
  onDone(message: string): void;
}

export function EditCardDialog({ customerId, scope, card, onClose, onDone }: CardDialogProps) {
  const { t, language } = useI18n();
  const label = useCardLabel()(card);
  const utils = trpc.useUtils();
  const update = trpc.admin.customers.updateCard.useMutation();
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const form = useForm<{ month: string; year: string; holder: string }>({
    defaultValues: {
      month: card.expirationMonth ? String(card.expirationMonth) : "",
      year: card.expirationYear ? String(card.expirationYear) : "",
      holder: "",
    },
  });

  const submit = form.handleSubmit(async (values) => {
    if (update.isPending) return;
    const parsed = customerCardUpdateInputSchema.safeParse({
      customerId,
      ...scope,
      cardId: card.id,
      expirationMonth: values.month.trim() === "" ? undefined : Number(values.month),
      expirationYear: values.year.trim() === "" ? undefined : Number(values.year),
      ...(values.holder.trim() ? { holderName: values.holder.trim() } : {}),
    });
    if (!parsed.success) {
      const errors: Record<string, string | undefined> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setFailure(null);
    try {
      const saved = await update.mutateAsync(parsed.data);
      await utils.admin.customers.get.invalidate({ customerId });
      onDone(
        t("admin.customers.cards.updated", {
          card: label,
          expiry: formatExpiry(saved.expirationMonth, saved.expirationYear),
        }),
      );
    } catch (error) {
      const described = describeError(error, { t, language });
      setFailure(described);
      if (described.field) setFieldErrors({ [described.field]: described.message });
    }
  });

  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t("admin.customers.cards.editTitle", { card: label })}
      confirmLabel={t("admin.customers.cards.save")}
      cancelLabel={t("admin.customers.cancel")}
      busy={update.isPending}
      busyLabel={t("admin.customers.working")}
      onConfirm={() => void submit()}
      onCancel={onClose}
    >
      <form className="customer-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          id="card-expiry-month"
          label={t("admin.customers.cards.month")}
          inputMode="numeric"
          disabled={update.isPending}
          error={fieldErrors.expirationMonth}
          {...form.register("month")}
        />
        <TextField
          id="card-expiry-year"
          label={t("admin.customers.cards.year")}
          inputMode="numeric"
          disabled={update.isPending}
          error={fieldErrors.expirationYear}
          {...form.register("year")}
        />
        <TextField
          id="card-holder"
          label={t("admin.customers.cards.holder")}
          description={t("admin.customers.cards.holderHint")}
          disabled={update.isPending}
          error={fieldErrors.holderName}
          {...form.register("holder")}
        />
        {failure ? <Alert tone="danger">{failure.message}</Alert> : null}
      </form>
    </ConfirmDialog>
  );
}

export function DeleteCardDialog({ customerId, scope, card, onClose, onDone }: CardDialogProps) {
  const { t, language } = useI18n();
  const label = useCardLabel()(card);
  const utils = trpc.useUtils();
  const remove = trpc.admin.customers.deleteCard.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    if (remove.isPending) return;
    try {
      await remove.mutateAsync({ customerId, cardId: card.id, ...scope });
      await utils.admin.customers.get.invalidate({ customerId });
      onDone(t("admin.customers.cards.deleted", { card: label }));
    } catch (error) {
      setFailure(describeError(error, { t, language }).message);
    }
  };
  return (
    <ConfirmDialog
      open
      title={t("admin.customers.cards.deleteTitle", { card: label })}
      confirmLabel={t("admin.customers.cards.delete")}
      cancelLabel={t("admin.customers.cancel")}
      busy={remove.isPending}
      busyLabel={t("admin.customers.working")}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t("admin.customers.cards.deleteBody")}</p>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
    </ConfirmDialog>
  );
}
