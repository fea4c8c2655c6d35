// The store's identity in the console: name, statement descriptor (with its preview), e-mail sender and brand
// colour (with its contrast against white text), checked in the browser by the same zod schema the server applies
// (`storeIdentityFormSchema`), so a refusal names the field before anything is sent and nothing typed is lost.
import {
  contrastWithWhite,
  type StoreIdentityForm as StoreIdentityValues,
  type StoreSettings,
  storeIdentityFormSchema,
} from "@cobro/contracts";
import { Button, Card, TextField } from "@cobro/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "../../../i18n/i18n-context";
import { describeError, type UserFacingError } from "../../../shared/errors/describe-error";
import {
  collectFieldErrors,
  type FieldMessages,
  serverFieldErrors,
  showFieldErrors,
  translatedResolver,
} from "../../../shared/forms/form-errors";
import { FormProblems } from "../../../shared/forms/form-problems";
import { trpc } from "../../../trpc";

const ORDER = ["storeName", "statementDescriptor", "senderName", "senderAddress", "brandColor"] as const;

const MESSAGES: FieldMessages = {
  storeName: "admin.settings.error.storeName",
  statementDescriptor: "admin.settings.error.statementDescriptor",
  senderName: "admin.settings.error.senderName",
  senderAddress: "admin.settings.error.senderAddress",
  brandColor: "admin.settings.error.brandColor",
};

const idOf = (path: string) => `store-${path}`;

export interface IdentityFormProps {
  settings: StoreSettings;
  onSaved: (result: { settings: StoreSettings; version: number; changed: string[] }) => void;
}

export function IdentityForm({ settings, onSaved }: IdentityFormProps) {
  const { t, language } = useI18n();
  const update = trpc.admin.settings.update.useMutation();
  const form = useForm<StoreIdentityValues>({
    defaultValues: {
      storeName: settings.storeName,
      statementDescriptor: settings.statementDescriptor,
      senderName: settings.senderName,
      senderAddress: settings.senderAddress,
      brandColor: settings.brandColor,
    },
    resolver: translatedResolver(zodResolver(storeIdentityFormSchema), MESSAGES, t),
  });
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const errors = collectFieldErrors(form.formState.errors, ORDER);
  const descriptor = form.watch("statementDescriptor").trim();
  const color = form.watch("brandColor").trim().toLowerCase();
  const validColor = /^#[0-9a-f]{6}$/.test(color);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await update.mutateAsync(values);
      form.reset({
        storeName: result.settings.storeName,
        statementDescriptor: result.settings.statementDescriptor,
        senderName: result.settings.senderName,
        senderAddress: result.settings.senderAddress,
        brandColor: result.settings.brandColor,
      });
      onSaved(result);
    } catch (error) {
      const described = describeError(error, { t, language });
      setFailure(described);
      showFieldErrors(form.setError, serverFieldErrors(described, MESSAGES, { t, language }), ORDER);
    }
  });

  return (
    <Card title={t("admin.settings.identity.title")}>
      <p className="ui-field__description">{t("admin.settings.identity.hint")}</p>
      <form
        className="ui-form"
        noValidate
        aria-label={t("admin.settings.identity.title")}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormProblems errors={errors} failure={failure} fieldIdOf={idOf} />
        <TextField
          id={idOf("storeName")}
          label={t("admin.settings.identity.storeName")}
          description={t("admin.settings.identity.storeNameHint")}
          required
          maxLength={60}
          {...form.register("storeName")}
          error={errors.storeName}
        />
        <TextField
          id={idOf("statementDescriptor")}
          label={t("admin.settings.identity.statementDescriptor")}
          description={t("admin.settings.identity.statementDescriptorHint")}
          required
          {...form.register("statementDescriptor")}
          error={errors.statementDescriptor}
        />
        <p className="admin-statement-preview">
          {t("admin.settings.identity.statementPreview")}{" "}
          <samp data-testid="statement-preview">{descriptor || "—"}</samp>
        </p>
        <TextField
          id={idOf("senderName")}
          label={t("admin.settings.identity.senderName")}
          description={t("admin.settings.identity.senderNameHint")}
          {...form.register("senderName")}
          error={errors.senderName}
        />
        <TextField
          id={idOf("senderAddress")}
          label={t("admin.settings.identity.senderAddress")}
          description={t("admin.settings.identity.senderAddressHint")}
          type="email"
          autoComplete="off"
          {...form.register("senderAddress")}
          error={errors.senderAddress}
        />
        <TextField
          id={idOf("brandColor")}
          label={t("admin.settings.identity.brandColor")}
          description={t("admin.settings.identity.brandColorHint")}
          required
          {...form.register("brandColor")}
          error={errors.brandColor}
        />
        {validColor ? (
          <p className="admin-color-preview">
            {/* Inline: the swatch is this form's alone (admin.css belongs to the console's shell). */}
            <span
              style={{ background: color, color: "#fff", padding: "0.125rem 0.5rem", borderRadius: "0.25rem" }}
              aria-hidden="true"
            >
              Aa
            </span>{" "}
            {t("admin.settings.identity.contrast", { ratio: contrastWithWhite(color).toFixed(2) })}
          </p>
        ) : null}
        <Button type="submit" busy={update.isPending} busyLabel={t("admin.settings.saving")}>
          {t("admin.settings.identity.save")}
        </Button>
      </form>
    </Card>
  );
}
