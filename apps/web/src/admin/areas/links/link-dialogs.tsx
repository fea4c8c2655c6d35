// The changes staff make to a link: Edit (items, expiry, back URLs) and Expire now (after a confirmation). Each
// dialog keys its change by `useIntentKey` (the same key for a retry after an unseen answer, a new one after a
// refusal). An answer that was not seen is said as such, never as a failure.
import { type LinkDetail, updateLinkInputSchema } from "@cobro/contracts";
import { type CurrencyCode, isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, ConfirmDialog, TextField } from "@cobro/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "../../../i18n/i18n-context";
import { describeError } from "../../../shared/errors/describe-error";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { trpc } from "../../../trpc";
import { type LineItemRow, LineItemsEditor } from "../../components/line-items-editor";
import {
  isoToLocal,
  issuesByField,
  itemErrorKey,
  localToIso,
  minorToPrice,
  toItemInputs,
  translateIssues,
} from "./link-form";

function useOutcomeAlert(doneKey: "admin.links.edit.done" | "admin.links.expire.done") {
  const { t, language } = useI18n();
  return (mutation: { isSuccess: boolean; isError: boolean; data?: { outcome: string }; error: unknown }) => {
    if (mutation.isSuccess && mutation.data) {
      return mutation.data.outcome === "unknown" ? (
        <Alert tone="warning">{t("admin.links.action.unknown")}</Alert>
      ) : (
        <Alert tone="success">{t(doneKey)}</Alert>
      );
    }
    if (mutation.isError) return <Alert tone="danger">{describeError(mutation.error, { t, language }).message}</Alert>;
    return null;
  };
}

interface EditLinkForm {
  items: LineItemRow[];
  expiresFrom: string;
  expiresTo: string;
  backUrls: LinkDetail["backUrls"];
}

/** The connected seller a link belongs to (its changes go to that account); empty for the store's own. */
export type LinkAccount = { account?: string };

export function EditLinkDialog({ link, scope, onClose }: { link: LinkDetail; scope: LinkAccount; onClose(): void }) {
  const { t, moneyLocaleFor } = useI18n();
  const currency: CurrencyCode = isSupportedCurrency(link.total.currency) ? link.total.currency : "ARS";
  const locale = moneyLocaleFor(currency);
  const intent = useIntentKey();
  const form = useForm<EditLinkForm>({
    defaultValues: {
      items: link.items.map((item) => ({
        title: item.title,
        quantity: String(item.quantity),
        unitPrice: minorToPrice(item.unitPrice.amountMinor, currency, locale),
      })),
      expiresFrom: isoToLocal(link.expiresFrom),
      expiresTo: isoToLocal(link.expiresTo),
      backUrls: link.backUrls,
    },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const update = trpc.admin.links.update.useMutation({
    onSuccess: (result) => intent.answered(result.outcome),
    onError: (error) => void intent.failed(error),
    onSettled: () => void utils.admin.links.get.invalidate({ preferenceId: link.preferenceId, ...scope }),
  });
  const outcome = useOutcomeAlert("admin.links.edit.done");
  const done = update.isSuccess && update.data.outcome === "done";
  const busy = update.isPending;

  const submit = form.handleSubmit((values) => {
    const input = {
      preferenceId: link.preferenceId,
      currency,
      items: toItemInputs(values.items, currency, locale),
      expiresFrom: localToIso(values.expiresFrom) ?? null,
      expiresTo: localToIso(values.expiresTo) ?? null,
      backUrls: values.backUrls,
      idempotencyKey: intent.idempotencyKey,
      ...scope,
    };
    const parsed = updateLinkInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(translateIssues(issuesByField(parsed.error.issues), t, currency));
      return;
    }
    setErrors({});
    update.mutate(parsed.data);
  });

  const locked = busy || done;
  const urlField = (key: keyof EditLinkForm["backUrls"], label: string) => (
    <TextField
      id={`link-back-${key}`}
      label={label}
      type="url"
      disabled={locked}
      error={errors[`backUrls.${key}`]}
      {...form.register(`backUrls.${key}`)}
    />
  );

  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t("admin.links.edit.title")}
      confirmLabel={done ? t("admin.links.action.close") : t("admin.links.edit.save")}
      cancelLabel={t("admin.links.action.cancel")}
      busy={busy}
      busyLabel={t("admin.links.action.working")}
      finished={done}
      onConfirm={done ? onClose : () => void submit()}
      onCancel={onClose}
    >
      <form className="ui-form" noValidate onSubmit={(event) => void submit(event)}>
        <LineItemsEditor
          form={form}
          legend={t("admin.links.items")}
          idPrefix="link-edit-item"
          currency={currency}
          disabled={locked}
          maxRows={20}
          errorOf={(index, key) => errors[itemErrorKey(index, key)]}
          error={errors.items}
        />
        <div className="ui-form__row">
          <TextField
            id="link-edit-expiresFrom"
            label={t("admin.links.expiresFrom")}
            type="datetime-local"
            disabled={locked}
            error={errors.expiresFrom}
            {...form.register("expiresFrom")}
          />
          <TextField
            id="link-edit-expiresTo"
            label={t("admin.links.expiresTo")}
            type="datetime-local"
            disabled={locked}
            error={errors.expiresTo}
            {...form.register("expiresTo")}
          />
        </div>
        {urlField("success", t("admin.links.edit.backSuccess"))}
        {urlField("pending", t("admin.links.edit.backPending"))}
        {urlField("failure", t("admin.links.edit.backFailure"))}
        {outcome(update)}
      </form>
    </ConfirmDialog>
  );
}

export function ExpireLinkDialog({
  preferenceId,
  scope,
  onClose,
}: {
  preferenceId: string;
  scope: LinkAccount;
  onClose(): void;
}) {
  const { t } = useI18n();
  const intent = useIntentKey();
  const utils = trpc.useUtils();
  const expire = trpc.admin.links.expire.useMutation({
    onSuccess: (result) => intent.answered(result.outcome),
    onError: (error) => void intent.failed(error),
    onSettled: () => void utils.admin.links.get.invalidate({ preferenceId, ...scope }),
  });
  const outcome = useOutcomeAlert("admin.links.expire.done");
  const done = expire.isSuccess && expire.data.outcome === "done";
  return (
    <ConfirmDialog
      open
      title={t("admin.links.expire.title")}
      confirmLabel={done ? t("admin.links.action.close") : t("admin.links.expire.confirm")}
      cancelLabel={t("admin.links.action.cancel")}
      busy={expire.isPending}
      busyLabel={t("admin.links.action.working")}
      finished={done}
      onConfirm={
        done ? onClose : () => expire.mutate({ preferenceId, idempotencyKey: intent.idempotencyKey, ...scope })
      }
      onCancel={onClose}
    >
      <p>{t("admin.links.expire.body")}</p>
      {outcome(expire)}
    </ConfirmDialog>
  );
}
