// The changes staff make to a link: Edit (items, expiry, back URLs) and Expire now (after a confirmation). Each
// dialog holds ONE idempotency key, made when it opens and reused by every retry. An answer that was not seen is
// said as such, never as a failure.
import { type LinkDetail, updateLinkInputSchema } from "@cobro/contracts";
import { type CurrencyCode, isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, ConfirmDialog, TextField } from "@cobro/ui";
import { useState } from "react";
import { describeError } from "../../../errors/describe-error";
import { useI18n } from "../../../i18n/i18n-context";
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

/** The connected seller a link belongs to (its changes go to that account); empty for the store's own. */
export type LinkAccount = { account?: string };

export function EditLinkDialog({ link, scope, onClose }: { link: LinkDetail; scope: LinkAccount; onClose(): void }) {
  const { t, moneyLocaleFor } = useI18n();
  const currency: CurrencyCode = isSupportedCurrency(link.total.currency) ? link.total.currency : "ARS";
  const locale = moneyLocaleFor(currency);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [items, setItems] = useState<LineItemRow[]>(() =>
    link.items.map((item) => ({
      title: item.title,
      quantity: String(item.quantity),
      unitPrice: minorToPrice(item.unitPrice.amountMinor, currency, locale),
      ...(item.id ? { productId: undefined } : {}),
    })),
  );
  const [expiresFrom, setExpiresFrom] = useState(isoToLocal(link.expiresFrom));
  const [expiresTo, setExpiresTo] = useState(isoToLocal(link.expiresTo));
  const [backUrls, setBackUrls] = useState(link.backUrls);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const update = trpc.admin.links.update.useMutation({
    onSettled: () => void utils.admin.links.get.invalidate({ preferenceId: link.preferenceId, ...scope }),
  });
  const outcome = useOutcomeAlert("admin.links.edit.done");
  const done = update.isSuccess && update.data.outcome === "done";
  const busy = update.isPending;

  const submit = () => {
    const input = {
      preferenceId: link.preferenceId,
      currency,
      items: toItemInputs(items, currency, locale),
      expiresFrom: localToIso(expiresFrom) ?? null,
      expiresTo: localToIso(expiresTo) ?? null,
      backUrls,
      idempotencyKey,
      ...scope,
    };
    const parsed = updateLinkInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(translateIssues(issuesByField(parsed.error.issues), t, currency));
      return;
    }
    setErrors({});
    update.mutate(parsed.data);
  };

  const locked = busy || done;
  const urlField = (key: keyof typeof backUrls, label: string) => (
    <TextField
      id={`link-back-${key}`}
      label={label}
      type="url"
      value={backUrls[key]}
      disabled={locked}
      error={errors[`backUrls.${key}`]}
      onChange={(event) => setBackUrls((prev) => ({ ...prev, [key]: event.target.value }))}
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
      onConfirm={done ? onClose : submit}
      onCancel={onClose}
    >
      <form
        className="ui-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <LineItemsEditor
          legend={t("admin.links.items")}
          idPrefix="link-edit-item"
          rows={items}
          currency={currency}
          disabled={locked}
          maxRows={20}
          errorOf={(index, key) => errors[itemErrorKey(index, key)]}
          error={errors.items}
          onChange={setItems}
        />
        <div className="ui-form__row">
          <TextField
            id="link-edit-expiresFrom"
            label={t("admin.links.expiresFrom")}
            type="datetime-local"
            value={expiresFrom}
            disabled={locked}
            error={errors.expiresFrom}
            onChange={(event) => setExpiresFrom(event.target.value)}
          />
          <TextField
            id="link-edit-expiresTo"
            label={t("admin.links.expiresTo")}
            type="datetime-local"
            value={expiresTo}
            disabled={locked}
            error={errors.expiresTo}
            onChange={(event) => setExpiresTo(event.target.value)}
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
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const utils = trpc.useUtils();
  const expire = trpc.admin.links.expire.useMutation({
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
      onConfirm={done ? onClose : () => expire.mutate({ preferenceId, idempotencyKey, ...scope })}
      onCancel={onClose}
    >
      <p>{t("admin.links.expire.body")}</p>
      {outcome(expire)}
    </ConfirmDialog>
  );
}
