// /admin/subscriptions/new: a subscription without a plan (`POST /preapproval`, status authorized). An operator types
// the payer's e-mail, what it is for, the amount of each charge (in the store's currency), how often, an optional
// start and end and an external reference, and the payer's card into the provider's secure fields (only a card token
// reaches Cobro). It moves money (Mercado Pago then charges the card on schedule), so "Review" asks for confirmation
// and the page holds ONE idempotency key, reused by every repeat ("Try again" after an unseen answer): the same
// request makes one subscription. The key changes only once the request is over (created, or refused).
import { type AdminSubscriptionCreateInput, adminSubscriptionCreateInputSchema } from "@cobro/contracts";
import { Alert, ConfirmDialog, LoadingState, PageHeading, SelectField, TextField } from "@cobro/ui";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { MessageKey } from "../../../i18n/dictionary";
import { useI18n } from "../../../i18n/i18n-context";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { useMoneyInput } from "../../../shared/forms/money-input";
import { CardForm, type CardFormSubmission } from "../../../shared/payments/card-form";
import { trpc } from "../../../trpc";
import { useCardChargeRequest } from "../../components/use-card-charge-request";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";

interface SubscriptionValues {
  payerEmail: string;
  reason: string;
  amount: string;
  frequency: string;
  frequencyType: "days" | "months";
  startDate: string;
  endDate: string;
  externalReference: string;
}

/** A date field's "YYYY-MM-DD" → the start of that day in UTC, as the provider's date-time. */
function dayToIso(day: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00.000Z` : undefined;
}

const UNIT_WORDS: Record<"days" | "months", MessageKey> = {
  days: "admin.subscriptions.new.days",
  months: "admin.subscriptions.new.months",
};

export function NewSubscriptionPage() {
  const { t, formatMoney, formatDate } = useI18n();
  useDocumentTitle(t("admin.subscriptions.new.title"));
  const navigate = useNavigate();
  const canAct = useCanAct("operator");
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const create = trpc.admin.subscriptions.create.useMutation();
  const utils = trpc.useUtils();
  const request = useCardChargeRequest<AdminSubscriptionCreateInput>();
  const { idempotencyKey, cardGeneration, pending, unknown, failure } = request;
  const currency = config.data?.currency ?? "ARS";
  const money = useMoneyInput();
  const form = useForm<SubscriptionValues>({
    defaultValues: {
      payerEmail: "",
      reason: "",
      amount: "",
      frequency: "1",
      frequencyType: "months",
      startDate: "",
      endDate: "",
      externalReference: "",
    },
  });
  const { register, formState, getValues, trigger } = form;
  const [startDate] = useWatch({ control: form.control, name: ["startDate"] });

  // Read-only for a viewer: the notice, never a form that would fail on submit.
  if (!canAct) return <ReadOnlyNotice />;
  if (config.isPending) return <LoadingState label={t("common.loading")} />;

  const shape = adminSubscriptionCreateInputSchema.shape;
  const check =
    (schema: { safeParse(value: unknown): { success: boolean } }, message: MessageKey) => (value: unknown) =>
      schema.safeParse(value).success || t(message);

  const review = async (card: CardFormSubmission) => {
    const values = getValues();
    const parsed = adminSubscriptionCreateInputSchema.safeParse({
      idempotencyKey,
      payerEmail: values.payerEmail,
      reason: values.reason,
      amountMinor: money.minorOrNull(values.amount, currency),
      currency,
      frequency: Number(values.frequency),
      frequencyType: values.frequencyType,
      startDate: dayToIso(values.startDate),
      endDate: dayToIso(values.endDate),
      externalReference: values.externalReference.trim() || undefined,
      cardToken: card.cardToken,
    });
    if (!parsed.success) throw new Error(t("admin.subscriptions.new.invalid"));
    request.review(parsed.data, card.paymentMethodId);
  };

  const submit = () => {
    if (!pending || create.isPending) return;
    create.mutate(pending.input, {
      onSuccess: (outcome) => {
        void utils.admin.subscriptions.search.invalidate();
        if (outcome.outcome === "unknown" || !outcome.subscriptionId) {
          request.answered("unknown");
          return;
        }
        navigate(`/admin/subscriptions/${encodeURIComponent(outcome.subscriptionId)}`);
      },
      // Refused before any subscription was made: the next attempt is a new request (new key, new card token).
      onError: request.failed,
    });
  };

  const errors = formState.errors;
  const input = pending?.input;
  return (
    <section>
      <p>
        <Link to="/admin/subscriptions">{t("admin.subscriptions.back")}</Link>
      </p>
      <PageHeading title={t("admin.subscriptions.new.title")} description={t("admin.subscriptions.new.description")} />
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <CardForm
        key={cardGeneration}
        unlockKey={request.retryGeneration}
        idPrefix="subscription-new-card"
        submitLabel={t("admin.subscriptions.new.review")}
        busyLabel={t("admin.subscriptions.new.working")}
        validateExtra={() => trigger()}
        onSubmit={review}
      >
        <TextField
          label={t("admin.subscriptions.new.payerEmail")}
          type="email"
          autoComplete="off"
          error={errors.payerEmail?.message}
          {...register("payerEmail", { validate: check(shape.payerEmail, "admin.subscriptions.new.invalidEmail") })}
        />
        <TextField
          label={t("admin.subscriptions.new.reason")}
          maxLength={200}
          error={errors.reason?.message}
          {...register("reason", { validate: check(shape.reason, "admin.subscriptions.new.invalidReason") })}
        />
        <TextField
          label={t("admin.subscriptions.new.amount", { currency })}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register("amount", {
            validate: money.validate(currency, t("admin.subscriptions.new.amount", { currency })),
          })}
        />
        <TextField
          label={t("admin.subscriptions.new.frequency")}
          inputMode="numeric"
          autoComplete="off"
          error={errors.frequency?.message}
          {...register("frequency", {
            validate: (value) =>
              shape.frequency.safeParse(Number(value)).success || t("admin.subscriptions.new.invalidFrequency"),
          })}
        />
        <SelectField
          label={t("admin.subscriptions.new.frequencyType")}
          options={[
            { value: "months", label: t("admin.subscriptions.new.months") },
            { value: "days", label: t("admin.subscriptions.new.days") },
          ]}
          {...register("frequencyType")}
        />
        <TextField
          label={t("admin.subscriptions.new.startDate")}
          type="date"
          error={errors.startDate?.message}
          {...register("startDate")}
        />
        <TextField
          label={t("admin.subscriptions.new.endDate")}
          type="date"
          error={errors.endDate?.message}
          {...register("endDate", {
            validate: (value) => !value || !startDate || value > startDate || t("admin.subscriptions.new.invalidDates"),
          })}
        />
        <TextField
          label={t("admin.subscriptions.new.reference")}
          maxLength={64}
          autoComplete="off"
          error={errors.externalReference?.message}
          {...register("externalReference", {
            validate: (value) =>
              value.trim() === "" ||
              shape.externalReference.safeParse(value).success ||
              t("admin.subscriptions.new.invalidReference"),
          })}
        />
      </CardForm>

      <ConfirmDialog
        open={pending !== null}
        tone="primary"
        title={t("admin.subscriptions.new.confirmTitle")}
        confirmLabel={unknown ? t("admin.subscriptions.request.tryAgain") : t("admin.subscriptions.new.confirm")}
        cancelLabel={t("admin.subscriptions.request.cancel")}
        busy={create.isPending}
        busyLabel={t("admin.subscriptions.working")}
        onConfirm={submit}
        onCancel={request.cancelReview}
      >
        {input && pending ? (
          <p>
            {t("admin.subscriptions.new.confirmBody", {
              email: input.payerEmail,
              amount: formatMoney(input.amountMinor, input.currency),
              frequency: input.frequency,
              unit: t(UNIT_WORDS[input.frequencyType]),
              brand: pending.brand || "—",
              start: input.startDate ? formatDate(input.startDate, "date") : t("admin.subscriptions.new.now"),
            })}
          </p>
        ) : null}
        {unknown ? <Alert tone="warning">{t("admin.subscriptions.request.unknown")}</Alert> : null}
      </ConfirmDialog>
    </section>
  );
}
