// The webhook inbox in the browser: a notification whose processing failed
// (the provider was down, say) is found through the inbox's filters, replayed
// by an operator, and the page follows it to processed, as the database does. A topic Cobro does not act on ends
// `ignored` with its reason in words (in each language), and stays replayable.
import { toJsonb } from "@cobro/server/testing";
import { expect, test } from "../support/fixtures";
import { createCardPayment } from "../support/sandbox-control";
import { signInStaff } from "../support/staff";

test("[admin][webhooks] a failed notification is replayed from the inbox", async ({ page, context, db }) => {
  const payment = await createCardPayment({ amount: 777 });
  const event = await db
    .insertInto("webhook_events")
    .values({
      dedupe_key: `payment:${payment.id}:${crypto.randomUUID()}`,
      topic: "payment",
      action: "payment.created",
      data_id: String(payment.id),
      request_id: crypto.randomUUID(),
      signature_valid: true,
      status: "failed",
      attempts: 1,
      deliveries: 2,
      last_error: "ProviderServerError: 503 Service Unavailable",
      payload: toJsonb({ type: "payment", action: "payment.created", data: { id: String(payment.id) } }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const operator = await signInStaff({ db, context, role: "operator" });

  await page.goto("/admin/webhooks?status=failed&topic=payment");
  const row = page.locator(`tr[data-event-id="${event.id}"]`);
  await expect(row).toContainText(String(payment.id));
  await expect(row).toContainText("Failed");
  await expect(row).toContainText("503 Service Unavailable");
  await row.getByRole("link").click();

  await expect(page).toHaveURL(new RegExp(`/admin/webhooks/${event.id}$`));
  await expect(page.getByTestId("webhook-status")).toHaveText("Failed");
  await expect(page.getByTestId("webhook-attempts")).toHaveText("1");
  await expect(page.getByText('"payment.created"', { exact: false }).first()).toBeVisible();

  await page.getByRole("button", { name: "Replay" }).click();
  await expect(page.getByText("Replay queued.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("webhook-status")).toHaveText("Processed");
  await expect(page.getByTestId("webhook-attempts")).toHaveText("2");
  await expect(page.getByTestId("webhook-attempt-log")).toContainText("Processed");
  await expect(page.getByRole("button", { name: "Replay" })).toBeDisabled();

  const stored = await db.selectFrom("webhook_events").selectAll().where("id", "=", event.id).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ status: "processed", attempts: 2 });
  const attempts = await db
    .selectFrom("webhook_event_attempts")
    .select(["outcome", "error"])
    .where("webhook_event_id", "=", event.id)
    .execute();
  expect(attempts).toEqual([{ outcome: "processed", error: null }]);
  const mirror = await db
    .selectFrom("payments")
    .select(["status", "amount_minor"])
    .where("provider_payment_id", "=", payment.id)
    .execute();
  expect(mirror).toEqual([{ status: "approved", amount_minor: 77_700 }]);
  const audit = await db
    .selectFrom("audit_log")
    .select(["actor_user_id", "action"])
    .where("resource_type", "=", "webhook_event")
    .where("resource_id", "=", event.id)
    .execute();
  expect(audit).toEqual([{ actor_user_id: operator.id, action: "webhook_event.replayed" }]);
});

test("[admin][webhooks] a topic Cobro does not act on is kept ignored with its reason in words, in en, es and pt", async ({
  page,
  context,
  db,
}) => {
  const event = await db
    .insertInto("webhook_events")
    .values({
      dedupe_key: `topic_brand_new_wh:42:${crypto.randomUUID()}`,
      topic: "topic_brand_new_wh",
      action: "brand_new.created",
      data_id: "42",
      request_id: crypto.randomUUID(),
      signature_valid: true,
      status: "received",
      payload: toJsonb({ type: "topic_brand_new_wh", action: "brand_new.created", data: { id: "42" } }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await signInStaff({ db, context, role: "operator" });

  // Queued again from the console: the server's job runs it and keeps it ignored, with the reason.
  await page.goto(`/admin/webhooks/${event.id}`);
  await page.getByRole("button", { name: "Replay" }).click();
  await expect(page.getByTestId("webhook-status")).toHaveText("Ignored");
  await expect(page.getByTestId("webhook-ignored-reason")).toHaveText(
    "Unknown topic: this version of Cobro does not know it. It is kept and can be replayed once a later version handles it.",
  );
  expect(
    await db
      .selectFrom("webhook_events")
      .select(["status", "ignored_reason"])
      .where("id", "=", event.id)
      .executeTakeFirstOrThrow(),
  ).toEqual({ status: "ignored", ignored_reason: "unknown_topic" });
  // Still replayable, for the version that handles it.
  await expect(page.getByRole("button", { name: "Replay" })).toBeEnabled();

  await page.getByLabel("Language", { exact: true }).selectOption("es");
  await expect(page.getByTestId("webhook-ignored-reason")).toContainText("Tema desconocido");
  await page.getByLabel("Idioma", { exact: true }).selectOption("pt");
  await expect(page.getByTestId("webhook-ignored-reason")).toContainText("Tópico desconhecido");
});

test("[admin][webhooks] in sandbox mode an operator sends a test notification and the inbox shows what Cobro did with it", async ({
  page,
  context,
  db,
}) => {
  await signInStaff({ db, context, role: "operator" });
  await page.goto("/admin/webhooks");
  const panel = page.getByRole("region", { name: "Send test notification (sandbox only)" });
  await panel.getByLabel("Resource id (optional)").fill("not an id!");
  await panel.getByRole("button", { name: "Send test notification" }).click();
  await expect(panel.getByText("Resource id: letters, digits, - and _ only")).toBeVisible();

  const dataId = `9${Date.now()}`;
  await panel.getByLabel("Topic").selectOption("merchant_order");
  await panel.getByLabel("Resource id (optional)").fill(dataId);
  await panel.getByRole("button", { name: "Send test notification" }).click();
  await expect(panel.getByText(`Sent a merchant_order notification for id ${dataId}.`)).toBeVisible();

  // Signed by the sandbox, stored by the webhook route, then worked on by the job (the merchant order does not
  // exist, so it does not stay `received`).
  await expect
    .poll(
      async () =>
        (
          await db
            .selectFrom("webhook_events")
            .select(["topic", "signature_valid", "status"])
            .where("data_id", "=", dataId)
            .executeTakeFirst()
        )?.status ?? "none",
      { timeout: 20_000 },
    )
    .toMatch(/^(processed|ignored|failed)$/);
  const event = await db
    .selectFrom("webhook_events")
    .select(["id", "topic", "signature_valid"])
    .where("data_id", "=", dataId)
    .executeTakeFirstOrThrow();
  expect(event).toMatchObject({ topic: "merchant_order", signature_valid: true });
  await page.goto(`/admin/webhooks/${event.id}`);
  await expect(page.getByTestId("webhook-status")).not.toHaveText("Received");
});
