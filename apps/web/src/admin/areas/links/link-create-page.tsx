// /admin/links/new: create a payment link. The page holds ONE idempotency key, made when it opens and reused by
// every submit, so a double click or a retry after a lost answer makes one link; a refusal (nothing was made)
// starts a new key for the corrected form. Prices are typed in the store's currency and sent in minor units.
import { type CreateLinkOutput, createLinkInputSchema } from "@cobro/contracts";
import { type CurrencyCode, isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, Button, Card, PageHeading, TextField } from "@cobro/ui";
import { CheckboxGroupField } from "@cobro/ui/admin";
import { TRPCClientError } from "@trpc/client";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../../components/app-layout";
import { describeError } from "../../../errors/describe-error";
import { useI18n } from "../../../i18n/i18n-context";
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
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = trpc.admin.links.create.useMutation({
    onError: (error) => {
      // A refusal made nothing: the corrected form is a new intent with a new key.
      if (error instanceof TRPCClientError && error.data?.httpStatus >= 400 && error.data?.httpStatus < 500) {
        setIdempotencyKey(crypto.randomUUID());
      }
      const failure = describeError(error, { t, language });
      const fields: Record<string, string> = {};
      for (const [field, messages] of Object.entries(failure.fieldErrors)) {
        if (messages?.[0]) fields[field] = messages[0];
      }
      setErrors(fields);
    },
  });
  const busy = create.isPending;
  const created = create.data?.outcome === "created" ? create.data : null;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((prev) => ({ ...prev, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = {
      items: toItemInputs(form.items, currency, moneyLocaleFor(currency)),
      currency,
      ...(form.payerEmail.trim() ? { payerEmail: form.payerEmail.trim() } : {}),
      ...(localToIso(form.expiresFrom) ? { expiresFrom: localToIso(form.expiresFrom) } : {}),
      ...(localToIso(form.expiresTo) ? { expiresTo: localToIso(form.expiresTo) } : {}),
      ...(form.externalReference.trim() ? { externalReference: form.externalReference.trim() } : {}),
      excludedPaymentMethods: form.excluded,
      ...(form.maxInstallments.trim() ? { maxInstallments: Number(form.maxInstallments) } : {}),
      idempotencyKey,
    };
    const parsed = createLinkInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(translateIssues(issuesByField(parsed.error.issues), t, currency));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  const startAgain = () => {
    setForm(EMPTY_FORM);
    setErrors({});
    setIdempotencyKey(crypto.randomUUID());
    create.reset();
  };

  const field = (key: "payerEmail" | "expiresFrom" | "expiresTo" | "externalReference" | "maxInstallments") => ({
    id: `link-${key}`,
    value: form[key],
    disabled: busy,
    error: errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
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
          <form className="ui-form" onSubmit={submit} noValidate aria-label={t("admin.links.newTitle")}>
            <LineItemsEditor
              legend={t("admin.links.items")}
              idPrefix="link-item"
              rows={form.items}
              currency={currency}
              disabled={busy}
              maxRows={20}
              errorOf={(index, key) => errors[itemErrorKey(index, key)]}
              error={errors.items}
              onChange={(items) => set("items", items)}
              addons={
                <CatalogPicker
                  currency={currency}
                  onPick={(row) => set("items", [...form.items.filter((r) => r.title || r.unitPrice), row])}
                />
              }
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
              value={form.excluded}
              onChange={(excluded) => set("excluded", excluded)}
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
