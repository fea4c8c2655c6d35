// /admin/links/new: create a payment link. The page keys its link by `useIntentKey`: a double click or a retry
// after a lost answer makes one link; a refusal (nothing was made) starts a new key for the corrected form, and
// "Create another" a new key for the next link. Prices are typed in the store's currency and sent in minor units.
import { type CreateLinkOutput, createLinkInputSchema } from "@cobro/contracts";
import { type CurrencyCode, isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, Button, Card, PageHeading, TextField } from "@cobro/ui";
import { CheckboxGroupField } from "@cobro/ui/admin";
import { useState } from "react";
import { useController, useForm } from "react-hook-form";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { describeError } from "../../../shared/errors/describe-error";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { trpc } from "../../../trpc";
import { emptyLineItem, type LineItemRow, LineItemsEditor } from "../../components/line-items-editor";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { CatalogPicker } from "./catalog-picker";
import { issuesByField, itemErrorKey, localToIso, toItemInputs, translateIssues } from "./link-form";
import { LinkShare } from "./link-share";

interface FormState {
  items: LineItemRow[];
  payerEmail: string;
  expiresFrom: string;
  expiresTo: string;
  externalReference: string;
  excluded: string[];
  maxInstallments: string;
}

const EMPTY_FORM: FormState = {
  items: [emptyLineItem()],
  payerEmail: "",
  expiresFrom: "",
  expiresTo: "",
  externalReference: "",
  excluded: [],
  maxInstallments: "",
};

function CreatedPanel({ link, onAnother }: { link: CreateLinkOutput; onAnother(): void }) {
  const { t } = useI18n();
  if (!link.initPoint || !link.preferenceId) return null;
  return (
    <Card>
      <Alert tone="success">{t("admin.links.created")}</Alert>
      <LinkShare initPoint={link.initPoint} />
      <div className="admin-actions">
        <Link to={`/admin/links/${encodeURIComponent(link.preferenceId)}`}>{t("admin.links.openDetail")}</Link>
        <Button variant="secondary" onClick={onAnother}>
          {t("admin.links.another")}
        </Button>
      </div>
    </Card>
  );
}

export function LinkCreatePage() {
  const { t, language, moneyLocaleFor } = useI18n();
  const canCreate = useCanAct("operator");
  const { loading: userLoading } = useCurrentUser();
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const methods = trpc.checkout.paymentMethods.useQuery(undefined, { staleTime: 10 * 60_000 });
  const currency: CurrencyCode =
    config.data && isSupportedCurrency(config.data.currency) ? config.data.currency : "ARS";
  const form = useForm<FormState>({ defaultValues: EMPTY_FORM });
  const excluded = useController({ control: form.control, name: "excluded" });
  const intent = useIntentKey();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = trpc.admin.links.create.useMutation({
    onSuccess: (result) => intent.answered(result.outcome),
    onError: (error) => {
      // A refusal made nothing: the hook gives the corrected form a new key.
      const failure = intent.failed(error);
      const fields: Record<string, string> = {};
      for (const [field, messages] of Object.entries(failure.fieldErrors)) {
        if (messages?.[0]) fields[field] = messages[0];
      }
      setErrors(fields);
    },
  });
  const busy = create.isPending;
  const created = create.data?.outcome === "created" ? create.data : null;

  const submit = form.handleSubmit((values) => {
    const input = {
      items: toItemInputs(values.items, currency, moneyLocaleFor(currency)),
      currency,
      ...(values.payerEmail.trim() ? { payerEmail: values.payerEmail.trim() } : {}),
      ...(localToIso(values.expiresFrom) ? { expiresFrom: localToIso(values.expiresFrom) } : {}),
      ...(localToIso(values.expiresTo) ? { expiresTo: localToIso(values.expiresTo) } : {}),
      ...(values.externalReference.trim() ? { externalReference: values.externalReference.trim() } : {}),
      excludedPaymentMethods: values.excluded,
      ...(values.maxInstallments.trim() ? { maxInstallments: Number(values.maxInstallments) } : {}),
      idempotencyKey: intent.idempotencyKey,
    };
    const parsed = createLinkInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(translateIssues(issuesByField(parsed.error.issues), t, currency));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  });

  const startAgain = () => {
    form.reset(EMPTY_FORM);
    setErrors({});
    // The created link ended its intent already; the next link is a new one.
    intent.renew();
    create.reset();
  };

  const field = (key: "payerEmail" | "expiresFrom" | "expiresTo" | "externalReference" | "maxInstallments") => ({
    id: `link-${key}`,
    disabled: busy,
    error: errors[key],
    ...form.register(key),
  });

  // A viewer reads the notice instead of a form the server would refuse.
  if (!canCreate && !userLoading) {
    return (
      <section>
        <PageHeading title={t("admin.links.newTitle")} />
        <ReadOnlyNotice />
      </section>
    );
  }
  return (
    <section>
      <PageHeading title={t("admin.links.newTitle")} description={t("admin.links.intro")} />
      {created ? (
        <CreatedPanel link={created} onAnother={startAgain} />
      ) : (
        <Card>
          <form
            className="ui-form"
            onSubmit={(event) => void submit(event)}
            noValidate
            aria-label={t("admin.links.newTitle")}
          >
            <LineItemsEditor
              form={form}
              legend={t("admin.links.items")}
              idPrefix="link-item"
              currency={currency}
              disabled={busy}
              maxRows={20}
              errorOf={(index, key) => errors[itemErrorKey(index, key)]}
              error={errors.items}
              addons={(add) => <CatalogPicker currency={currency} onPick={add} />}
            />
            <TextField label={t("admin.links.payerEmail")} type="email" {...field("payerEmail")} />
            <div className="ui-form__row">
              <TextField label={t("admin.links.expiresFrom")} type="datetime-local" {...field("expiresFrom")} />
              <TextField label={t("admin.links.expiresTo")} type="datetime-local" {...field("expiresTo")} />
            </div>
            <TextField label={t("admin.links.externalReference")} maxLength={256} {...field("externalReference")} />
            <CheckboxGroupField
              id="link-excluded"
              label={t("admin.links.excluded")}
              options={(methods.data ?? []).map((method) => ({ value: method.id, label: method.name }))}
              value={excluded.field.value}
              onChange={excluded.field.onChange}
              disabled={busy}
              emptyText={t("admin.links.excludedNone")}
            />
            <TextField label={t("admin.links.maxInstallments")} inputMode="numeric" {...field("maxInstallments")} />
            {errors.currency ? <Alert tone="danger">{errors.currency}</Alert> : null}
            {create.isError ? (
              <Alert tone="danger">{describeError(create.error, { t, language }).message}</Alert>
            ) : Object.keys(errors).length > 0 ? (
              <Alert tone="danger">{t("admin.links.fixErrors")}</Alert>
            ) : null}
            {create.data?.outcome === "unknown" ? <Alert tone="warning">{t("admin.links.unknown")}</Alert> : null}
            <div className="admin-actions">
              <Button type="submit" disabled={busy}>
                {busy ? t("admin.links.creating") : t("admin.links.create")}
              </Button>
              <Link to="/admin/links">{t("admin.links.detail.back")}</Link>
            </div>
          </form>
        </Card>
      )}
    </section>
  );
}
