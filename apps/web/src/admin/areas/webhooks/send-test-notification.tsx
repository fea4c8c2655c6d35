// Sandbox only: "Send test notification" (as Stripe CLI's `trigger`, or the provider dashboard's "Simulate
// notification"). The sandbox's control API posts a signed notification of the chosen topic to this store's webhook
// route, so the inbox shows what Cobro does with it (processed, ignored, failed) without waiting for a real event.
// The server refuses it in live mode.
import { TEST_NOTIFICATION_TOPICS, type TestNotificationTopic } from "@cobro/contracts";
import { Button, SelectField, TextField } from "@cobro/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useI18n } from "../../../i18n/i18n-context";
import { type FieldMessages, translatedResolver } from "../../../shared/forms/form-errors";
import { trpc } from "../../../trpc";
import { OutcomeAlert, useOutcome } from "../admin-outcome";

// An id is optional (the sandbox makes one); a typed one is a plain token.
const testNotificationSchema = z.object({
  topic: z.enum(TEST_NOTIFICATION_TOPICS),
  dataId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,64}$/),
});
const TEST_MESSAGES: FieldMessages = { dataId: "admin.webhooks.test.idInvalid" };

export function SendTestNotification() {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const send = trpc.admin.webhooks.sendTestNotification.useMutation();
  const { outcome, succeeded, failed, clear } = useOutcome();
  const form = useForm<
    { topic: TestNotificationTopic; dataId: string },
    unknown,
    z.output<typeof testNotificationSchema>
  >({
    defaultValues: { topic: "payment", dataId: "" },
    resolver: translatedResolver(zodResolver(testNotificationSchema), TEST_MESSAGES, t),
  });

  const submit = form.handleSubmit(({ topic, dataId }) => {
    clear();
    send.mutate(
      { topic, ...(dataId ? { dataId } : {}) },
      {
        onSuccess: (result) => {
          succeeded(t("admin.webhooks.test.sent", { topic: result.topic, id: result.dataId }));
          // The delivery lands within a moment; the inbox shows it on its next read.
          void utils.admin.webhooks.list.invalidate();
        },
        onError: failed,
      },
    );
  });

  return (
    <section aria-labelledby="webhooks-test-title" className="admin-test-controls">
      <h2 id="webhooks-test-title">{t("admin.webhooks.test.title")}</h2>
      <p className="admin-hint">{t("admin.webhooks.test.description")}</p>
      <form className="admin-filters" noValidate onSubmit={(event) => void submit(event)}>
        <SelectField
          label={t("admin.webhooks.test.topic")}
          options={TEST_NOTIFICATION_TOPICS.map((value) => ({ value, label: value }))}
          {...form.register("topic")}
        />
        <TextField
          label={t("admin.webhooks.test.dataId")}
          description={t("admin.webhooks.test.dataIdHint")}
          error={form.formState.errors.dataId?.message}
          {...form.register("dataId")}
        />
        <Button type="submit" variant="secondary" disabled={send.isPending}>
          {send.isPending ? t("admin.common.working") : t("admin.webhooks.test.send")}
        </Button>
      </form>
      <OutcomeAlert outcome={outcome} onDismiss={clear} />
    </section>
  );
}
