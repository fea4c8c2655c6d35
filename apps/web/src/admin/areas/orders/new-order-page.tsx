// /admin/virtual-terminal/new: the virtual terminal. A staff member (operator or admin) types the amount, a description,
// the payer's e-mail and document, chooses automatic (charge now) or manual (create, review, then process) and
// "authorize only", and the card into the provider's secure fields (the card never reaches Cobro: only its token
// does). "Review the charge" makes the token and asks for confirmation; "Charge" creates the order with the
// page's idempotency key. The key is made once per charge and reused by every repeat (a double click, "Try
// again" after an unseen answer), so the same charge makes one order; it changes only once the charge is over.
import { type CreateOrderInput, createOrderInputSchema, type OrderOutcome } from "@cobro/contracts";
import { Alert, ConfirmDialog, LoadingState, PageHeading, SelectField, TextField } from "@cobro/ui";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { useMoneyInput } from "../../../shared/forms/money-input";
import { CardForm, type CardFormSubmission } from "../../../shared/payments/card-form";
import { trpc } from "../../../trpc";
import { useCardChargeRequest } from "../../components/use-card-charge-request";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";

interface ChargeValues {
  amount: string;
  description: string;
  reference: string;
  email: string;
  idType: string;
  idNumber: string;
  mode: "automatic" | "manual";
  authorizeOnly: boolean;
}

export function NewOrderPage() {
  const { t, formatMoney } = useI18n();
  useDocumentTitle(t("admin.orders.newTitle"));
  const navigate = useNavigate();
  const canCharge = useCanAct("operator");
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const documentTypes = trpc.checkout.identificationTypes.useQuery(undefined, { staleTime: 10 * 60_000 });
  const create = trpc.admin.orders.create.useMutation();
  const utils = trpc.useUtils();
  // One key per charge; a new one only once this charge is over (done, declined, or refused before any order).
  const request = useCardChargeRequest<CreateOrderInput>();
  const { idempotencyKey, cardGeneration, pending, unknown, failure, failureField } = request;
  const currency = config.data?.currency ?? "ARS";
  const money = useMoneyInput();
  const amountFieldLabel = t("admin.orders.form.amount", { currency });
  // provider: with test credentials the Orders API refuses payer e-mails without @testuser.com (400
  // invalid_email_for_sandbox, docs/provider-facts.md §5.3): said beside the field and checked before anything is sent.
  const testMode = config.data?.providerMode === "sandbox";

  const form = useForm<ChargeValues>({
    defaultValues: {
      amount: "",
      description: "",
      reference: "",
      email: "",
      idType: "",
      idNumber: "",
      mode: "automatic",
      authorizeOnly: false,
    },
  });
  const { register, formState, setValue, getValues, trigger } = form;
  const [amountText, idType, idNumber] = useWatch({ control: form.control, name: ["amount", "idType", "idNumber"] });
  const amountMinor = money.minorOrNull(amountText, currency);

  useEffect(() => {
    const first = documentTypes.data?.[0];
    if (first && !getValues("idType")) setValue("idType", first.id);
  }, [documentTypes.data, getValues, setValue]);

  // Read-only for a viewer: the notice, never a form that would fail on submit.
  if (!canCharge) {
    return (
      <section>
        <p>
          <Link to="/admin/virtual-terminal">{t("admin.orders.back")}</Link>
        </p>
        <PageHeading title={t("admin.orders.newTitle")} />
        <ReadOnlyNotice />
      </section>
    );
  }
  if (config.isPending || documentTypes.isPending) return <LoadingState label={t("common.loading")} />;
  if (documentTypes.isError) return <Alert tone="danger">{t("admin.orders.form.loadFailed")}</Alert>;

  const shape = createOrderInputSchema.shape;
  const validateWith =
    (schema: { safeParse(value: unknown): { success: boolean } }, message: string) => (value: unknown) =>
      schema.safeParse(value).success || message;

  const review = async (card: CardFormSubmission) => {
    const values = getValues();
    const minor = money.minorOrNull(values.amount, currency);
    if (minor === null) throw new Error(t("admin.orders.form.amountInvalid"));
    const input = createOrderInputSchema.parse({
      idempotencyKey,
      amountMinor: minor,
      currency,
      description: values.description,
      ...(values.reference.trim() ? { externalReference: values.reference.trim() } : {}),
      payer: { email: values.email, identification: { type: values.idType, number: values.idNumber } },
      processingMode: values.mode,
      captureMode: values.authorizeOnly ? "manual" : "automatic",
      card: { cardToken: card.cardToken, paymentMethodId: card.paymentMethodId, installments: card.installments },
    });
    request.review(input, card.paymentMethodId);
  };

  const finish = (outcome: OrderOutcome) => {
    void utils.admin.orders.list.invalidate();
    if (outcome.outcome === "unknown") {
      request.answered("unknown");
      return;
    }
    navigate(`/admin/virtual-terminal/${outcome.orderId}`);
  };

  const charge = () => {
    if (!pending) return;
    create.mutate(pending.input, {
      onSuccess: finish,
      // Unseen: the same charge is repeated with the same key; refused before any money moved: a new charge.
      onError: request.failed,
    });
  };

  const errors = formState.errors;
  const types = documentTypes.data ?? [];
  const chosenType = types.find((type) => type.id === idType);
  const amountLabel = pending
    ? formatMoney(pending.input.amountMinor, pending.input.currency)
    : amountMinor !== null
      ? formatMoney(amountMinor, currency)
      : "";
  const manual = pending?.input.processingMode === "manual";

  return (
    <section>
      <p>
        <Link to="/admin/virtual-terminal">{t("admin.orders.back")}</Link>
      </p>
      <PageHeading title={t("admin.orders.newTitle")} description={t("admin.orders.newDescription")} />
      {failure ? <Alert tone="danger">{t("admin.orders.form.refusedKeepCard", { reason: failure })}</Alert> : null}
      <CardForm
        key={cardGeneration}
        unlockKey={request.retryGeneration}
        idPrefix="terminal-card"
        installmentsFor={amountMinor !== null ? { amountMinor, currency } : undefined}
        identification={idType && idNumber ? { type: idType, number: idNumber } : null}
        submitLabel={t("admin.orders.form.submit")}
        busyLabel={t("admin.orders.form.working")}
        validateExtra={() => trigger()}
        onSubmit={review}
      >
        <TextField
          label={amountFieldLabel}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register("amount", { validate: money.validate(currency, amountFieldLabel) })}
        />
        <TextField
          label={t("admin.orders.form.description")}
          maxLength={200}
          error={errors.description?.message}
          {...register("description", { validate: validateWith(shape.description, t("errors.badRequest")) })}
        />
        <TextField
          label={t("admin.orders.form.reference")}
          description={t("admin.orders.form.referenceHint")}
          maxLength={64}
          error={errors.reference?.message}
          {...register("reference", {
            validate: (value) =>
              value.trim() === "" ||
              (shape.externalReference.safeParse(value).success && /^[A-Za-z0-9_-]+$/.test(value.trim())) ||
              t("admin.orders.form.referenceHint"),
          })}
        />
        <TextField
          label={t("admin.orders.form.email")}
          type="email"
          autoComplete="off"
          {...(testMode ? { description: t("admin.orders.form.emailTestHint") } : {})}
          error={errors.email?.message ?? (failureField === "payer.email" ? (failure ?? undefined) : undefined)}
          {...register("email", {
            validate: (value) => {
              if (!shape.payer.shape.email.safeParse(value).success) return t("checkout.error.email");
              if (testMode && !value.trim().toLowerCase().endsWith("@testuser.com")) {
                return t("admin.orders.form.emailTestRule");
              }
              return true;
            },
          })}
        />
        <SelectField
          label={t("admin.orders.form.idType")}
          options={types.map((type) => ({ value: type.id, label: type.name }))}
          {...register("idType")}
        />
        <TextField
          label={t("admin.orders.form.idNumber")}
          autoComplete="off"
          error={errors.idNumber?.message}
          {...register("idNumber", {
            validate: (value) => {
              const digits = value.trim();
              if (!shape.payer.shape.identification.shape.number.safeParse(digits).success) {
                return t("checkout.error.identificationLength", {
                  min: chosenType?.minLength ?? 1,
                  max: chosenType?.maxLength ?? 30,
                });
              }
              if (chosenType && (digits.length < chosenType.minLength || digits.length > chosenType.maxLength)) {
                return t("checkout.error.identificationLength", {
                  min: chosenType.minLength,
                  max: chosenType.maxLength,
                });
              }
              return true;
            },
          })}
        />
        <fieldset className="ui-choices">
          <legend className="ui-choices__legend">{t("admin.orders.form.mode")}</legend>
          <div className="ui-choices__option">
            <input type="radio" id="terminal-mode-automatic" value="automatic" {...register("mode")} />
            <label htmlFor="terminal-mode-automatic">{t("admin.orders.form.modeAutomatic")}</label>
          </div>
          <div className="ui-choices__option">
            <input type="radio" id="terminal-mode-manual" value="manual" {...register("mode")} />
            <label htmlFor="terminal-mode-manual">{t("admin.orders.form.modeManual")}</label>
          </div>
        </fieldset>
        <div className="ui-checkbox">
          <input id="terminal-authorize-only" type="checkbox" {...register("authorizeOnly")} />
          <label htmlFor="terminal-authorize-only">{t("admin.orders.form.authorizeOnly")}</label>
        </div>
      </CardForm>

      <ConfirmDialog
        open={pending !== null}
        tone="primary"
        title={t("admin.orders.confirmCharge.title")}
        confirmLabel={
          unknown
            ? t("admin.orders.dialog.tryAgain")
            : manual
              ? t("admin.orders.confirmCharge.confirmManual")
              : t("admin.orders.confirmCharge.confirm")
        }
        cancelLabel={t("admin.orders.dialog.cancel")}
        busy={create.isPending}
        busyLabel={t("admin.orders.dialog.working")}
        onConfirm={charge}
        onCancel={request.cancelReview}
      >
        {pending ? (
          <p>
            {t(
              manual
                ? "admin.orders.confirmCharge.bodyManual"
                : pending.input.captureMode === "manual"
                  ? "admin.orders.confirmCharge.bodyAuthorize"
                  : "admin.orders.confirmCharge.bodyAutomatic",
              {
                amount: amountLabel,
                brand: pending.brand,
                email: pending.input.payer.email,
              },
            )}
          </p>
        ) : null}
        {unknown ? <Alert tone="warning">{t("admin.orders.dialog.unknown")}</Alert> : null}
      </ConfirmDialog>
    </section>
  );
}
