// /admin/links/new: create a payment link. The page holds ONE idempotency key, made when it opens and reused by
// every submit, so a double click or a retry after a lost answer makes one link; a refusal (nothing was made)
// starts a new key for the corrected form. Prices are typed in the store's currency and sent in minor units.
import { type CreateLinkOutput, createLinkInputSchema } from "@cobro/contracts";
import { type CurrencyCode, isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, Button, Card, PageHeading } from "@cobro/ui";
import { TRPCClientError } from "@trpc/client";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { describeError } from "../../../errors/describe-error";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { ItemsEditor } from "./items-editor";
import { emptyItem, type ItemRow, issuesByField, localToIso, toItemInputs, translateIssues } from "./link-form";
import { LinkShare } from "./link-share";

interface FormState {
  items: ItemRow[];
  payerEmail: string;
  expiresFrom: string;
  expiresTo: string;
  externalReference: string;
  excluded: string[];
  maxInstallments: string;
}

const EMPTY_FORM: FormState = {
  items: [emptyItem()],
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
      <div className="payment-actions">
        <Link to={`/admin/links/${encodeURIComponent(link.preferenceId)}`}>{t("admin.links.openDetail")}</Link>
        <Button variant="secondary" onClick={onAnother}>
          {t("admin.links.another")}
        </Button>
      </div>
    </Card>
  );
}

export function LinkCreatePage() {
  const { t, language } = useI18n();
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
      items: toItemInputs(form.items, currency),
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

  const fieldError = (key: string) =>
    errors[key] ? (
      <span role="alert" className="links-field-error">
        {errors[key]}
      </span>
    ) : null;

  return (
    <section>
      <PageHeading title={t("admin.links.newTitle")} />
      <p>{t("admin.links.intro")}</p>
      {created ? (
        <CreatedPanel link={created} onAnother={startAgain} />
      ) : (
        <form className="links-form" onSubmit={submit} noValidate aria-label={t("admin.links.newTitle")}>
          <ItemsEditor
            rows={form.items}
            currency={currency}
            disabled={busy}
            errors={errors}
            onChange={(items) => set("items", items)}
            withCatalog
          />
          <label>
            {t("admin.links.payerEmail")}
            <input
              type="email"
              value={form.payerEmail}
              disabled={busy}
              aria-invalid={errors.payerEmail ? true : undefined}
              onChange={(event) => set("payerEmail", event.target.value)}
            />
          </label>
          {fieldError("payerEmail")}
          <label>
            {t("admin.links.expiresFrom")}
            <input
              type="datetime-local"
              value={form.expiresFrom}
              disabled={busy}
              onChange={(event) => set("expiresFrom", event.target.value)}
            />
          </label>
          <label>
            {t("admin.links.expiresTo")}
            <input
              type="datetime-local"
              value={form.expiresTo}
              disabled={busy}
              aria-invalid={errors.expiresTo ? true : undefined}
              onChange={(event) => set("expiresTo", event.target.value)}
            />
          </label>
          {fieldError("expiresTo")}
          <label>
            {t("admin.links.externalReference")}
            <input
              value={form.externalReference}
              maxLength={256}
              disabled={busy}
              aria-invalid={errors.externalReference ? true : undefined}
              onChange={(event) => set("externalReference", event.target.value)}
            />
          </label>
          {fieldError("externalReference")}
          <fieldset>
            <legend>{t("admin.links.excluded")}</legend>
            {(methods.data ?? []).length === 0 ? <p>{t("admin.links.excludedNone")}</p> : null}
            {(methods.data ?? []).map((method) => (
              <label key={method.id} className="links-check">
                <input
                  type="checkbox"
                  checked={form.excluded.includes(method.id)}
                  disabled={busy}
                  onChange={(event) =>
                    set(
                      "excluded",
                      event.target.checked
                        ? [...form.excluded, method.id]
                        : form.excluded.filter((id) => id !== method.id),
                    )
                  }
                />
                {method.name}
              </label>
            ))}
          </fieldset>
          <label>
            {t("admin.links.maxInstallments")}
            <input
              inputMode="numeric"
              value={form.maxInstallments}
              disabled={busy}
              aria-invalid={errors.maxInstallments ? true : undefined}
              onChange={(event) => set("maxInstallments", event.target.value)}
            />
          </label>
          {fieldError("maxInstallments")}
          {errors.currency ? <Alert tone="danger">{errors.currency}</Alert> : null}
          {create.isError ? (
            <Alert tone="danger">{describeError(create.error, { t, language }).message}</Alert>
          ) : Object.keys(errors).length > 0 ? (
            <Alert tone="danger">{t("admin.links.fixErrors")}</Alert>
          ) : null}
          {create.data?.outcome === "unknown" ? <Alert tone="warning">{t("admin.links.unknown")}</Alert> : null}
          <div className="payment-actions">
            <Button type="submit" disabled={busy}>
              {busy ? t("admin.links.creating") : t("admin.links.create")}
            </Button>
            <Link to="/admin/links">{t("admin.links.detail.back")}</Link>
          </div>
        </form>
      )}
    </section>
  );
}
