// "New customer": e-mail plus the optional fields. The dialog keys its customer by `useIntentKey`, so a double
// submit or a retry after a lost answer makes one customer; a definite refusal (a taken e-mail, a bad field) gets a
// fresh key, since nothing was created and the next try is a new request.
import { customerCreateInputSchema } from "@cobro/contracts";
import { Alert, ConfirmDialog, TextField } from "@cobro/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import type { UserFacingError } from "../../../shared/errors/describe-error";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { trpc } from "../../../trpc";
import {
  CustomerFormFields,
  type CustomerFormValues,
  EMPTY_CUSTOMER_FORM,
  fieldError,
  toCustomerFields,
} from "./customer-form-fields";

export function CreateCustomerDialog({ onClose }: { onClose(): void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const intent = useIntentKey();
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const create = trpc.admin.customers.create.useMutation();
  const form = useForm<CustomerFormValues & { email: string }>({
    defaultValues: { ...EMPTY_CUSTOMER_FORM, email: "" },
  });

  const submit = form.handleSubmit(async (values) => {
    if (create.isPending) return;
    const parsed = customerCreateInputSchema.safeParse({
      email: values.email,
      ...toCustomerFields(values),
      idempotencyKey: intent.idempotencyKey,
    });
    if (!parsed.success) {
      // The server's own schema, checked here first: nothing is sent while a field is wrong.
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        fieldErrors[path] = [...(fieldErrors[path] ?? []), issue.message];
      }
      setFailure({
        message: parsed.error.issues[0]?.message ?? "",
        hint: null,
        fieldErrors,
        field: null,
        reason: null,
        appCode: "BAD_REQUEST",
        httpStatus: null,
        retryAfterSeconds: null,
        network: false,
      });
      return;
    }
    setFailure(null);
    try {
      const created = await create.mutateAsync(parsed.data);
      await utils.admin.customers.search.invalidate();
      navigate(`/admin/customers/${encodeURIComponent(created.id)}`, {
        state: { outcome: t("admin.customers.create.done", { email: created.email }) },
      });
    } catch (error) {
      setFailure(intent.failed(error));
    }
  });

  const busy = create.isPending;
  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t("admin.customers.create.title")}
      confirmLabel={t("admin.customers.create.submit")}
      cancelLabel={t("admin.customers.cancel")}
      busy={busy}
      busyLabel={t("admin.customers.working")}
      onConfirm={() => void submit()}
      onCancel={onClose}
    >
      <form className="customer-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          id="new-customer-email"
          type="email"
          label={t("admin.customers.field.email")}
          required
          disabled={busy}
          error={fieldError(failure, "email")}
          {...form.register("email")}
        />
        <CustomerFormFields
          register={(name) => form.register(name)}
          error={failure}
          disabled={busy}
          idPrefix="new-customer"
        />
        {failure ? <Alert tone="danger">{failure.message}</Alert> : null}
      </form>
    </ConfirmDialog>
  );
}
