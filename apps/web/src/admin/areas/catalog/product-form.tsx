// Creates or edits a product: react-hook-form checked by the contracts'
// schemas, the price typed as a decimal and sent in minor units; the server's
// refusals (a taken slug, a bad field) land on their fields.
import { type AdminProduct, CATALOG_LANGUAGES } from "@cobro/contracts";
import { CURRENCY_DECIMALS, type CurrencyCode } from "@cobro/provider-client/money";
import { Button, Card, SelectField, TextField } from "@cobro/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useI18n } from "../../../i18n/i18n-context";
import { LANGUAGE_NAMES } from "../../../i18n/locale";
import { describeError, type UserFacingError } from "../../../shared/errors/describe-error";
import { collectFieldErrors, showFieldErrors, translatedResolver } from "../../../shared/forms/form-errors";
import { FormProblems } from "../../../shared/forms/form-problems";
import { trpc } from "../../../trpc";
import {
  formPathOf,
  PRODUCT_FORM_MESSAGES,
  type ProductFormValues,
  type productFormSchema,
  productFormSchemaIn,
  productFormValues,
  TRANSLATION_PATHS,
  toProductFields,
} from "./product-form-schema";

const ORDER = ["title", "slug", "description", "price", "currency", "imageUrl", ...TRANSLATION_PATHS] as const;
type FieldPath = (typeof ORDER)[number];
const CURRENCIES = Object.keys(CURRENCY_DECIMALS) as CurrencyCode[];

export interface ProductFormProps {
  /** The product to edit, or null for a new one. */
  product: AdminProduct | null;
  storeCurrency: CurrencyCode;
  onCancel: () => void;
  onSaved: (product: AdminProduct, created: boolean) => void;
}

export function ProductForm({ product, storeCurrency, onCancel, onSaved }: ProductFormProps) {
  const { t, language, locale } = useI18n();
  const create = trpc.admin.catalog.create.useMutation();
  const update = trpc.admin.catalog.update.useMutation();
  const form = useForm<ProductFormValues, unknown, z.output<typeof productFormSchema>>({
    defaultValues: productFormValues(product, storeCurrency, locale),
    resolver: translatedResolver(zodResolver(productFormSchemaIn(locale)), PRODUCT_FORM_MESSAGES, t),
  });
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const errors = collectFieldErrors(form.formState.errors, ORDER);
  const currency = form.watch("currency");
  const decimals = CURRENCY_DECIMALS[currency as CurrencyCode] ?? 2;
  const example = decimals === 0 ? "1500" : `125.${"5".padEnd(decimals, "0")}`;
  const busy = create.isPending || update.isPending;
  const idOf = (path: string) => `product-${path.replaceAll(".", "-")}`;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const fields = toProductFields(values, locale);
    try {
      if (product) {
        const result = await update.mutateAsync({ id: product.id, fields });
        onSaved(result.product, false);
      } else {
        onSaved(await create.mutateAsync(fields), true);
      }
    } catch (error) {
      const described = describeError(error, { t, language });
      setFailure(described);
      const fieldErrors: Partial<Record<FieldPath, string>> = {};
      for (const serverPath of Object.keys(described.fieldErrors)) {
        const path = formPathOf(serverPath) as FieldPath;
        const key = PRODUCT_FORM_MESSAGES[path];
        if (key) fieldErrors[path] = t(key);
      }
      // A refusal that names one field with a translated reason (a taken slug) goes on that field.
      if (described.field && described.reason)
        fieldErrors[formPathOf(described.field) as FieldPath] = described.message;
      showFieldErrors(form.setError, fieldErrors as Record<string, string>, ORDER);
    }
  });

  return (
    <Card title={product ? t("admin.catalog.editNamed", { title: product.title }) : t("admin.catalog.new")}>
      <form
        className="ui-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormProblems errors={errors} failure={failure} fieldIdOf={idOf} />
        <TextField
          id={idOf("title")}
          label={t("admin.catalog.form.title")}
          required
          {...form.register("title")}
          error={errors.title}
        />
        <TextField
          id={idOf("slug")}
          label={t("admin.catalog.form.slug")}
          description={t("admin.catalog.form.slugHint")}
          required
          {...form.register("slug")}
          error={errors.slug}
        />
        <TextField
          id={idOf("description")}
          label={t("admin.catalog.form.description")}
          {...form.register("description")}
          error={errors.description}
        />
        <TextField
          id={idOf("price")}
          label={t("admin.catalog.form.price")}
          description={t("admin.catalog.form.priceHint", { currency, example })}
          inputMode="decimal"
          required
          {...form.register("price")}
          error={errors.price}
        />
        <SelectField
          id={idOf("currency")}
          label={t("admin.catalog.form.currency")}
          options={CURRENCIES.map((code) => ({ value: code, label: code }))}
          {...form.register("currency")}
          error={errors.currency}
        />
        <TextField
          id={idOf("imageUrl")}
          label={t("admin.catalog.form.imageUrl")}
          type="url"
          {...form.register("imageUrl")}
          error={errors.imageUrl}
        />
        <fieldset className="admin-fieldset">
          <legend>{t("admin.catalog.form.translations")}</legend>
          <p className="ui-field__description">{t("admin.catalog.form.translationsHint")}</p>
          {CATALOG_LANGUAGES.map((code) => {
            const named = { language: LANGUAGE_NAMES[code] };
            return (
              <div key={code} className="admin-translation">
                <TextField
                  id={idOf(`translations.${code}.title`)}
                  label={t("admin.catalog.form.titleIn", named)}
                  lang={code}
                  {...form.register(`translations.${code}.title`)}
                  error={errors[`translations.${code}.title`]}
                />
                <TextField
                  id={idOf(`translations.${code}.description`)}
                  label={t("admin.catalog.form.descriptionIn", named)}
                  lang={code}
                  {...form.register(`translations.${code}.description`)}
                  error={errors[`translations.${code}.description`]}
                />
                <TextField
                  id={idOf(`translations.${code}.imageAlt`)}
                  label={t("admin.catalog.form.imageAltIn", named)}
                  lang={code}
                  {...form.register(`translations.${code}.imageAlt`)}
                  error={errors[`translations.${code}.imageAlt`]}
                />
              </div>
            );
          })}
        </fieldset>
        <label className="admin-checkbox">
          <input type="checkbox" {...form.register("active")} /> {t("admin.catalog.form.active")}
        </label>
        <div className="admin-form-actions">
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" busy={busy} busyLabel={t("admin.catalog.form.saving")}>
            {t("admin.catalog.form.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
