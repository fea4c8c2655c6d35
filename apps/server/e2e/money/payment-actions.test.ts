// The console's money actions on a payment (refund, capture) through the real
// server process, started the way `npm start` starts it, against a sandbox
// started separately. Each action's idempotency key is committed before the
// provider is called, the provider receives exactly that key, and repeating the
// dialog's submit moves no more money: the same key comes back to the same
// single refund or capture.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCardToken } from "../support/card-token";
import { useAdminLiveServerRun } from "../support/live-server-run";
import { withServerDatabase } from "../support/server-database";
import { callProcedure, pollUntil } from "../support/trpc-http";

const live = useAdminLiveServerRun({ name: "payment-actions" });

function call<T>(procedure: string, input: unknown, kind: "query" | "mutation" = "mutation") {
  return callProcedure<T>(live.server.url, live.admin, procedure, input, kind);
}

/** A guest's card payment through the shop; the server mirrors it as it answers. */
async function shopPayment(): Promise<number> {
  const guest = null;
  const catalog = await callProcedure<{ items: { id: string }[] }>(
    live.server.url,
    guest,
    "catalog.list",
    { limit: 1 },
    "query",
  );
  const created = await callProcedure<{ checkoutId: string; checkoutToken: string }>(
    live.server.url,
    guest,
    "checkout.create",
    {
      items: [{ productId: catalog.data?.items[0]?.id ?? "", quantity: 2 }],
      payer: {
        email: "buyer@testuser.com",
        firstName: "Ana",
        lastName: "Pérez",
        identification: { type: "DNI", number: "12345678" },
      },
    },
  );
  if (!created.data) throw new Error(`checkout.create → ${created.status}`);
  const token = await createCardToken({
    providerUrl: live.sandbox.url,
    publicKey: live.sandbox.control.defaultSeller.publicKey,
    cardholder: "APRO",
  });
  const paid = await callProcedure<{ status: string; paymentId: number }>(
    live.server.url,
    guest,
    "checkout.payWithCard",
    {
      checkoutId: created.data.checkoutId,
      checkoutToken: created.data.checkoutToken,
      cardToken: token,
      paymentMethodId: "visa",
      installments: 1,
    },
  );
  if (!paid.data?.paymentId) throw new Error(`checkout.payWithCard → ${paid.status} ${JSON.stringify(paid.error)}`);
  return paid.data.paymentId;
}

async function provider<T>(pathAndQuery: string): Promise<T> {
  const response = await fetch(`${live.sandbox.url}${pathAndQuery}`, {
    headers: { authorization: `Bearer ${live.sandbox.control.defaultSeller.accessToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function rowByKey(table: "refunds" | "payment_actions", key: string) {
  return withServerDatabase(live.server.databaseUrl(), async (client) => {
    // The key lives in the provider request ledger; a refund keeps the provider's word, an action's status is its
    // request's.
    const status = table === "refunds" ? "d.status" : "r.status";
    const { rows } = await client.query(
      `select ${status} as status, d.amount_minor from ${table} d
       join provider_requests r on r.id = d.provider_request_id where r.idempotency_key = $1`,
      [key],
    );
    return rows[0] as { status: string; amount_minor: string } | undefined;
  });
}

describe("[money][console] refunds and captures through the real server process", () => {
  it("a partial refund stores its key before the call, the provider gets that key, and a repeat refunds once", async () => {
    const paymentId = await shopPayment();
    const before = await provider<{ transaction_amount: number; currency_id: string }>(`/v1/payments/${paymentId}`);
    const idempotencyKey = randomUUID();
    const refund = { providerPaymentId: paymentId, amountMinor: 150, reason: "requested_by_customer", idempotencyKey };

    // The provider is slow: while the call is out, the refund (with its key) must already be committed.
    live.sandbox.control.addFault({
      method: "POST",
      path: `/v1/payments/${paymentId}/refunds`,
      action: { type: "latency", ms: 1_500 },
    });
    const refunding = call<{ outcome: string }>("admin.payments.refund", refund);
    const stored = await pollUntil(
      () => rowByKey("refunds", idempotencyKey),
      (row) => row !== undefined,
    );
    expect(stored).toMatchObject({ status: "pending", amount_minor: "150" });
    expect(await provider<unknown[]>(`/v1/payments/${paymentId}/refunds/`)).toHaveLength(0);

    expect((await refunding).data).toMatchObject({ outcome: "done" });
    const refunds = await provider<{ id: number; amount: number }[]>(`/v1/payments/${paymentId}/refunds/`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount).toBe(1.5);

    // The provider holds our key: the same key with the same body is a replay of that refund, not a new one.
    const replay = await fetch(`${live.sandbox.url}/v1/payments/${paymentId}/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${live.sandbox.control.defaultSeller.accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": idempotencyKey,
      },
      body: JSON.stringify({ amount: 1.5 }),
    });
    expect(replay.status).toBeLessThan(300);
    expect(((await replay.json()) as { id: number }).id).toBe(refunds[0]?.id);

    // The dialog submitted again (a double click, a retry after a timeout): one refund still.
    const again = await call<{ outcome: string }>("admin.payments.refund", refund);
    expect(again.data).toMatchObject({ outcome: "done" });
    expect(await provider<unknown[]>(`/v1/payments/${paymentId}/refunds/`)).toHaveLength(1);
    expect(await rowByKey("refunds", idempotencyKey)).toMatchObject({ status: "approved" });
    const after = await provider<{ transaction_amount_refunded: number }>(`/v1/payments/${paymentId}`);
    expect(after.transaction_amount_refunded).toBe(1.5);
    expect(before.transaction_amount).toBeGreaterThan(1.5);
  });

  it("a capture of an authorized payment stores its key before the call and captures once on a repeat", async () => {
    const manual = await call<unknown>("admin.settings.update", { cardCapture: "manual" });
    expect(manual.status).toBe(200);
    const paymentId = await shopPayment();
    const authorized = await provider<{ status: string; captured: boolean }>(`/v1/payments/${paymentId}`);
    expect(authorized).toMatchObject({ status: "authorized", captured: false });

    const idempotencyKey = randomUUID();
    live.sandbox.control.addFault({
      method: "PUT",
      path: `/v1/payments/${paymentId}`,
      action: { type: "latency", ms: 1_500 },
    });
    const capturing = call<{ outcome: string; paymentStatus: string | null }>("admin.payments.capture", {
      providerPaymentId: paymentId,
      idempotencyKey,
    });
    const stored = await pollUntil(
      () => rowByKey("payment_actions", idempotencyKey),
      (row) => row !== undefined,
    );
    expect(stored?.status).toBe("pending");
    expect(await provider<{ captured: boolean }>(`/v1/payments/${paymentId}`)).toMatchObject({ captured: false });

    expect((await capturing).data).toMatchObject({ outcome: "done", paymentStatus: "approved" });
    expect(await provider<{ status: string; captured: boolean }>(`/v1/payments/${paymentId}`)).toMatchObject({
      status: "approved",
      captured: true,
    });
    // The provider holds our key: the same key on another change of this payment is refused.
    const reuse = await fetch(`${live.sandbox.url}/v1/payments/${paymentId}`, {
      method: "PUT",
      headers: {
        authorization: `Bearer ${live.sandbox.control.defaultSeller.accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": idempotencyKey,
      },
      body: JSON.stringify({ status: "cancelled" }),
    });
    expect(reuse.status).toBe(409);
    const again = await call<{ outcome: string }>("admin.payments.capture", {
      providerPaymentId: paymentId,
      idempotencyKey,
    });
    expect(again.data).toMatchObject({ outcome: "done" });
    expect(await rowByKey("payment_actions", idempotencyKey)).toMatchObject({ status: "succeeded" });
    await call<unknown>("admin.settings.update", { cardCapture: "automatic" });
  });
});
