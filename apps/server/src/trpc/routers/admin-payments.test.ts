// The console's payments area against a real sandbox over HTTP and a real PostgreSQL: the list filters and pages
// by keyset over the mirror, the detail's timeline merges states, provider calls, notifications and staff actions,
// the money actions go through, and the CSV export streams exactly the filtered rows to staff only.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { toJsonb } from "../../db/schema";
import { syncPaymentFromProvider } from "../../domain/payments/sync-payment-from-provider";
import { fingerprintOf } from "../../domain/provider-requests/record-provider-request";
import { SYNC_PAYMENTS_JOB } from "../../jobs/job-names";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestCaller, signInAs } from "../../test/test-users";
import { recordWebhookEvent } from "../../webhooks/record-webhook-event";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;
const operator = await signInAs({ db, role: "operator" });
const viewer = await signInAs({ db, role: "viewer" });
const { caller } = await createTestCaller({ deps, cookie: operator.cookie });
const app = createApp(deps);

/** A card payment at the provider, mirrored like the sync job would. */
async function mirroredPayment(options: { amount: number; email?: string; reference?: string; capture?: boolean }) {
  const payment = await provider.payments.create({
    transaction_amount: options.amount,
    token: await env.cardToken("APRO"),
    payment_method_id: "visa",
    installments: 1,
    payer: { email: options.email ?? env.payer().email },
    ...(options.reference ? { external_reference: options.reference } : {}),
    ...(options.capture === false ? { capture: false } : {}),
  });
  await syncPaymentFromProvider({ deps, providerPaymentId: payment.id });
  return payment;
}

const tag = randomUUID().slice(0, 8);
const listed = {
  small: await mirroredPayment({ amount: 10, email: `Small-${tag}@testuser.com`, reference: `ref-small-${tag}` }),
  medium: await mirroredPayment({ amount: 20, reference: `ref-medium-${tag}` }),
  large: await mirroredPayment({ amount: 30 }),
  huge: await mirroredPayment({ amount: 40 }),
  held: await mirroredPayment({ amount: 25, capture: false }),
};

describe("admin.payments.list", () => {
  it("filters by amount range, status, payer e-mail (any case), reference and id", async () => {
    const byAmount = await caller.admin.payments.list({
      filters: { amountMinMinor: 1500, amountMaxMinor: 3000, sort: "amount_asc" },
    });
    expect(byAmount.items.map((item) => item.providerPaymentId)).toEqual([
      listed.medium.id,
      listed.held.id,
      listed.large.id,
    ]);
    expect(byAmount.items[0]?.amount).toEqual({ amountMinor: 2000, currency: "ARS" });

    const authorized = await caller.admin.payments.list({ filters: { status: ["authorized"] } });
    expect(authorized.items.map((item) => item.providerPaymentId)).toEqual([listed.held.id]);

    const byEmail = await caller.admin.payments.list({ filters: { payerEmail: `small-${tag}@TESTUSER.com` } });
    expect(byEmail.items.map((item) => item.providerPaymentId)).toEqual([listed.small.id]);

    const byReference = await caller.admin.payments.list({ filters: { externalReference: `ref-medium-${tag}` } });
    expect(byReference.items.map((item) => item.providerPaymentId)).toEqual([listed.medium.id]);

    const byId = await caller.admin.payments.list({ filters: { providerPaymentId: listed.huge.id } });
    expect(byId.items).toHaveLength(1);
  });

  it("pages by keyset without gaps or repeats, in amount and in creation order", async () => {
    for (const sort of ["amount_desc", "created_asc"] as const) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof caller.admin.payments.list>> = await caller.admin.payments.list({
          filters: { amountMinMinor: 1000, amountMaxMinor: 4000, sort },
          cursor,
          limit: 2,
        });
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((item) => item.providerPaymentId));
        cursor = page.nextCursor;
      } while (cursor !== null);
      const all = Object.values(listed).map((payment) => payment.id);
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...all].sort());
      if (sort === "amount_desc") {
        expect(seen).toEqual([listed.huge.id, listed.large.id, listed.held.id, listed.medium.id, listed.small.id]);
      }
    }
  });

  it("refuses an inverted amount range naming the field", async () => {
    await expect(
      caller.admin.payments.list({ filters: { amountMinMinor: 500, amountMaxMinor: 100 } }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("amountMaxMinor") });
  });
});

describe("admin.payments.get", () => {
  it("a refunded payment's timeline holds its states, the refund, the provider calls and the notification", async () => {
    const payment = await mirroredPayment({ amount: 100 });
    await recordWebhookEvent(db, {
      topic: "payment",
      action: "payment.updated",
      dataId: String(payment.id),
      requestId: randomUUID(),
      payload: { type: "payment", data: { id: String(payment.id) } },
    });
    const result = await caller.admin.payments.refund({
      providerPaymentId: payment.id,
      amountMinor: 2_550,
      reason: "requested_by_customer",
      note: "asked by phone",
      idempotencyKey: randomUUID(),
    });
    expect(result).toEqual({ status: "approved", outcome: "done", paymentStatus: null });
    await env.flushProviderCalls();

    const detail = await caller.admin.payments.get({ providerPaymentId: payment.id });
    expect(detail.refunded).toEqual({ amountMinor: 2_550, currency: "ARS" });
    expect(detail.refundable).toEqual({ amountMinor: 10_000 - 2_550, currency: "ARS" });
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        amount: { amountMinor: 2_550, currency: "ARS" },
        status: "approved",
        note: "asked by phone",
      }),
    ]);
    const kinds = new Set(detail.timeline.map((entry) => entry.kind));
    expect(kinds).toEqual(new Set(["state", "provider_call", "webhook", "staff"]));
    const states = detail.timeline.filter((entry) => entry.kind === "state");
    expect(states.at(-1)).toMatchObject({ status: "approved", refunded: { amountMinor: 2_550 } });
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({
        kind: "provider_call",
        method: "POST",
        path: `/v1/payments/${payment.id}/refunds`,
        status: 201,
      }),
    );
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({
        kind: "staff",
        action: "refund.requested",
        actorEmail: operator.user.email,
        reason: "requested_by_customer",
      }),
    );
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({ kind: "webhook", action: "payment.updated", signatureValid: true, duplicate: false }),
    );
    const times = detail.timeline.map((entry) => entry.at);
    expect(times).toEqual([...times].sort());
  });

  it("an authorized payment shows its hold and capture deadline, and captures for less", async () => {
    const payment = await mirroredPayment({ amount: 80, capture: false });
    const held = await caller.admin.payments.get({ providerPaymentId: payment.id });
    expect(held.authorized).toEqual({ amountMinor: 8_000, currency: "ARS" });
    expect(held.captured.amountMinor).toBe(0);
    const deadline = Date.parse(held.captureDeadline ?? "");
    expect(deadline - Date.parse(held.createdAt)).toBe(5 * 24 * 60 * 60 * 1000);

    const result = await caller.admin.payments.capture({
      providerPaymentId: payment.id,
      amountMinor: 5_000,
      idempotencyKey: randomUUID(),
    });
    expect(result).toMatchObject({ outcome: "done", paymentStatus: "approved" });
    const captured = await caller.admin.payments.get({ providerPaymentId: payment.id });
    expect(captured).toMatchObject({ status: "approved", authorized: null, amount: { amountMinor: 5_000 } });
  });

  it("repeating a refund the provider refused answers `refused` (not done), and sends nothing again", async () => {
    const payment = await mirroredPayment({ amount: 60 });
    const idempotencyKey = randomUUID();
    const intent = {
      kind: "payment.refund",
      body: { amountMinor: 1_000 },
      resource: { type: "payment", id: String(payment.id) },
    };
    const request = await db
      .insertInto("provider_requests")
      .values({
        kind: intent.kind,
        idempotency_key: idempotencyKey,
        provider_account_id: null,
        fingerprint: fingerprintOf(intent),
        status: "failed",
        error: toJsonb({ type: "refused", httpStatus: 400, code: null, message: "Mercado Pago refused the refund." }),
        resource_type: intent.resource.type,
        resource_id: intent.resource.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("refunds")
      .values({
        provider_payment_id: payment.id,
        amount_minor: 1_000,
        currency: "ARS",
        status: "failed",
        provider_request_id: request.id,
        reason: "duplicate",
        error: "Mercado Pago refused the refund.",
      })
      .execute();
    const result = await caller.admin.payments.refund({
      providerPaymentId: payment.id,
      amountMinor: 1_000,
      reason: "duplicate",
      idempotencyKey,
    });
    expect(result).toMatchObject({ status: "failed", outcome: "refused" });
    expect(await provider.refunds.list(payment.id)).toHaveLength(0);
  });

  it("raw gives the provider's body; an unknown id is NOT_FOUND", async () => {
    const { snapshot } = await caller.admin.payments.raw({ providerPaymentId: listed.small.id });
    expect(snapshot).toMatchObject({ id: listed.small.id, transaction_amount: 10 });
    await expect(caller.admin.payments.get({ providerPaymentId: 999_999_999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("sync", () => {
  it("syncNow queues the sync job under one singleton key; syncStatus reads its state", async () => {
    expect(await caller.admin.payments.syncNow()).toEqual({ queued: true });
    expect(deps.enqueuedJobs.at(-1)).toMatchObject({
      name: SYNC_PAYMENTS_JOB,
      options: { singletonKey: expect.any(String) },
    });
    await db
      .insertInto("provider_sync_state")
      .values({ resource: "payments", last_applied: 7, last_error: "boom", last_finished_at: new Date() })
      .onConflict((conflict) => conflict.column("resource").doUpdateSet({ last_applied: 7, last_error: "boom" }))
      .execute();
    expect(await caller.admin.payments.syncStatus()).toMatchObject({ lastApplied: 7, lastError: "boom" });
  });
});

describe("GET /api/admin/payments.csv", () => {
  it("streams the filtered rows with decimal amounts as an attachment", async () => {
    const response = await app.request(`/api/admin/payments.csv?amountMin=1500&amountMax=3000&sort=amount_asc`, {
      headers: { cookie: viewer.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="payments-.*\.csv"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^payment_id,created_at,status,/);
    expect(lines.slice(1).map((line) => Number(line.split(",")[0]))).toEqual([
      listed.medium.id,
      listed.held.id,
      listed.large.id,
    ]);
    expect(lines[1]).toContain(",20.00,0.00,ARS,");
  });

  it("pages through more rows than one page holds, each row once", async () => {
    // 250 mirror rows (2½ pages of the export's reads) under a method of their own.
    await db
      .insertInto("payments")
      .columns(["provider_payment_id", "status", "amount_minor", "currency", "payment_method_id", "snapshot"])
      .expression((eb) =>
        eb
          .selectFrom(sql<{ n: number }>`generate_series(1, 250)`.as("g"))
          .select([
            sql<number>`8000000000 + g`.as("provider_payment_id"),
            sql<string>`'approved'`.as("status"),
            sql<number>`g * 100`.as("amount_minor"),
            sql<string>`'ARS'`.as("currency"),
            sql<string>`'csvbulk'`.as("payment_method_id"),
            sql<string>`'{}'::jsonb`.as("snapshot"),
          ]),
      )
      .execute();
    const response = await app.request("/api/admin/payments.csv?method=csvbulk&sort=amount_asc", {
      headers: { cookie: viewer.cookie },
    });
    const ids = (await response.text())
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((line) => Number(line.split(",")[0]));
    expect(ids).toEqual(Array.from({ length: 250 }, (_, index) => 8_000_000_001 + index));
  });

  it("is refused to the anonymous (401), to shoppers (403), and for a bad filter (400 naming it)", async () => {
    expect((await app.request("/api/admin/payments.csv")).status).toBe(401);
    const shopper = await signInAs({ db, role: "shopper" });
    expect((await app.request("/api/admin/payments.csv", { headers: { cookie: shopper.cookie } })).status).toBe(403);
    const bad = await app.request("/api/admin/payments.csv?amountMin=abc", { headers: { cookie: viewer.cookie } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("amountMinMinor");
  });
});
