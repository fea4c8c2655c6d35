// Settling staff money actions whose answer was never seen, against a real
// sandbox over HTTP and a real PostgreSQL: the provider's faults leave the
// action unknown, and the sweep then reads what the provider holds.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { PROVIDER_REQUEST_KINDS } from "../../jobs/provider-request-kinds";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { reconcileProviderRequests } from "../provider-requests/reconcile-provider-requests";
import { capturePayment } from "./capture-payment";
import { refundPayment } from "./refund-payment";
import { settleProcessingRefunds } from "./settle-processing-refunds";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;
const operator = await createTestUser({ db, role: "admin" });

/** The sweep as the job runs it (the one reconcile loop, then refunds in process), optionally `minutes` later. */
async function sweep(minutes = 0) {
  const later = new Date(deps.now().getTime() + minutes * 60_000);
  const laterDeps = { ...deps, now: () => later };
  const requests = await reconcileProviderRequests({ deps: laterDeps, kinds: PROVIDER_REQUEST_KINDS });
  const refunds = await settleProcessingRefunds({ deps: laterDeps });
  return {
    settled: requests.settled + refunds.settled,
    failed: requests.failed + refunds.failed,
    open: requests.open + refunds.open,
  };
}

/** A payment action with where its request stands (the ledger holds the status). */
function actionWithStatus(id: string) {
  return db
    .selectFrom("payment_actions")
    .innerJoin("provider_requests", "provider_requests.id", "payment_actions.provider_request_id")
    .select(["provider_requests.status", "payment_actions.completed_at"])
    .where("payment_actions.id", "=", id)
    .executeTakeFirstOrThrow();
}

/** Every attempt of the next call to `path` (the client's retries included) fails as told. */
function failEveryAttempt(method: string, path: string, commit: boolean) {
  env.sandbox.control.addFault({
    method,
    path,
    count: 3,
    action: commit
      ? // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
        { type: "commit-then-fail", then: "status", status: 503 }
      : { type: "status", status: 503 },
  });
}

function refundRow(id: string) {
  return db.selectFrom("refunds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

function auditActions(paymentId: number) {
  return db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_type", "=", "payment")
    .where("resource_id", "=", String(paymentId))
    .orderBy("created_at")
    .execute()
    .then((rows) => rows.map((row) => row.action));
}

describe("the reconcile loop over refunds, captures and cancels", () => {
  it("a refund the provider made but whose answer was lost is settled from the provider's refunds, once", async () => {
    const payment = await env.mirroredPayment({ amount: 300 });
    failEveryAttempt("POST", `/v1/payments/${payment.id}/refunds`, true);
    const outcome = await refundPayment({
      deps,
      actorUserId: operator.id,
      providerPaymentId: payment.id,
      amountMinor: 12_345,
      reason: "requested_by_customer",
      idempotencyKey: randomUUID(),
    });
    expect(outcome.status).toBe("unknown");
    const [providerRefund] = await provider.refunds.list(payment.id);
    expect(providerRefund).toBeDefined();

    const first = await sweep();
    expect(first.settled).toBeGreaterThanOrEqual(1);
    expect(await refundRow(outcome.refundId)).toMatchObject({
      status: "approved",
      provider_refund_id: providerRefund?.id,
      completed_at: expect.any(Date),
    });
    expect(await auditActions(payment.id)).toContain("refund.reconciled");
    const mirror = await db
      .selectFrom("payments")
      .select("refunded_minor")
      .where("provider_payment_id", "=", payment.id)
      .executeTakeFirstOrThrow();
    expect(mirror.refunded_minor).toBe(12_345);

    // Run again: nothing changes, and the same provider refund is never claimed twice.
    await sweep();
    expect((await refundRow(outcome.refundId)).status).toBe("approved");
    expect((await auditActions(payment.id)).filter((action) => action === "refund.reconciled")).toHaveLength(1);
  });

  it("a refund the provider never made stays open for ten minutes, then is recorded as failed and frees the balance", async () => {
    const payment = await env.mirroredPayment({ amount: 100 });
    failEveryAttempt("POST", `/v1/payments/${payment.id}/refunds`, false);
    const outcome = await refundPayment({
      deps,
      actorUserId: operator.id,
      providerPaymentId: payment.id,
      reason: "requested_by_customer",
      idempotencyKey: randomUUID(),
    });
    expect(outcome.status).toBe("unknown");
    expect(await provider.refunds.list(payment.id)).toHaveLength(0);

    await sweep(1);
    expect((await refundRow(outcome.refundId)).status).toBe("unknown");
    await sweep(11);
    expect(await refundRow(outcome.refundId)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/no such refund/),
    });
    expect(await auditActions(payment.id)).toContain("refund.not_found");

    // The whole amount is refundable again, once.
    const retried = await refundPayment({
      deps,
      actorUserId: operator.id,
      providerPaymentId: payment.id,
      reason: "requested_by_customer",
      idempotencyKey: randomUUID(),
    });
    expect(retried).toMatchObject({ status: "approved", amountMinor: 10_000 });
    expect(await provider.refunds.list(payment.id)).toHaveLength(1);
  });

  it("a capture whose answer was lost is settled from the payment, and no longer blocks other actions", async () => {
    const payment = await env.mirroredPayment({ amount: 250, capture: false });
    failEveryAttempt("PUT", `/v1/payments/${payment.id}`, true);
    const outcome = await capturePayment({
      deps,
      actorUserId: operator.id,
      providerPaymentId: payment.id,
      idempotencyKey: randomUUID(),
    });
    expect(outcome.status).toBe("unknown");
    expect(await provider.payments.get(payment.id)).toMatchObject({ status: "approved", captured: true });

    await sweep();
    const action = await actionWithStatus(outcome.actionId);
    expect(action).toMatchObject({ status: "succeeded", completed_at: expect.any(Date) });
    expect(await auditActions(payment.id)).toContain("payment.capture_reconciled");
    const mirror = await db
      .selectFrom("payments")
      .select("status")
      .where("provider_payment_id", "=", payment.id)
      .executeTakeFirstOrThrow();
    expect(mirror.status).toBe("approved");
  });

  it("a capture left pending by a process that died mid-call waits while it may land, then fails and frees the payment", async () => {
    const payment = await env.mirroredPayment({ amount: 150, capture: false });
    const createdAt = new Date(deps.now().getTime() - 60_000);
    const request = await db
      .insertInto("provider_requests")
      .values({
        kind: "payment.capture",
        idempotency_key: randomUUID(),
        provider_account_id: null,
        fingerprint: null,
        status: "pending",
        resource_type: "payment",
        resource_id: String(payment.id),
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const stored = await db
      .insertInto("payment_actions")
      .values({
        provider_payment_id: payment.id,
        kind: "capture",
        amount_minor: null,
        currency: "ARS",
        provider_request_id: request.id,
        created_by: operator.id,
        created_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const statusOf = async () => (await actionWithStatus(stored.id)).status;

    await sweep();
    expect(await statusOf()).toBe("pending");
    await sweep(11);
    expect(await statusOf()).toBe("failed");
    expect(await auditActions(payment.id)).toContain("payment.capture_not_done");

    const captured = await capturePayment({
      deps,
      actorUserId: operator.id,
      providerPaymentId: payment.id,
      idempotencyKey: randomUUID(),
    });
    expect(captured).toMatchObject({ status: "succeeded", paymentStatus: "approved" });
  });

  it("a refund the provider answered `in_process` is re-read by its id until it settles, then shows its outcome", async () => {
    const payment = await env.mirroredPayment({ amount: 200 });
    const outcome = await refundPayment({
      deps,
      actorUserId: operator.id,
      providerPaymentId: payment.id,
      amountMinor: 5_000,
      reason: "requested_by_customer",
      idempotencyKey: randomUUID(),
    });
    const row = await db
      .selectFrom("refunds")
      .selectAll()
      .where("provider_payment_id", "=", payment.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "approved", provider_refund_id: outcome.providerRefundId });
    // As the provider answers a refund it is still moving the money for (the sandbox approves at once).
    await db
      .updateTable("refunds")
      .set({ status: "in_process", completed_at: null })
      .where("id", "=", row.id)
      .execute();
    const result = await sweep();
    expect(result.settled).toBeGreaterThanOrEqual(1);
    const settled = await refundRow(row.id);
    expect(settled.status).toBe("approved");
    expect(settled.completed_at).not.toBeNull();
    expect(await auditActions(payment.id)).toContain("refund.settled");
    // Settled: the next sweep leaves it alone.
    const audits = (await auditActions(payment.id)).filter((action) => action === "refund.settled");
    await sweep();
    expect((await auditActions(payment.id)).filter((action) => action === "refund.settled")).toEqual(audits);
  });
});
