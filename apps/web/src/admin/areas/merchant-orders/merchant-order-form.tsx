// The form of a merchant order the merchant records (new) or changes (edit): item lines (title, quantity, unit
// price typed in the currency's decimals and sent in minor units), external reference, preference id (new only),
// notification URL and additional info. The form keys its intent by `useIntentKey`: a double click or a retry
// after an unseen answer sends the same key (the server and the provider make one order); after a refusal the
// values may change, so a new key is made. Errors are shown next to their field, nothing typed is lost.
import {
  type CreateMerchantOrderInput,
  createMerchantOrderInputSchema,
  formatMoneyInput,
  type MerchantOrderItemInput,
  type MerchantOrderWriteResult,
  type UpdateMerchantOrderInput,
  updateMerchantOrderInputSchema,
} from "@cobro/contracts";
import type { CurrencyCode } from "@cobro/provider-client/money";
import { Alert, Button, TextField } from "@cobro/ui";
import { CheckboxField, TextareaField } from "@cobro/ui/admin";
import { useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { useI18n } from "../../../i18n/i18n-context";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { emptyLineItem, type LineItemRow, LineItemsEditor, priceTextToMinor } from "../../components/line-items-editor";

export interface MerchantOrderFormValues {
  items: LineItemRow[];
  changeItems: boolean;
  externalReference: string;
  preferenceId: string;
  notificationUrl: string;
  additionalInfo: string;
}

export interface MerchantOrderFormProps {
  mode: "create" | "edit";
  currency: CurrencyCode;
  initial?: {
    items: MerchantOrderItemInput[];
    externalReference: string | null;
    notificationUrl: string | null;
    additionalInfo: string | null;
  };
  /** Sends the input (with the form's key); resolves with the outcome or rejects with the server's error. */
  submit(
    input: { idempotencyKey: string } & Partial<CreateMerchantOrderInput & UpdateMerchantOrderInput>,
  ): Promise<MerchantOrderWriteResult>;
  onDone(result: MerchantOrderWriteResult): void;
  onCancel?: () => void;
}

/** Our input field (as the server and the contract name it) → the form's field. */
function formFieldOf(path: readonly PropertyKey[]): FieldPath<MerchantOrderFormValues> | null {
  const [head, index, leaf] = path.map(String);
  if (head === "items" && index !== undefined && leaf !== undefined) {
    const field = leaf === "unitPriceMinor" ? "unitPrice" : leaf;
    if (field === "title" || field === "quantity" || field === "unitPrice") {
      return `items.${Number(index)}.${field}` as FieldPath<MerchantOrderFormValues>;
    }
  }
  if (
    head === "externalReference" ||
    head === "preferenceId" ||
    head === "notificationUrl" ||
    head === "additionalInfo"
  )
    return head;
  return null;
}

export function MerchantOrderForm({ mode, currency, initial, submit, onDone, onCancel }: MerchantOrderFormProps) {
  const { t, moneyLocaleFor } = useI18n();
  const locale = moneyLocaleFor(currency);
  const intent = useIntentKey();
  const { idempotencyKey } = intent;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "danger" | "warning"; message: string } | null>(null);
  const form = useForm<MerchantOrderFormValues>({
    defaultValues: {
      items:
        initial && initial.items.length > 0
          ? initial.items.map((item) => ({
              title: item.title,
              quantity: String(item.quantity),
              unitPrice: formatMoneyInput(item.unitPriceMinor, currency, locale),
            }))
          : [emptyLineItem()],
      changeItems: mode === "create",
      externalReference: initial?.externalReference ?? "",
      preferenceId: "",
      notificationUrl: initial?.notificationUrl ?? "",
      additionalInfo: initial?.additionalInfo ?? "",
    },
  });
  const errors = form.formState.errors;
  const changeItems = form.watch("changeItems");

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    form.clearErrors();
    const itemsWanted =
      mode === "create"
        ? values.items.some((item) => item.title.trim() !== "" || item.unitPrice.trim() !== "") ||
          values.preferenceId.trim() === ""
        : values.changeItems;
    let priceInvalid = false;
    const items = values.items.map((item, index) => {
      const unitPriceMinor = priceTextToMinor(item.unitPrice, currency, locale);
      if (itemsWanted && unitPriceMinor === null) {
        priceInvalid = true;
        form.setError(`items.${index}.unitPrice`, { message: t("admin.merchantOrders.form.badPrice", { currency }) });
      }
      const quantity = item.quantity.trim();
      return {
        title: item.title,
        quantity: /^\d{1,9}$/.test(quantity) ? Number(quantity) : Number.NaN,
        unitPriceMinor: unitPriceMinor ?? 0,
      };
    });
    const text = (value: string) => value.trim();
    let input: { idempotencyKey: string } & Partial<CreateMerchantOrderInput & UpdateMerchantOrderInput>;
    if (mode === "create") {
      input = {
        idempotencyKey,
        ...(itemsWanted ? { items } : {}),
        ...(text(values.externalReference) ? { externalReference: text(values.externalReference) } : {}),
        ...(text(values.preferenceId) ? { preferenceId: text(values.preferenceId) } : {}),
        ...(text(values.notificationUrl) ? { notificationUrl: text(values.notificationUrl) } : {}),
        ...(text(values.additionalInfo) ? { additionalInfo: text(values.additionalInfo) } : {}),
      };
    } else {
      // Only what changed is sent.
      const changed = (value: string, before: string | null | undefined) =>
        text(value) !== (before ?? "") ? text(value) : undefined;
      const externalReference = changed(values.externalReference, initial?.externalReference);
      const notificationUrl = changed(values.notificationUrl, initial?.notificationUrl);
      const additionalInfo = changed(values.additionalInfo, initial?.additionalInfo);
      input = {
        idempotencyKey,
        ...(values.changeItems ? { items } : {}),
        ...(externalReference !== undefined ? { externalReference } : {}),
        ...(notificationUrl !== undefined && notificationUrl !== "" ? { notificationUrl } : {}),
        ...(additionalInfo !== undefined ? { additionalInfo } : {}),
      };
      if (Object.keys(input).length === 1) {
        setOutcome({ tone: "danger", message: t("admin.merchantOrders.form.noChange") });
        return;
      }
    }
    // The server's own schema, checked here too: nothing is sent that it would refuse.
    const schema = mode === "create" ? createMerchantOrderInputSchema : updateMerchantOrderInputSchema;
    const parsed = schema.safeParse(mode === "create" ? input : { merchantOrderId: 1, ...input });
    if (!parsed.success || priceInvalid) {
      for (const issue of parsed.error?.issues ?? []) {
        const field = formFieldOf(issue.path);
        if (field && !(field.endsWith("unitPrice") && priceInvalid)) form.setError(field, { message: issue.message });
      }
      setOutcome({ tone: "danger", message: t("admin.merchantOrders.form.fixErrors") });
      return;
    }
    setBusy(true);
    try {
      const result = await submit(input);
      intent.answered(result.outcome);
      if (result.outcome === "unknown") {
        setOutcome({ tone: "warning", message: t("admin.merchantOrders.form.unknown") });
        return;
      }
      onDone(result);
    } catch (error) {
      // A refusal made nothing: the hook gives the corrected values a new key.
      const described = intent.failed(error);
      const field = described.field ? formFieldOf(described.field.split(".")) : null;
      if (field) form.setError(field, { message: described.message });
      setOutcome({ tone: described.unseen ? "warning" : "danger", message: described.message });
    } finally {
      setBusy(false);
    }
  });

  return (
    <form className="ui-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
      {mode === "edit" ? (
        <CheckboxField
          id="mo-change-items"
          label={t("admin.merchantOrders.form.changeItems")}
          disabled={busy}
          {...form.register("changeItems")}
        />
      ) : null}
      {changeItems ? (
        <LineItemsEditor
          legend={t("admin.merchantOrders.form.items")}
          // "Leave out to keep the current items" is about an edit; a new order's labels already name the currency.
          description={mode === "edit" ? t("admin.merchantOrders.form.itemsHint", { currency }) : undefined}
          idPrefix="mo-item"
          form={form}
          currency={currency}
          disabled={busy}
          errorOf={(index, field) => errors.items?.[index]?.[field]?.message}
        />
      ) : null}
      <TextField
        id="mo-reference"
        label={t("admin.merchantOrders.form.reference")}
        disabled={busy}
        {...form.register("externalReference")}
        error={errors.externalReference?.message}
      />
      {mode === "create" ? (
        <TextField
          id="mo-preference"
          label={t("admin.merchantOrders.form.preference")}
          description={t("admin.merchantOrders.form.preferenceHint")}
          disabled={busy}
          {...form.register("preferenceId")}
          error={errors.preferenceId?.message}
        />
      ) : null}
      <TextField
        id="mo-notification-url"
        label={t("admin.merchantOrders.form.notificationUrl")}
        description={mode === "create" ? t("admin.merchantOrders.form.notificationUrlHint") : undefined}
        type="url"
        disabled={busy}
        {...form.register("notificationUrl")}
        error={errors.notificationUrl?.message}
      />
      <TextareaField
        id="mo-additional-info"
        label={t("admin.merchantOrders.form.additionalInfo")}
        disabled={busy}
        {...form.register("additionalInfo")}
        error={errors.additionalInfo?.message}
      />
      {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
      <div className="admin-actions">
        <Button type="submit" busy={busy} busyLabel={t("admin.merchantOrders.form.working")}>
          {mode === "create" ? t("admin.merchantOrders.form.create") : t("admin.merchantOrders.form.save")}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t("admin.merchantOrders.form.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
