// "Send test notification" (as Stripe CLI's `trigger`, or the provider dashboard's "Simulate notification"): the
// sandbox posts a signed notification of the chosen topic to this store's webhook URL, so the inbox shows what
// Cobro does with it (processed, ignored or failed) without a real event.
import type { TestNotificationTopic } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { notificationUrlFor } from "../../provider/provider-urls";
import { recordAudit } from "../audit/record-audit";
import { assertSandboxMode, postSandboxControl } from "./sandbox-control-api";

export async function sendTestNotification(options: {
  deps: Pick<AppDeps, "db" | "providerSettings" | "publicUrl" | "now">;
  actorUserId: string;
  topic: TestNotificationTopic;
  dataId?: string;
}): Promise<{ topic: string; dataId: string }> {
  const { deps } = options;
  assertSandboxMode(deps);
  const url = notificationUrlFor(deps);
  if (!url) throw new AppError("CONFLICT", "This store has no webhook URL the sandbox can reach.");
  // No id given: one no resource has, so the notification is about nothing and the inbox shows Cobro's answer.
  const dataId = options.dataId || String(9_000_000_000 + Math.floor(Math.random() * 999_999_999));
  await postSandboxControl(deps, "/__sandbox/webhooks/simulate", { topic: options.topic, data_id: dataId, url });
  await recordAudit({
    db: deps.db,
    actorUserId: options.actorUserId,
    action: "sandbox.test_notification_sent",
    resourceType: "webhook",
    resourceId: null,
    details: { topic: options.topic, dataId },
    now: deps.now(),
  });
  return { topic: options.topic, dataId };
}
