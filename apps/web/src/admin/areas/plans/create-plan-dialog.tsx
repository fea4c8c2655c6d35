// "New plan": the plan's fields in a dialog. The dialog keys its plan by `useIntentKey`, so a double submit or a
// retry after a lost answer makes one plan; a definite refusal (a bad field) gets a fresh key, since nothing was
// created and the next try is a new request.
import type { CurrencyCode } from "@cobro/provider-client/money";
import { Alert, ConfirmDialog } from "@cobro/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import type { UserFacingError } from "../../../shared/errors/describe-error";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { trpc } from "../../../trpc";
import { emptyPlanForm, type PlanFormErrors, PlanFormFields, type PlanFormValues, toPlanFields } from "./plan-form";

export function CreatePlanDialog({ currency, onClose }: { currency: CurrencyCode; onClose(): void }) {
  const { t, moneyLocaleFor } = useI18n();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const intent = useIntentKey();
  const [errors, setErrors] = useState<PlanFormErrors>({});
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const create = trpc.admin.plans.create.useMutation();
  const form = useForm<PlanFormValues>({ defaultValues: emptyPlanForm() });

  const submit = form.handleSubmit(async (values) => {
    if (create.isPending) return;
    const checked = toPlanFields(values, currency, moneyLocaleFor(currency), t);
    setErrors(checked.errors ?? {});
    setFailure(null);
    if (!checked.fields) return;
    try {
      const created = await create.mutateAsync({ plan: checked.fields, idempotencyKey: intent.idempotencyKey });
      await utils.admin.plans.search.invalidate();
      navigate(`/admin/plans/${encodeURIComponent(created.id)}`, {
        state: { outcome: t("admin.plans.create.done", { reason: created.reason }) },
      });
    } catch (error) {
      setFailure(intent.failed(error));
    }
  });

  const busy = create.isPending;
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t("admin.plans.create.title")}
      confirmLabel={t("admin.plans.create.submit")}
      cancelLabel={t("admin.plans.cancel")}
      busy={busy}
      busyLabel={t("admin.plans.working")}
      onConfirm={() => void submit()}
      onCancel={onClose}
    >
      <form className="plan-form" onSubmit={(event) => void submit(event)} noValidate>
        <PlanFormFields
          form={form}
          errors={errors}
          failure={failure}
          disabled={busy}
          idPrefix="new-plan"
          currency={currency}
        />
        {hasErrors ? <Alert tone="danger">{t("admin.plans.error.summary")}</Alert> : null}
        {failure ? <Alert tone="danger">{failure.message}</Alert> : null}
      </form>
    </ConfirmDialog>
  );
}
