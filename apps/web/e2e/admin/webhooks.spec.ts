// The webhook inbox in the browser: a notification whose processing failed
// (the provider was down, say) is found through the inbox's filters, replayed
// by an operator, and the page follows it to processed, as the database does.
import { toJsonb } from "../../../server/src/db/schema";
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
