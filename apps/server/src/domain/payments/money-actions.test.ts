// Staff money actions (refund, capture, cancel) against a real sandbox over
// HTTP and a real PostgreSQL: each refusal is clear and sends nothing, and each
// intent moves money at most once, whatever is repeated or runs concurrently.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { cancelPayment } from "./cancel-payment";
import { capturePayment } from "./capture-payment";
import { refundPayment } from "./refund-payment";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;
const operator = await createTestUser({ db, role: "admin" });

function mirroredPayment(options: { cardholder?: string; amount?: number; capture?: boolean } = {}) {
  return env.mirroredPayment({ amount: 1000, ...options });
}

function refund(providerPaymentId: number, amountMinor?: number, idempotencyKey = randomUUID()) {
  return refundPayment({
    deps,
    actorUserId: operator.id,
    providerPaymentId,
    ...(amountMinor !== undefined ? { amountMinor } : {}),
    reason: "customer_request",
    idempotencyKey,
  });
}

async function providerRefundsOf(paymentId: number) {
  return provider.refunds.list(paymentId);
}

function mirrorOf(paymentId: number) {
  return db.selectFrom("payments").selectAll().where("provider_payment_id", "=", paymentId).executeTakeFirstOrThrow();
}

describe("refundPayment", () => {
  it("a partial refund lowers what is left; the mirror and the refund row say so", async () => {
    const payment = await mirroredPayment({ amount: 1000 });
    const outcome = await refund(payment.id, 25_050);
    expect(outcome).toMatchObject({ status: "approved", amountMinor: 25_050, currency: "ARS" });
    expect(outcome.providerRefundId).toEqual(expect.any(Number));
    expect(await mirrorOf(payment.id)).toMatchObject({ status: "approved", refunded_minor: 25_050 });
    expect(
      await db.selectFrom("refunds").selectAll().where("id", "=", outcome.refundId).executeTakeFirstOrThrow(),
    ).toMatchObject({ status: "approved", reason: "customer_request", created_by: operator.id });
    // What is left (74 949.50) refunds in full; the payment is then refunded.
    expect((await refund(payment.id)).amountMinor).toBe(74_950);
    expect((await mirrorOf(payment.id)).status).toBe("refunded");
  });

  it("more than is left → a clear error naming the amount, and nothing sent", async () => {
    const payment = await mirroredPayment({ amount: 100 });
    await expect(refund(payment.id, 10_001)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "amountMinor",
      reason: "refund_exceeds_balance",
    });
    expect(await providerRefundsOf(payment.id)).toHaveLength(0);
  });

  it("two concurrent full refunds (two dialogs) → one refund; the other is refused", async () => {
    const payment = await mirroredPayment({ amount: 500 });
    const results = await Promise.allSettled([refund(payment.id), refund(payment.id)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    // Refused while the first is in flight (nothing left) or after it (the payment is refunded).
    const refused = results.find((result) => result.status === "rejected");
    expect(["refund_exceeds_balance", "payment_not_refundable"]).toContain(
      (refused as PromiseRejectedResult | undefined)?.reason?.reason,
    );
    expect(await providerRefundsOf(payment.id)).toHaveLength(1);
  });

  it("the same dialog twice (double click, reload) → one provider refund", async () => {
    const payment = await mirroredPayment({ amount: 300 });
    const key = randomUUID();
    const first = await refund(payment.id, 10_000, key);
    const again = await refund(payment.id, 10_000, key);
    expect(again).toEqual(first);
    expect(await providerRefundsOf(payment.id)).toHaveLength(1);
  });

  it("over the sandbox's commit-then-fail fault: exactly one provider refund and the row completed", async () => {
    const payment = await mirroredPayment({ amount: 200 });
    env.sandbox.control.addFault({
      method: "POST",
      path: `/v1/payments/${payment.id}/refunds`,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "status" },
    });
    const outcome = await refund(payment.id);
    expect(outcome.status).toBe("approved");
    expect(await providerRefundsOf(payment.id)).toHaveLength(1);
    expect(
      await db
        .selectFrom("refunds")
        .select(["status", "completed_at"])
        .where("id", "=", outcome.refundId)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ status: "approved", completed_at: expect.any(Date) });
  });

  it("a rejected payment cannot be refunded", async () => {
    const payment = await mirroredPayment({ cardholder: "OTHE" });
    await expect(refund(payment.id)).rejects.toMatchObject({ reason: "payment_not_refundable" });
  });
});

describe("capturePayment and cancelPayment", () => {
  const action = (providerPaymentId: number) => ({
    deps,
    actorUserId: operator.id,
    providerPaymentId,
    idempotencyKey: randomUUID(),
  });

  it("captures an authorized payment for less", async () => {
    const payment = await mirroredPayment({ amount: 1000, capture: false });
    expect((await mirrorOf(payment.id)).status).toBe("authorized");
    const outcome = await capturePayment({ ...action(payment.id), amountMinor: 80_000 });
    expect(outcome).toMatchObject({ status: "succeeded", paymentStatus: "approved" });
    expect(await mirrorOf(payment.id)).toMatchObject({ status: "approved", amount_minor: 80_000 });
  });

  it("capturing a payment that is not authorized → a clear error, nothing sent", async () => {
    const payment = await mirroredPayment();
    await expect(capturePayment(action(payment.id))).rejects.toMatchObject({ reason: "payment_not_capturable" });
    expect(
      await db.selectFrom("payment_actions").select("id").where("provider_payment_id", "=", payment.id).execute(),
    ).toHaveLength(0);
  });

  it("cancelling an approved payment → a clear error; a pending one cancels", async () => {
    const approved = await mirroredPayment();
    await expect(cancelPayment(action(approved.id))).rejects.toMatchObject({ reason: "payment_not_cancellable" });
    const pending = await mirroredPayment({ cardholder: "CONT" });
    const outcome = await cancelPayment(action(pending.id));
    expect(outcome).toMatchObject({ status: "succeeded", paymentStatus: "cancelled" });
    expect((await mirrorOf(pending.id)).status).toBe("cancelled");
  });
});
