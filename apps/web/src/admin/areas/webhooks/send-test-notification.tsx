// Sandbox only: "Send test notification" (as Stripe CLI's `trigger`, or the provider dashboard's "Simulate
// notification"). The sandbox's control API posts a signed notification of the chosen topic to this store's webhook
// route, so the inbox shows what Cobro does with it (processed, ignored, failed) without waiting for a real event.
// The server refuses it in live mode.
import { TEST_NOTIFICATION_TOPICS, type TestNotificationTopic } from "@cobro/contracts";
import { Button, SelectField, TextField } from "@cobro/ui";
import { type FormEvent, useState } from "react";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { OutcomeAlert, useOutcome } from "../admin-outcome";

function isTopic(value: string): value is TestNotificationTopic {
  return (TEST_NOTIFICATION_TOPICS as readonly string[]).includes(value);
}

export function SendTestNotification() {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const send = trpc.admin.webhooks.sendTestNotification.useMutation();
  const { outcome, succeeded, failed, clear } = useOutcome();
  const [topic, setTopic] = useState<TestNotificationTopic>("payment");
  const [dataId, setDataId] = useState("");
  const [idError, setIdError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    if (!/^[A-Za-z0-9_-]{0,64}$/.test(dataId.trim())) {
      setIdError(t("admin.webhooks.test.idInvalid"));
      return;
    }
    setIdError(null);
    send.mutate(
      { topic, ...(dataId.trim() ? { dataId: dataId.trim() } : {}) },
      {
        onSuccess: (result) => {
          succeeded(t("admin.webhooks.test.sent", { topic: result.topic, id: result.dataId }));
          // The delivery lands within a moment; the inbox shows it on its next read.
          void utils.admin.webhooks.list.invalidate();
        },
        onError: failed,
      },
    );
  };

  return (
    <section aria-labelledby="webhooks-test-title" className="admin-test-controls">
      <h2 id="webhooks-test-title">{t("admin.webhooks.test.title")}</h2>
      <p className="admin-hint">{t("admin.webhooks.test.description")}</p>
      <form className="admin-filters" noValidate onSubmit={submit}>
        <SelectField
          label={t("admin.webhooks.test.topic")}
          name="test-topic"
          value={topic}
          onChange={(event) => {
            if (isTopic(event.target.value)) setTopic(event.target.value);
          }}
          options={TEST_NOTIFICATION_TOPICS.map((value) => ({ value, label: value }))}
        />
        <TextField
          label={t("admin.webhooks.test.dataId")}
          name="test-data-id"
          description={t("admin.webhooks.test.dataIdHint")}
          value={dataId}
          error={idError ?? undefined}
          onChange={(event) => setDataId(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={send.isPending}>
          {send.isPending ? t("admin.common.working") : t("admin.webhooks.test.send")}
        </Button>
      </form>
      <OutcomeAlert outcome={outcome} onDismiss={clear} />
    </section>
  );
}
