// The console's card terminals (Point) in the browser against the real server and its sandbox: an operator charges
// on a PDV terminal, the sandbox plays the card tap, and the page follows the charge live (over server-sent
// events, with no polling request) to FINISHED with its
// payment linked in Payments; a queued charge is cancelled, one already on the terminal cannot be; a terminal's
// mode is switched with the provider's restart rule shown; a viewer reads but cannot act. Each page is checked with axe.

import { createCheckout, pointIntentRows } from "@cobro/server/testing";
import { seriousViolations } from "../support/axe";
import { MAIN_STORE, SANDBOX_ACCESS_TOKEN } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import { seedProduct } from "../support/shop";

interface Device {
  id: string;
  operating_mode: string;
}

/** The sandbox as the store's seller, or its control API playing the terminal; never through the browser. */
async function sandbox<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${MAIN_STORE.sandboxUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${SANDBOX_ACCESS_TOKEN}`,
      ...(method === "GET" ? {} : { "x-idempotency-key": crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path} → ${response.status} ${text}`).toBe(true);
  return (text === "" ? null : JSON.parse(text)) as T;
}

async function devices(): Promise<Device[]> {
  return (await sandbox<{ devices: Device[] }>("GET", "/point/integration-api/devices?limit=50")).devices;
}

test("[admin][terminals] an operator charges on a terminal and watches the intent reach FINISHED after the sandbox taps the card", async ({
  page,
  db,
  signInAs,
}) => {
  const terminal = (await devices()).find((device) => device.operating_mode === "PDV")?.id ?? "";
  expect(terminal).not.toBe("");
  await signInAs({ role: "operator" });
  // Every tRPC procedure the page calls, to show it follows the charge over the stream and never polls it.
  const calls: Array<{ procedure: string; accept: string }> = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith("/api/trpc/")) return;
    for (const procedure of decodeURIComponent(path.slice("/api/trpc/".length)).split(",")) {
      calls.push({ procedure, accept: request.headers().accept ?? "" });
    }
  });
  await page.goto("/admin/terminals");
  await expect(page.getByRole("heading", { name: "Card terminals", level: 1 })).toBeVisible();
  const row = page.getByTestId(`terminal-row-${terminal}`);
  await expect(row).toContainText("PDV (integrated)");
  await expect(page.getByRole("table", { name: "Card terminals" }).locator("tbody tr")).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole("link", { name: terminal }).click();
  await expect(page.getByRole("heading", { name: `Terminal ${terminal}` })).toBeVisible();
  await expect(page.getByText("No charges sent to this terminal yet")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Charge on this terminal" }).click();
  const dialog = page.getByRole("dialog", { name: `Charge on ${terminal}` });
  await dialog.getByLabel("Amount (ARS)").fill("12,3,4");
  await dialog.getByLabel("Description").fill("Table 4");
  await dialog.getByRole("button", { name: "Send to the terminal" }).click();
  // Bad input is named next to its field; nothing is sent and nothing typed is lost.
  await expect(dialog.getByText("Amount (ARS): that is not an amount. Write it like 5,000.50.")).toBeVisible();
  await expect(dialog.getByLabel("Description")).toHaveValue("Table 4");
  expect(await seriousViolations(page)).toEqual([]);
  const reference = `table-${crypto.randomUUID().slice(0, 8)}`;
  await dialog.getByLabel("Amount (ARS)").fill("1234.50");
  await dialog.getByLabel("Installments", { exact: true }).selectOption("3");
  await dialog.getByLabel("Who pays the installments' interest").selectOption("buyer");
  await dialog.getByLabel("External reference").fill(reference);
  await dialog.getByRole("button", { name: "Send to the terminal" }).dblclick();

  await page.waitForURL(/\/admin\/terminals\/intents\/[0-9a-f-]{36}$/);
  const localId = page.url().split("/").pop() ?? "";
  await expect(page.getByTestId("intent-state")).toContainText("Waiting for the terminal");
  await expect(page.getByText("Following the charge live…")).toBeVisible();
  await expect(page.getByText(/only while it waits for the terminal/)).toBeVisible();
  const stored = await pointIntentRows(db).where("point_intents.id", "=", localId).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({
    device_id: terminal,
    request_status: "succeeded",
    state: "OPEN",
    amount_minor: 1_234_50,
    currency: "ARS",
    installments: 3,
    installments_cost: "buyer",
    external_reference: reference,
  });
  // One charge for the double click, with the key Cobro stored.
  expect(
    await db.selectFrom("point_intents").select("id").where("external_reference", "=", reference).execute(),
  ).toHaveLength(1);
  const intentId = stored.provider_intent_id ?? "";
  expect(await sandbox("GET", `/point/integration-api/payment-intents/${intentId}`)).toMatchObject({
    amount: 1_234_50,
    description: "Table 4",
    state: "OPEN",
    payment: { installments: 3, installments_cost: "buyer" },
    additional_info: { external_reference: reference, print_on_terminal: true },
  });
  expect(await seriousViolations(page)).toEqual([]);

  // The customer taps the card on the terminal (the sandbox plays the terminal).
  await sandbox("POST", `/__sandbox/point/devices/${terminal}/tap`, {});
  await expect(page.getByTestId("intent-state")).toContainText("Finished", { timeout: 15_000 });
  await expect(page.getByText("The card was charged.")).toBeVisible();
  await expect(page.getByText("Following the charge live…")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel the charge" })).toHaveCount(0);
  const finished = await db.selectFrom("point_intents").selectAll().where("id", "=", localId).executeTakeFirstOrThrow();
  expect(finished.state).toBe("FINISHED");
  // Followed through one server-sent events stream (an EventSource asks for text/event-stream), never polled.
  const streams = calls.filter((call) => call.procedure === "admin.terminals.intentUpdates");
  expect(streams.length).toBeGreaterThanOrEqual(1);
  expect(streams.every((call) => call.accept.includes("text/event-stream"))).toBe(true);
  expect(calls.filter((call) => call.procedure === "admin.terminals.intent")).toEqual([]);
  const paymentId = finished.provider_payment_id ?? 0;
  expect(paymentId).toBeGreaterThan(0);
  await expect(page.getByTestId("intent-payment").getByRole("link")).toHaveAttribute(
    "href",
    `/admin/payments/${paymentId}`,
  );
  expect(
    await db
      .selectFrom("payments")
      .select(["status", "amount_minor", "currency"])
      .where("provider_payment_id", "=", paymentId)
      .executeTakeFirstOrThrow(),
  ).toEqual({ status: "approved", amount_minor: 1_234_50, currency: "ARS" });
  expect(await sandbox("GET", `/v1/payments/${paymentId}`)).toMatchObject({
    status: "approved",
    transaction_amount: 1234.5,
    external_reference: reference,
    operation_type: "pos_payment",
  });
  await page.getByRole("button", { name: "Check Mercado Pago's last event" }).click();
  await expect(page.getByText(/^Finished at /)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The payment opens in Payments; the terminal's page lists the charge; the period's events show it.
  await page.getByTestId("intent-payment").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${paymentId}$`));
  await page.goto(`/admin/terminals/${encodeURIComponent(terminal)}`);
  await expect(page.getByTestId(`terminal-intent-${localId}`)).toContainText("Finished");
  await expect(page.getByTestId(`terminal-intent-${localId}`)).toContainText(`#${paymentId}`);
  await page.goto("/admin/terminals");
  await expect(page.getByTestId("terminal-events")).toContainText(intentId);
  await expect(page.getByTestId("terminal-events")).toContainText(terminal);
});

test("[admin][terminals] a queued charge is cancelled, one on the terminal cannot be; a mode switch says the terminal must restart; a viewer only reads", async ({
  page,
  db,
  signInAs,
}) => {
  const all = await devices();
  const terminal = all.filter((device) => device.operating_mode === "PDV")[1]?.id ?? "";
  const standalone = all.find((device) => device.operating_mode === "STANDALONE")?.id ?? "";
  await signInAs({ role: "operator" });

  const charge = async (amount: string) => {
    await page.goto(`/admin/terminals/${encodeURIComponent(terminal)}`);
    await page.getByRole("button", { name: "Charge on this terminal" }).click();
    const dialog = page.getByRole("dialog", { name: `Charge on ${terminal}` });
    await dialog.getByLabel("Amount (ARS)").fill(amount);
    await dialog.getByRole("button", { name: "Send to the terminal" }).click();
    await page.waitForURL(/\/admin\/terminals\/intents\/[0-9a-f-]{36}$/);
    return page.url().split("/").pop() ?? "";
  };

  const queued = await charge("50");
  await page.getByRole("button", { name: "Cancel the charge" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel this charge?" });
  await expect(confirm).toContainText("cancel it on the terminal itself");
  await confirm.getByRole("button", { name: "Cancel the charge" }).click();
  await expect(page.getByTestId("intent-state")).toContainText("Canceled");
  await expect(page.getByText("The charge was canceled.")).toBeVisible();
  const canceled = await db.selectFrom("point_intents").selectAll().where("id", "=", queued).executeTakeFirstOrThrow();
  expect(canceled.state).toBe("CANCELED");
  expect(
    await sandbox<{ state: string }>("GET", `/point/integration-api/payment-intents/${canceled.provider_intent_id}`),
  ).toMatchObject({ state: "CANCELED" });

  const onTerminal = await charge("60");
  const row = await db.selectFrom("point_intents").selectAll().where("id", "=", onTerminal).executeTakeFirstOrThrow();
  await sandbox("POST", `/__sandbox/point/intents/${row.provider_intent_id}/advance`, { to: "ON_TERMINAL" });
  await expect(page.getByTestId("intent-state")).toContainText("On the terminal", { timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Cancel the charge" })).toHaveCount(0);
  await expect(page.getByText(/cancel it on the terminal itself/)).toBeVisible();
  await sandbox("POST", `/__sandbox/point/intents/${row.provider_intent_id}/advance`, { to: "ERROR" });
  await expect(page.getByTestId("intent-state")).toContainText("Error", { timeout: 15_000 });
  await expect(page.getByText("The charge ended without a payment.")).toBeVisible();

  // Switching a standalone terminal to PDV: the provider's restart rule before and after.
  await page.goto("/admin/terminals");
  await page
    .getByTestId(`terminal-row-${standalone}`)
    .getByRole("button", { name: "Switch to PDV (integrated)" })
    .click();
  const switchDialog = page.getByRole("dialog", { name: `Switch ${standalone} to PDV (integrated)?` });
  await expect(switchDialog).toContainText("only after the terminal restarts");
  expect(await seriousViolations(page)).toEqual([]);
  await switchDialog.getByRole("button", { name: "Switch mode" }).click();
  await expect(page.getByText(/Restart the terminal so that it takes the change/)).toBeVisible();
  await expect(page.getByTestId(`terminal-row-${standalone}`)).toContainText("PDV (integrated)");
  expect((await devices()).find((device) => device.id === standalone)?.operating_mode).toBe("PDV");
  const audit = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_type", "=", "terminal")
    .where("resource_id", "=", standalone)
    .execute();
  expect(audit.map((entry) => entry.action)).toEqual(["terminal.mode_changed"]);
  await page.getByTestId(`terminal-row-${standalone}`).getByRole("button", { name: "Switch to Standalone" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Switch mode" }).click();
  await expect(page.getByTestId(`terminal-row-${standalone}`)).toContainText("Standalone");

  // A viewer reads the terminals and the charges, with no button to act.
  await page.context().clearCookies();
  await signInAs({ role: "viewer" });
  await page.goto("/admin/terminals");
  await expect(page.getByTestId(`terminal-row-${terminal}`)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Switch to/ })).toHaveCount(0);
  await page.goto(`/admin/terminals/${encodeURIComponent(terminal)}`);
  await expect(page.getByTestId(`terminal-intent-${queued}`)).toContainText("Canceled");
  await expect(page.getByRole("button", { name: "Charge on this terminal" })).toHaveCount(0);
});

test("[admin][terminals] a shop order is charged on a terminal: its total and reference go with the charge, and the payment settles it", async ({
  page,
  db,
  signInAs,
}) => {
  const terminal = (await devices()).filter((device) => device.operating_mode === "PDV")[0]?.id ?? "";
  const product = await seedProduct(db, { priceMinor: 80_00 });
  const { checkoutId } = await createCheckout({
    db,
    userId: null,
    items: [{ productId: product.id, quantity: 2 }],
    payer: {
      email: "in-store@testuser.com",
      firstName: "Ana",
      lastName: "Pérez",
      identification: { type: "DNI", number: "12345678" },
    },
    now: new Date(),
  });
  const checkout = await db.selectFrom("checkouts").selectAll().where("id", "=", checkoutId).executeTakeFirstOrThrow();

  await signInAs({ role: "operator" });
  await page.goto(`/admin/terminals/${encodeURIComponent(terminal)}`);
  await page.getByRole("button", { name: "Charge on this terminal" }).click();
  const dialog = page.getByRole("dialog", { name: `Charge on ${terminal}` });
  await dialog.getByLabel("Shop order (checkout id)").fill(checkoutId);
  await dialog.getByRole("button", { name: "Send to the terminal" }).click();
  await page.waitForURL(/\/admin\/terminals\/intents\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("intent-checkout")).toHaveText(`${checkoutId} · Waiting for payment`);
  const localId = page.url().split("/").pop() ?? "";
  const row = await db.selectFrom("point_intents").selectAll().where("id", "=", localId).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ amount_minor: 160_00, external_reference: checkout.external_reference });
  expect(await sandbox("GET", `/point/integration-api/payment-intents/${row.provider_intent_id}`)).toMatchObject({
    amount: 160_00,
    additional_info: { external_reference: checkout.external_reference },
  });

  await sandbox("POST", `/__sandbox/point/devices/${terminal}/tap`, {});
  await expect(page.getByTestId("intent-state")).toContainText("Finished", { timeout: 15_000 });
  await expect(page.getByTestId("intent-checkout")).toHaveText(`${checkoutId} · Paid`);
  const paid = await db.selectFrom("checkouts").selectAll().where("id", "=", checkoutId).executeTakeFirstOrThrow();
  const finished = await db.selectFrom("point_intents").selectAll().where("id", "=", localId).executeTakeFirstOrThrow();
  expect(paid).toMatchObject({ status: "paid", provider_payment_id: finished.provider_payment_id });
  expect(await sandbox("GET", `/v1/payments/${finished.provider_payment_id}`)).toMatchObject({
    status: "approved",
    transaction_amount: 160,
    external_reference: checkout.external_reference,
  });
});

test("[admin][terminals] a charge whose answer was lost is 'not confirmed', never failed; sending the same dialog again makes one intent", async ({
  page,
  db,
  signInAs,
}) => {
  const terminal = (await devices()).filter((device) => device.operating_mode === "PDV")[1]?.id ?? "";
  await signInAs({ role: "operator" });
  await page.goto(`/admin/terminals/${encodeURIComponent(terminal)}`);
  await page.getByRole("button", { name: "Charge on this terminal" }).click();
  const dialog = page.getByRole("dialog", { name: `Charge on ${terminal}` });
  const reference = `lost-${crypto.randomUUID().slice(0, 8)}`;
  await dialog.getByLabel("Amount (ARS)").fill("75");
  await dialog.getByLabel("External reference").fill(reference);
  // The provider queues the intent, then the connection drops before its answer reaches Cobro.
  await sandbox("POST", "/__sandbox/faults", {
    method: "POST",
    path: `/point/integration-api/devices/${terminal}/payment-intents`,
    // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
    action: { type: "commit-then-fail", then: "drop" },
  });
  await dialog.getByRole("button", { name: "Send to the terminal" }).click();
  await expect(dialog.getByText(/the same charge is never made twice/)).toBeVisible();
  const lost = await pointIntentRows(db)
    .where("point_intents.external_reference", "=", reference)
    .executeTakeFirstOrThrow();
  expect(lost).toMatchObject({ request_status: "unknown", provider_intent_id: null });

  await dialog.getByRole("button", { name: "Send to the terminal" }).click();
  await page.waitForURL(new RegExp(`/admin/terminals/intents/${lost.id}$`));
  await expect(page.getByTestId("intent-state")).toContainText("Waiting for the terminal");
  const rows = await pointIntentRows(db).where("point_intents.external_reference", "=", reference).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ request_status: "succeeded", idempotency_key: lost.idempotency_key });
  expect(await sandbox("GET", `/point/integration-api/payment-intents/${rows[0]?.provider_intent_id}`)).toMatchObject({
    state: "OPEN",
    additional_info: { external_reference: reference },
  });
  await page.getByRole("button", { name: "Cancel the charge" }).click();
  await page
    .getByRole("dialog", { name: "Cancel this charge?" })
    .getByRole("button", { name: "Cancel the charge" })
    .click();
  await expect(page.getByTestId("intent-state")).toContainText("Canceled");
});

test("[admin][terminals] in sandbox mode an operator simulates the card tap from the terminal's page (approve, then decline)", async ({
  page,
  db,
  signInAs,
}) => {
  const terminal = (await devices()).filter((device) => device.operating_mode === "PDV").at(-1)?.id ?? "";
  expect(terminal).not.toBe("");
  // Whatever an earlier test left queued on this terminal ends first (the sandbox plays the tap).
  await fetch(`${MAIN_STORE.sandboxUrl}/__sandbox/point/devices/${terminal}/tap`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  await signInAs({ role: "operator" });
  await page.goto(`/admin/terminals/${terminal}`);
  const panel = page.getByRole("region", { name: "Test controls (sandbox only)" });
  await expect(panel.getByText("No charge waits on this terminal.")).toBeVisible();

  for (const [outcome, words, status] of [
    ["approve", "the payment was approved", "approved"],
    ["decline", "the payment was declined", "rejected"],
  ] as const) {
    const reference = `tap-${outcome}-${crypto.randomUUID().slice(0, 8)}`;
    await page.getByRole("button", { name: "Charge on this terminal" }).click();
    const dialog = page.getByRole("dialog", { name: `Charge on ${terminal}` });
    await dialog.getByLabel("Amount (ARS)").fill("321");
    await dialog.getByLabel("External reference").fill(reference);
    await dialog.getByRole("button", { name: "Send to the terminal" }).click();
    await page.waitForURL(/\/admin\/terminals\/intents\/[0-9a-f-]{36}$/);
    await page.goto(`/admin/terminals/${terminal}`);
    await expect(panel.getByText("A charge of")).toBeVisible();
    await panel.getByRole("button", { name: `Simulate: tap card on terminal (${outcome})` }).click();
    await expect(page.getByText(`The sandbox terminal took the card: ${words}.`)).toBeVisible();
    await expect(panel.getByText("No charge waits on this terminal.")).toBeVisible();
    const row = await db
      .selectFrom("point_intents")
      .select(["state", "provider_payment_id"])
      .where("external_reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe("FINISHED");
    const payment = await sandbox<{ status: string }>("GET", `/v1/payments/${row.provider_payment_id}`);
    expect(payment.status).toBe(status);
  }
  expect(await seriousViolations(page)).toEqual([]);
});
